import { scansRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { downloadName } from '../../core/download-names.ts';
import { sendWorkbook } from '../../core/file-reply.ts';
import { REPLY_SENT, registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';
import { buildHouseholdReportsSheet } from './household-reports-sheet.ts';

/** GetApartmentReports and its export: a task's per-household reports (the scans contract names them; reports render them). */
export function registerHouseholdReportsRoutes(app: FastifyInstance, { householdReports }: Services): void {
  registerRoute(app, scansRoutes.getApartmentReports, async ({ body, user }) =>
    householdReports.list(user, body.TaskId),
  );
  registerRoute(app, scansRoutes.exportApartmentReports, async ({ body, user, request, reply }) => {
    const rows = await householdReports.exportRows(user, body.TaskId);
    await sendWorkbook(
      reply,
      await buildHouseholdReportsSheet(rows, request.lang),
      downloadName('householdReports', request.lang),
    );
    return REPLY_SENT;
  });
}
