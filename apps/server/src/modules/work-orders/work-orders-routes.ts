import {
  commentRoutes,
  LIST_EXPORT_MAX_ROWS,
  workOrderPictureFieldsSchema,
  workOrderPictureRoutes,
  workOrdersRoutes,
} from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../core/app-error.ts';
import { sendPrivateFile } from '../../core/file-reply.ts';
import { parseFormFields } from '../../core/form-fields.ts';
import { REPLY_SENT, registerRoute } from '../../core/register-route.ts';
import { sendWorkbook } from '../../core/xlsx-reply.ts';
import { acceptPictureUploads, checkPicture, readPictureUpload } from './work-order-picture-file.ts';
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
    const page = await workOrders.list(user, { ...body, PageSize: LIST_EXPORT_MAX_ROWS, CurrentPage: 1 });
    const name = request.lang === 'zh-CN' ? '工单列表.xlsx' : 'work-orders.xlsx';
    await sendWorkbook(reply, await buildWorkOrderSheet(page.Items, request.lang), 'work-orders.xlsx', name);
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
      if (!request.isMultipart()) throw badRequest('errors.multipartInvalid');
      const upload = await readPictureUpload(request);
      const fields = parseFormFields(workOrderPictureFieldsSchema, upload.fields);
      await workOrderPictures.checkUploader(user, fields.WorkOrderId);
      const stored = await workOrderPictures.store(user, await checkPicture(upload.file));
      setMessage('workOrders.pictureUploaded');
      return stored;
    });
  });
}
