import type { Language, TaskDetail } from '@measure/contract';
import { runReads } from '../../core/run-reads.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import { figuresOf } from '../results/judge-readings.ts';
import { ResultsRepository } from '../results/results-repository.ts';
import { placeFigures } from './place-figures.ts';
import { noFigures, sitePlace, toRemeasureSites, toTaskDetail } from './task-rows.ts';
import { TaskPlanRepository } from './task-plan-repository.ts';
import { outsideTaskWindow } from './task-window.ts';
import { type TaskRecord, TasksRepository } from './tasks-repository.ts';

/**
 * A task with its households, items and sites and their figures (GetTask). The caller has checked
 * that the task may be seen; the report renderer and public shares use the same shape. Its reads run
 * side by side on the pool, one after the other in a transaction (`inTransaction`): a connection runs
 * one query at a time, and node-postgres deprecates queueing them.
 */
export async function loadTaskDetail(
  db: DbExecutor,
  companyId: string,
  task: TaskRecord,
  lang: Language,
  { inTransaction = false } = {},
): Promise<TaskDetail> {
  const households = await new TasksRepository(db).households(companyId, task.id);
  const mapIds = [...new Set(households.flatMap((row) => (row.houseMapId ? [row.houseMapId] : [])))];
  const maps = await new TaskPlanRepository(db).houseMaps(companyId, mapIds);
  const results = new ResultsRepository(db);
  const [counts, items, sites, floors, remeasureSites] = await runReads(
    [
      () => results.taskCounts(companyId, [task.id]),
      () => results.itemCounts(companyId, task.id),
      () => results.sites(companyId, task.id),
      () => results.floorCounts(companyId, task.id),
      () => new TasksRepository(db).remeasureSites(companyId, task),
    ] as const,
    { inOrder: inTransaction },
  );
  const now = new Date();
  const siteRows = sites.map((site) => ({
    ...sitePlace(site),
    Figures: figuresOf({ ...site, sites: 1, explodedSites: site.explodedSite ? 1 : 0 }),
    MeasuredAt: site.measuredAt.toISOString(),
    OutsideTaskWindow: outsideTaskWindow(site.measuredAt, task, now),
  }));
  return toTaskDetail(
    task,
    households,
    new Map(maps.map((map) => [map.id, map.name])),
    lang,
    counts[0] ? figuresOf(counts[0]) : noFigures(),
    {
      ...placeFigures(households, floors),
      RemeasureSites: toRemeasureSites(task, remeasureSites),
      items: new Map(items.map((row) => [row.itemCode, figuresOf(row)])),
      sites: siteRows,
    },
  );
}
