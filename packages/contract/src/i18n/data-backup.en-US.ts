import type { dataBackupMessagesZhCN } from './data-backup.zh-CN.ts';

/** Data backup messages (English), typed against the Chinese keys. */
export const dataBackupMessagesEnUS: Record<keyof typeof dataBackupMessagesZhCN, string> = {
  'dataBackup.dirInvalid':
    'The backup folder name may hold letters, digits, dots, underscores and hyphens only, and must not start with a dot',
  'dataBackup.nothingChosen':
    'Choose projects, tasks or a date range to back up: a backup of nothing is refused',
  'dataBackup.tooManyTasks': 'The chosen range holds more than {max} tasks; narrow it',
  'dataBackup.nothingFound': 'The chosen range holds no task to back up',
  'dataBackup.notFound': 'The backup does not exist or you may not see it',
  'dataBackup.notReady': 'The backup is not finished yet',
  'dataBackup.busy': 'A backup or restore is running; try again later',
  'dataBackup.failed': 'The backup failed',
  'dataBackup.restoreFailed': 'The restore failed; nothing was changed',
  'dataBackup.interrupted':
    'The server stopped while this was running and it could not be resumed; nothing was changed: start it again',
  'dataBackup.damaged': 'The backup archive is damaged ({reason}); nothing was changed',
  'dataBackup.otherCompany': 'The backup belongs to another company and cannot be restored here',
  'dataBackup.started': 'The backup has started',
  'dataBackup.restoreStarted': 'The restore has started',
  'dataBackup.deleted': 'The backup was deleted',
};
