import { algorithmRoutes, measureTemplatesRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

/** Design value templates (/api/ms/Project, /api/ms/task) and algorithm parameter templates. */
export function registerTemplatesRoutes(app: FastifyInstance, { templates }: Services): void {
  registerRoute(app, measureTemplatesRoutes.getMeasureItemTemplate, async ({ body, user, request }) =>
    templates.list(user, body.ProjectId, request.lang),
  );
  registerRoute(
    app,
    measureTemplatesRoutes.updateMeasureTemplate,
    async ({ body, user, request, setMessage }) => {
      const saved = await templates.save(user, body, request.lang);
      setMessage('templates.saved');
      return saved;
    },
  );
  registerRoute(app, measureTemplatesRoutes.deleteMeasureTemplate, async ({ body, user, setMessage }) => {
    await templates.delete(user, body.ProjectId, body.TemplateId);
    setMessage('templates.deleted');
    return null;
  });
  registerRoute(app, measureTemplatesRoutes.updateHouseTypeTemplate, async ({ body, user, setMessage }) => {
    const applied = await templates.applyToHouseType(user, body);
    setMessage('templates.saved');
    return applied;
  });
  registerRoute(app, measureTemplatesRoutes.hasMeasureItemInput, async ({ body, user, request }) =>
    templates.hasInput(user, body, request.lang),
  );
  registerRoute(app, algorithmRoutes.getAlgorithmParamTemplateList, async ({ body, user }) =>
    templates.algorithmList(user, body),
  );
  registerRoute(app, algorithmRoutes.getAlgorithmParamTemplateDetail, async ({ query, user }) =>
    templates.algorithmDetail(user, query.guid),
  );
  registerRoute(app, algorithmRoutes.saveAlgorithmParamTemplateDetail, async ({ body, user, setMessage }) => {
    const saved = await templates.saveAlgorithm(user, body);
    setMessage('templates.saved');
    return saved;
  });
  registerRoute(app, algorithmRoutes.deleteAlgoTempById, async ({ query, user, setMessage }) => {
    await templates.deleteAlgorithm(user, query.guid);
    setMessage('templates.deleted');
    return null;
  });
  registerRoute(app, algorithmRoutes.getAlgoTempByProjId, async ({ query, user }) =>
    templates.algorithmsOfProject(user, query.ProjectId),
  );
}
