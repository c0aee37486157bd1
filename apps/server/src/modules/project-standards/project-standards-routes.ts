import { projectStandardsRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

/** A project's standards per stage and its site types' measure items (/api/ms/standard). */
export function registerProjectStandardsRoutes(app: FastifyInstance, { projectStandards }: Services): void {
  registerRoute(app, projectStandardsRoutes.getListByProject, async ({ query, user, request }) =>
    projectStandards.listByProject(user, query.ProjectId, request.lang),
  );
  registerRoute(app, projectStandardsRoutes.updateFromBase, async ({ body, user, request, setMessage }) => {
    const copies = await projectStandards.updateFromBase(user, body, request.lang);
    setMessage('standards.updatedFromBase');
    return copies;
  });
  registerRoute(app, projectStandardsRoutes.getProjectStage, async ({ query, user, request }) =>
    projectStandards.projectStages(user, query.ProjectId, request.lang),
  );
  registerRoute(app, projectStandardsRoutes.getBuildingCraft, async ({ body, user, request }) =>
    projectStandards.buildingCraft(user, body.ProjectId ?? body.ProjectGuid ?? undefined, request.lang),
  );
  registerRoute(app, projectStandardsRoutes.getStageStandard, async ({ body, user, request }) =>
    projectStandards.stageStandard(user, body, request.lang),
  );
  registerRoute(app, projectStandardsRoutes.getPointTypeDetails, async ({ body, user }) =>
    projectStandards.pointTypeDetails(user, body.ProjectId, body.Id),
  );
  registerRoute(app, projectStandardsRoutes.savePointTypeMeasureItem, async ({ body, user, setMessage }) => {
    const saved = await projectStandards.savePointTypeItems(user, body);
    setMessage('standards.pointTypeItemsSaved');
    return saved;
  });
}
