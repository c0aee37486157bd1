import type zhCN from './zh-CN.ts';

/** Namespace `data-backup` in English, typed against the Chinese keys. */
const enUS: Record<keyof typeof zhCN, string> = {
  'form.title': 'New backup',
  'form.backupDir': 'Backup folder name',
  'form.backupDirTip': 'Letters, digits, dots, underscores or hyphens, at most {{max}} characters',
  'form.backupDirRequired': 'Enter the backup folder name',
  'form.started': 'The backup has started',
  'form.projects': 'Projects',
  'form.tasks': 'Tasks',
  'form.dates': 'Created between',
  'form.hint':
    'Choose projects, tasks or a date range (at least one): their readings, pictures, scans and reports are backed up',
  'form.start': 'Start backup',
  'list.title': 'Backups',
  'list.backupDir': 'Folder',
  'list.state': 'State',
  'list.contents': 'Contents',
  'list.size': 'Size',
  'list.createdBy': 'Created by',
  'list.createdAt': 'Created at',
  'list.lastRestore': 'Last restore',
  'list.download': 'Download',
  'list.restore': 'Restore',
  'list.restoreConfirm':
    'Restore this backup into your company? Data that exists stays as it is; only what is missing comes back.',
  'list.delete': 'Delete',
  'list.deleteConfirm': 'Delete this backup and its archive?',
  'list.counts':
    'Tasks {{tasks}}, sites {{sites}}, readings {{readings}}, pictures {{pictures}}, scans {{scans}}, reports {{reports}}, house maps {{plans}}, standards {{standards}}',
  'list.added': 'Added: {{counts}}',
  'state.queued': 'Queued',
  'state.running': 'Running',
  'state.ready': 'Done',
  'state.failed': 'Failed',
  'list.empty': 'No backups yet',
};
export default enUS;
