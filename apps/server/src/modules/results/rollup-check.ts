import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import { RollupsRepository } from './rollups-repository.ts';

export interface RollupCheckReport {
  companies: number;
  tasksRepaired: number;
  rowsDiffering: number;
}

/**
 * The nightly check of the rollups: recomputes them from the sites and readings of every company,
 * logs every task whose stored rollups differ (they never should: they are kept current in the
 * transaction that changes readings) and rebuilds that task's rollups under its row lock.
 */
export async function checkRollups(db: Database, log: Pick<FastifyBaseLogger, 'warn' | 'info'>) {
  const report: RollupCheckReport = { companies: 0, tasksRepaired: 0, rowsDiffering: 0 };
  for (const companyId of await new RollupsRepository(db).companiesWithResults()) {
    report.companies += 1;
    const differences = await new RollupsRepository(db).differences(companyId);
    for (const difference of differences) {
      log.warn({ companyId, ...difference }, 'rollups differ from the readings; rebuilding the task');
      await db.transaction(async (tx) => {
        // The task lock keeps ingestion and review out while the rollups are rebuilt.
        const task = await new TasksRepository(tx).find(companyId, difference.taskId, true);
        if (!task) return;
        await new RollupsRepository(tx).rebuild(companyId, task.projectId, task.id, 'all');
      });
      report.tasksRepaired += 1;
      report.rowsDiffering += difference.rows;
    }
  }
  log.info(report, 'rollup check finished');
  return report;
}
