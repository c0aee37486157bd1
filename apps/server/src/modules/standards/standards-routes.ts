import { measureRulesRoutes, pointTypeItemsRoutes, standardsRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

/** The standard library, project standards (/api/ms/standard) and measure rules (/api/ms/measureRule). */
export function registerStandardsRoutes(app: FastifyInstance, { standards }: Services): void {
  registerRoute(app, standardsRoutes.getList, async ({ user, request }) =>
    standards.list(user, request.lang),
  );
  registerRoute(app, standardsRoutes.getListCondition, async ({ body, user, request }) =>
    standards.listCondition(user, body, request.lang),
  );
  registerRoute(app, standardsRoutes.getListByProject, async ({ query, user, request }) =>
    standards.listByProject(user, query.ProjectId, request.lang),
  );
  registerRoute(app, standardsRoutes.update, async ({ body, user, request, setMessage }) => {
    const rows = await standards.update(user, body, request.lang);
    setMessage('standards.saved');
    return rows;
  });
  registerRoute(app, standardsRoutes.deleteItems, async ({ body, user, setMessage }) => {
    await standards.deleteItems(user, body.Ids);
    setMessage('standards.deleted');
    return null;
  });
  registerRoute(app, standardsRoutes.updateFromBase, async ({ body, user, request, setMessage }) => {
    const copies = await standards.updateFromBase(user, body, request.lang);
    setMessage('standards.updatedFromBase');
    return copies;
  });
  registerRoute(app, standardsRoutes.getProjectStage, async ({ query, user, request }) =>
    standards.projectStages(user, query.ProjectId, request.lang),
  );
  registerRoute(app, standardsRoutes.getBuildingCraft, async ({ body, user, request }) =>
    standards.buildingCraft(user, body.ProjectId ?? body.ProjectGuid ?? undefined, request.lang),
  );
  registerRoute(app, standardsRoutes.getStageStandard, async ({ body, user, request }) =>
    standards.stageStandard(user, body, request.lang),
  );
  registerRoute(app, pointTypeItemsRoutes.getPointTypeDetails, async ({ body, user }) =>
    standards.pointTypeDetails(user, body.ProjectId, body.Id),
  );
  registerRoute(app, pointTypeItemsRoutes.savePointTypeMeasureItem, async ({ body, user, setMessage }) => {
    const saved = await standards.savePointTypeItems(user, body);
    setMessage('standards.pointTypeItemsSaved');
    return saved;
  });
  registerRoute(app, measureRulesRoutes.getList, async ({ query, user, request }) =>
    standards.rules(user, query.Stage, request.lang),
  );
  registerRoute(app, measureRulesRoutes.update, async ({ body, user, request, setMessage }) => {
    const row = await standards.saveRule(user, body, request.lang);
    setMessage('standards.ruleSaved');
    return row;
  });
}
