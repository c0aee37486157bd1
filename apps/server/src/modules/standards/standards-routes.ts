import { measureRulesRoutes, standardsRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

/** The standard library (/api/ms/standard) and measure rules (/api/ms/measureRule). */
export function registerStandardsRoutes(app: FastifyInstance, { standards }: Services): void {
  registerRoute(app, standardsRoutes.getList, async ({ user, request }) =>
    standards.list(user, request.lang),
  );
  registerRoute(app, standardsRoutes.getListCondition, async ({ body, user, request }) =>
    standards.listCondition(user, body, request.lang),
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
  registerRoute(app, measureRulesRoutes.getList, async ({ query, user, request }) =>
    standards.rules(user, query.Stage, request.lang),
  );
  registerRoute(app, measureRulesRoutes.update, async ({ body, user, request, setMessage }) => {
    const row = await standards.saveRule(user, body, request.lang);
    setMessage('standards.ruleSaved');
    return row;
  });
}
