import { demoAreaRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { sendPrivateFile } from '../../core/file-reply.ts';
import { REPLY_SENT, registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

/**
 * The demo area (/api/ms/DemoArea): reads only, for every signed-in user of any company (access
 * 'authenticated': the guard refuses calls without a session; the caller's company is not read).
 */
export function registerDemoAreaRoutes(app: FastifyInstance, { demoArea }: Services): void {
  registerRoute(app, demoAreaRoutes.getDemoProjectList, async ({ body }) => demoArea.projects(body));
  registerRoute(app, demoAreaRoutes.getDemoTaskList, async ({ body, request }) =>
    demoArea.tasks(body, request.lang),
  );
  registerRoute(app, demoAreaRoutes.getDemoTask, async ({ body, request }) =>
    demoArea.task(body.TaskId, request.lang),
  );
  registerRoute(app, demoAreaRoutes.getDemoSite, async ({ body, request }) =>
    demoArea.site(body.TaskId, body.PointIndex, request.lang),
  );
  registerRoute(app, demoAreaRoutes.getDemoPicture, async ({ params, query, reply }) => {
    await sendPrivateFile(reply, await demoArea.picture(params, query.Annotated === 'true'));
    return REPLY_SENT;
  });
  registerRoute(app, demoAreaRoutes.getDemoExternalWall, async ({ body, request }) =>
    demoArea.externalWall(body.TaskId, request.lang),
  );
}
