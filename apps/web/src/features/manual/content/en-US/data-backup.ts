import type { ManualPart } from '../types.ts';

/** The data backup page. */
const dataBackup = {
  taskDataBackup: {
    title: 'Data backup',
    paragraphs: [
      'A company administrator backs up chosen projects, tasks or a date range (sites, readings, their change history, pictures, scans and rendered reports) into one archive in the object store, to download it or restore it into the company later.',
    ],
    steps: [
      'Type a folder name for the backup (letters, digits, dots, underscores and hyphens, at most 64 characters), choose projects, tasks or a date range (at least one), and start the backup.',
      'The list refreshes every second while a backup or restore runs, with its progress, the counts of what it holds and its size; a finished backup can be downloaded.',
      'Restore puts the backup’s data back into the company after you confirm; what already exists stays as it is, so restoring the same backup twice adds nothing.',
    ],
    rules: [
      'A backup of nothing cannot start. A restore first checks the whole archive (the SHA-256 and size of every file); a damaged archive changes nothing.',
      'A backup restores only into the company that made it.',
    ],
  },
} satisfies ManualPart;

export default dataBackup;
