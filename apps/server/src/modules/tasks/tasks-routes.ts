import { taskDeviceRoutes, tasksRoutes } from '@measure/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { downloadName } from '../../core/download-names.ts';
import { requireFeature } from '../../core/feature-gate.ts';
import { REPLY_SENT, registerRoute } from '../../core/register-route.ts';
import { sendWorkbook } from '../../core/file-reply.ts';
import type { Services } from '../../services.ts';
import { deviceKeyInvalid } from '../devices/devices-service.ts';
import { sendPlan } from '../house-maps/plan-reply.ts';
import { buildTaskSheet } from './tasks-sheet.ts';

const callingDevice = (request: FastifyRequest) => {
  if (!request.device) throw deviceKeyInvalid();
  return request.device;
};

/** Tasks (/api/ms/MsTask) and the task side of the device API (/api/device/v1/Tasks). */
export function registerTasksRoutes(
  app: FastifyInstance,
  { tasks, taskDevice, featureGate }: Services,
): void {
  // Dispatching to robots (plan, check, change the device) is gated by EnabledRobotTask.
  const robotTask = { gate: requireFeature(featureGate, 'robotTask') };
  registerRoute(
    app,
    tasksRoutes.addTask,
    async ({ body, user, request, setMessage }) => {
      const id = await tasks.add(user, body, request.lang);
      setMessage('tasks.created');
      return id;
    },
    robotTask,
  );
  registerRoute(
    app,
    tasksRoutes.checkTask,
    async ({ body, user, request }) => tasks.check(user, body, request.lang),
    robotTask,
  );
  registerRoute(app, tasksRoutes.getTaskList, async ({ body, user, request }) =>
    tasks.list(user, body, request.lang),
  );
  registerRoute(app, tasksRoutes.exportTaskList, async ({ body, user, request, reply }) => {
    const file = await buildTaskSheet(await tasks.exportRows(user, body, request.lang), request.lang);
    await sendWorkbook(reply, file, downloadName('tasks', request.lang));
    return REPLY_SENT;
  });
  registerRoute(app, tasksRoutes.getTask, async ({ body, user, request }) =>
    tasks.get(user, body.TaskId, request.lang),
  );
  registerRoute(app, tasksRoutes.deleteTask, async ({ body, user, request, setMessage }) => {
    const deleted = await tasks.delete(user, body.Ids, request.lang);
    setMessage('tasks.deleted', { count: deleted });
    return { Deleted: deleted };
  });
  registerRoute(app, tasksRoutes.cancelTask, async ({ body, user, request, setMessage }) => {
    const row = await tasks.cancel(user, body.TaskId, request.lang);
    setMessage('tasks.cancelled');
    return row;
  });
  registerRoute(
    app,
    tasksRoutes.reassignTask,
    async ({ body, user, request, setMessage }) => {
      const row = await tasks.reassign(user, body, request.lang);
      setMessage('tasks.reassigned');
      return row;
    },
    robotTask,
  );
  registerRoute(app, tasksRoutes.getTaskOptions, async ({ body, user, request }) =>
    tasks.options(user, body.ProjectId, request.lang),
  );
  registerRoute(app, tasksRoutes.getMyTasks, async ({ body, user, request }) =>
    tasks.mine(user, body, request.lang),
  );
  registerRoute(app, tasksRoutes.startTask, async ({ body, user, request, setMessage }) => {
    const row = await tasks.move(user, body.TaskId, 'inProgress', request.lang);
    setMessage('tasks.started');
    return row;
  });
  registerRoute(app, tasksRoutes.finishTask, async ({ body, user, request, setMessage }) => {
    const row = await tasks.move(user, body.TaskId, 'uploaded', request.lang);
    setMessage('tasks.finished');
    return row;
  });

  registerRoute(app, taskDeviceRoutes.tasks, async ({ request }) =>
    taskDevice.tasks(callingDevice(request), request.lang),
  );
  registerRoute(app, taskDeviceRoutes.workPackage, async ({ params, request }) =>
    taskDevice.workPackage(
      callingDevice(request),
      params.TaskId,
      `${request.protocol}://${request.host}`,
      request.lang,
    ),
  );
  registerRoute(app, taskDeviceRoutes.planFile, async ({ params, request, reply }) => {
    const { houseMap, data } = await taskDevice.planFile(
      callingDevice(request),
      params.TaskId,
      params.HouseMapId,
    );
    return sendPlan(reply, houseMap, data, 'attachment');
  });
  registerRoute(app, taskDeviceRoutes.start, async ({ params, request }) =>
    taskDevice.move(callingDevice(request), params.TaskId, 'inProgress', request.lang),
  );
  registerRoute(app, taskDeviceRoutes.finish, async ({ params, request }) =>
    taskDevice.move(callingDevice(request), params.TaskId, 'uploaded', request.lang),
  );
}
