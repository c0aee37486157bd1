import { projectsRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { downloadName } from '../../core/download-names.ts';
import { REPLY_SENT, registerRoute } from '../../core/register-route.ts';
import { sendWorkbook } from '../../core/file-reply.ts';
import { buildProjectListSheet } from './project-list-sheet.ts';
import type { Services } from '../../services.ts';

/** Projects, buildings, staff and the project log (spec section 7, /api/ms/Project and /api/fms/Project). */
export function registerProjectsRoutes(
  app: FastifyInstance,
  { projects, projectStaff, houseMapAssignments }: Services,
): void {
  // Five spellings of one listing: GetList, GetPage, GetProjecList (sic), syncProjectToCloud (this
  // server is the cloud, so there is nothing to push: it answers the page) and the fms alias.
  for (const definition of [
    projectsRoutes.getList,
    projectsRoutes.getPage,
    projectsRoutes.getProjectList,
    projectsRoutes.syncProjectToCloud,
    projectsRoutes.fmsGetList,
  ]) {
    registerRoute(app, definition, async ({ body, user }) => projects.page(user, body), {
      compiledSerializer: true,
    });
  }
  registerRoute(app, projectsRoutes.exportProjectList, async ({ body, user, request, reply }) => {
    const file = await buildProjectListSheet(await projects.exportRows(user, body), request.lang);
    await sendWorkbook(reply, file, downloadName('projects', request.lang));
    return REPLY_SENT;
  });
  registerRoute(app, projectsRoutes.add, async ({ body, user, setMessage }) => {
    const row = await projects.add(user, body);
    setMessage('projects.created');
    return row;
  });
  registerRoute(app, projectsRoutes.update, async ({ body, user, setMessage }) => {
    const row = await projects.update(user, body);
    setMessage('users.saved');
    return row;
  });
  registerRoute(app, projectsRoutes.delete, async ({ body, user, setMessage }) => {
    await projects.delete(user, body.ProjectId);
    setMessage('projects.deleted');
    return null;
  });
  registerRoute(app, projectsRoutes.publishProject, async ({ body, user, setMessage }) => {
    const row = await projects.publish(user, body.ProjectId);
    setMessage('projects.published');
    return row;
  });
  registerRoute(app, projectsRoutes.getProjectSelectItem, async ({ user }) => projects.selectItems(user));
  registerRoute(app, projectsRoutes.getProjectForHome, async ({ user }) => projects.home(user));
  registerRoute(app, projectsRoutes.getProjectBuilding, async ({ body, user }) =>
    projects.buildings(user, body.ProjectId),
  );
  registerRoute(app, projectsRoutes.getBuildingFloorTreeDataByProjectId, async ({ body, user }) =>
    houseMapAssignments.floorTree(user, body.id, body.houseMapId ?? undefined),
  );
  registerRoute(app, projectsRoutes.saveProjectUser, async ({ body, user, setMessage }) => {
    await projectStaff.saveProjectUsers(user, body.ProjectId, body.UserIds);
    setMessage('users.saved');
    return null;
  });
  registerRoute(app, projectsRoutes.saveUserToProject, async ({ body, user, setMessage }) => {
    await projectStaff.saveUserProjects(user, body.UserId, body.ProjectIds);
    setMessage('users.saved');
    return null;
  });
  registerRoute(app, projectsRoutes.projectLogGetList, async ({ query, user, request }) =>
    projects.logs(user, query, request.lang),
  );
}
