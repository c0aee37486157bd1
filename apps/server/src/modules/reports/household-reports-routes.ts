import { scansRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

/** GetApartmentReports: a task's per-household reports (the scans contract names it; reports render it). */
export function registerHouseholdReportsRoutes(app: FastifyInstance, { householdReports }: Services): void {
  registerRoute(app, scansRoutes.getApartmentReports, async ({ body, user }) =>
    householdReports.list(user, body.TaskId),
  );
}
