import { dataBackupRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { contentDispositionOf } from '../../core/file-reply.ts';
import { REPLY_SENT, registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

/** Data backup (issue 34 item 4): `POST /api/sys/Vision/Backup` and the list, download, restore, delete. */
export function registerDataBackupRoutes(app: FastifyInstance, { dataBackup }: Services): void {
  registerRoute(app, dataBackupRoutes.startBackup, async ({ body, user, setMessage }) => {
    const BackupId = await dataBackup.start(user, body);
    setMessage('dataBackup.started');
    return { BackupId };
  });
  registerRoute(app, dataBackupRoutes.getBackupList, async ({ user, request }) =>
    dataBackup.list(user, request.lang),
  );
  registerRoute(app, dataBackupRoutes.downloadBackup, async ({ body, user, reply }) => {
    const file = await dataBackup.download(user, body.BackupId);
    await reply
      .header('Content-Disposition', contentDispositionOf(file.fileName, 'attachment'))
      .header('Content-Length', String(file.size))
      .header('Cache-Control', 'private, no-store')
      .type('application/x-tar')
      .send(file.stream);
    return REPLY_SENT;
  });
  registerRoute(app, dataBackupRoutes.restoreBackup, async ({ body, user, setMessage }) => {
    const RestoreId = await dataBackup.restore(user, body.BackupId);
    setMessage('dataBackup.restoreStarted');
    return { RestoreId };
  });
  registerRoute(app, dataBackupRoutes.deleteBackup, async ({ body, user, setMessage }) => {
    await dataBackup.delete(user, body.BackupId);
    setMessage('dataBackup.deleted');
    return null;
  });
}
