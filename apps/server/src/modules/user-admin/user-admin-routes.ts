import { userAdminRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { downloadName } from '../../core/download-names.ts';
import { REPLY_SENT, registerRoute } from '../../core/register-route.ts';
import { sendWorkbook } from '../../core/file-reply.ts';
import type { Services } from '../../services.ts';
import { acceptSingleFileUploads, singleFile } from './upload.ts';
import { buildTemplate } from './user-import-sheet.ts';
import { buildUserListSheet } from './user-list-sheet.ts';

/** Company user administration and the Excel import (spec section 7, /api/sys/User and /api/sys/user). */
export async function registerUserAdminRoutes(
  app: FastifyInstance,
  { userAdmin, userImport }: Services,
): Promise<void> {
  registerRoute(app, userAdminRoutes.getUserList, async ({ body, user }) => userAdmin.page(user, body));
  registerRoute(app, userAdminRoutes.exportUserList, async ({ body, user, request, reply }) => {
    const file = await buildUserListSheet(await userAdmin.exportRows(user, body), request.lang);
    await sendWorkbook(reply, file, downloadName('users', request.lang));
    return REPLY_SENT;
  });
  registerRoute(app, userAdminRoutes.getCompanyUserList, async ({ user }) => userAdmin.companyUsers(user));
  registerRoute(app, userAdminRoutes.getUser, async ({ body, user }) => userAdmin.get(user, body.UserId));

  registerRoute(app, userAdminRoutes.createUser, async ({ body, user, setMessage }) => {
    const created = await userAdmin.create(user, body);
    setMessage('users.created');
    return created;
  });
  registerRoute(app, userAdminRoutes.editUser, async ({ body, user, setMessage }) => {
    const edited = await userAdmin.edit(user, body);
    setMessage('users.saved');
    return edited;
  });
  registerRoute(app, userAdminRoutes.deleteUsers, async ({ body, user, setMessage }) => {
    await userAdmin.delete(user, body.Ids);
    setMessage('users.deleted');
    return null;
  });
  registerRoute(app, userAdminRoutes.updateUserStatus, async ({ body, user, setMessage }) => {
    await userAdmin.setStatus(user, body.Ids, body.Status);
    setMessage('users.statusUpdated');
    return null;
  });
  registerRoute(app, userAdminRoutes.resetPassword, async ({ body, user, setMessage }) => {
    await userAdmin.resetPassword(user, body.UserId, body.Password);
    setMessage('users.passwordResetByAdmin');
    return null;
  });

  registerRoute(app, userAdminRoutes.importTemplate, async ({ request, reply }) => {
    const file = await buildTemplate();
    await sendWorkbook(reply, file, downloadName('userImportTemplate', request.lang));
    return REPLY_SENT;
  });
  // The upload gets its own scope: the multipart parser and its size limit apply to it alone.
  await app.register(async (scope) => {
    await acceptSingleFileUploads(scope);
    registerRoute(scope, userAdminRoutes.importPreview, async ({ request, user }) => {
      const file = await singleFile(request);
      return userImport.preview(user, file.data, request.lang);
    });
  });
  registerRoute(app, userAdminRoutes.importCommit, async ({ body, user, setMessage }) => {
    const imported = await userImport.commit(user, body.ImportId, body.InitialPassword);
    setMessage('import.committed', { count: imported });
    return { Imported: imported };
  });
}
