import {
  commentRoutes,
  workOrderPictureFieldsSchema,
  workOrderPictureRoutes,
  workOrdersRoutes,
} from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { sendPrivateFile } from '../../core/file-reply.ts';
import { parseFormFields } from '../../core/form-fields.ts';
import { downloadName } from '../../core/download-names.ts';
import { REPLY_SENT, registerRoute } from '../../core/register-route.ts';
import { sendWorkbook } from '../../core/file-reply.ts';
import { acceptPictureUploads, readPictureUpload } from './work-order-picture-file.ts';
import { buildWorkOrderSheet } from './work-orders-sheet.ts';
import type { Services } from '../../services.ts';

/** Work orders (/api/rs/WorkOrder, /api/rs/WorkOrderMap). */
export async function registerWorkOrdersRoutes(
  app: FastifyInstance,
  { workOrders, workOrderComments, workOrderPictures }: Services,
): Promise<void> {
  registerRoute(app, commentRoutes.getCommentList, async ({ body, user }) =>
    workOrderComments.list(user, body),
  );
  registerRoute(app, commentRoutes.addComment, async ({ body, user, setMessage }) => {
    const id = await workOrderComments.add(user, body);
    setMessage('workOrders.commentAdded');
    return id;
  });
  registerRoute(app, workOrdersRoutes.add, async ({ body, user, setMessage }) => {
    const { id, number } = await workOrders.add(user, body);
    setMessage('workOrders.created', { number });
    return id;
  });
  registerRoute(app, workOrdersRoutes.addFromTask, async ({ body, user, setMessage }) => {
    const result = await workOrders.addFromTask(user, body);
    setMessage('workOrders.createdMany', { count: result.Created });
    return result;
  });
  registerRoute(app, workOrdersRoutes.list, async ({ body, user }) => workOrders.list(user, body));
  registerRoute(app, workOrdersRoutes.exportWorkOrderList, async ({ body, user, request, reply }) => {
    const file = await buildWorkOrderSheet(await workOrders.exportRows(user, body), request.lang);
    await sendWorkbook(reply, file, downloadName('workOrders', request.lang));
    return REPLY_SENT;
  });
  registerRoute(app, workOrdersRoutes.get, async ({ body, user, request }) =>
    workOrders.get(user, body.WorkOrderId, request.lang),
  );
  registerRoute(app, workOrdersRoutes.getWorkOrderMapProjects, async ({ user }) => workOrders.projects(user));
  registerRoute(app, workOrdersRoutes.assign, async ({ body, user, request, setMessage }) => {
    const row = await workOrders.assign(user, body.WorkOrderId, body.AssigneeId, request.lang);
    setMessage('workOrders.assigned');
    return row;
  });
  registerRoute(app, workOrdersRoutes.start, async ({ body, user, request, setMessage }) => {
    const row = await workOrders.start(user, body.WorkOrderId, request.lang);
    setMessage('workOrders.started');
    return row;
  });
  registerRoute(app, workOrdersRoutes.complete, async ({ body, user, request, setMessage }) => {
    const row = await workOrders.complete(
      user,
      body.WorkOrderId,
      body.Remark,
      body.PictureFileIds ?? [],
      request.lang,
    );
    setMessage('workOrders.completed');
    return row;
  });
  registerRoute(app, workOrdersRoutes.createRemeasureTask, async ({ body, user, request, setMessage }) => {
    const taskId = await workOrders.createRemeasureTask(user, body.WorkOrderId, request.lang);
    setMessage('workOrders.remeasureCreated');
    return taskId;
  });
  registerRoute(app, workOrderPictureRoutes.getPicture, async ({ params, user, reply }) => {
    await sendPrivateFile(reply, await workOrderPictures.picture(user, params.WorkOrderId, params.FileId));
    return REPLY_SENT;
  });
  registerRoute(app, workOrderPictureRoutes.getPlan, async ({ body, user }) =>
    workOrderPictures.plan(user, body),
  );
  registerRoute(app, workOrderPictureRoutes.getPinnedPlaces, async ({ body, user }) =>
    workOrderPictures.pinnedPlaces(user, body),
  );
  // The photo upload gets its own scope: the multipart parser and its 10 MB limit apply to it alone.
  await app.register(async (scope) => {
    await acceptPictureUploads(scope);
    registerRoute(scope, workOrderPictureRoutes.uploadPicture, async ({ request, user, setMessage }) => {
      const upload = await readPictureUpload(request);
      const fields = parseFormFields(workOrderPictureFieldsSchema, upload.fields);
      const stored = await workOrderPictures.upload(user, fields.WorkOrderId, upload.file);
      setMessage('workOrders.pictureUploaded');
      return stored;
    });
  });
}
