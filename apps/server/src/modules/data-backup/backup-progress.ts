import type { DataBackupState } from '@measure/contract';
import type { Database } from '../../db/client.ts';
import { raiseBackupEvent } from '../events/live-events.ts';
import {
  type DataBackupRecord,
  DataBackupRepository,
  type DataRestoreRecord,
} from './data-backup-repository.ts';

/**
 * A backup's or restore's state and progress written with its live event (`backup`), in one
 * transaction: the event is sent when the change commits (measurement-api.md section 10), so an
 * open backup page follows the job without polling.
 */
export async function saveBackup(
  db: Database,
  companyId: string,
  backupId: string,
  values: Partial<DataBackupRecord>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await new DataBackupRepository(tx).updateBackup(companyId, backupId, values);
    if (row)
      await raiseBackupEvent(tx, companyId, {
        BackupId: backupId,
        RestoreId: null,
        State: row.state as DataBackupState,
        Progress: row.progress,
      });
  });
}

/** A restore's state and progress with its live event (see `saveBackup`). */
export async function saveRestore(
  db: Database,
  companyId: string,
  restoreId: string,
  values: Partial<DataRestoreRecord>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await new DataBackupRepository(tx).updateRestore(companyId, restoreId, values);
    if (row)
      await raiseBackupEvent(tx, companyId, {
        BackupId: row.backupId,
        RestoreId: restoreId,
        State: row.state as DataBackupState,
        Progress: row.progress,
      });
  });
}
