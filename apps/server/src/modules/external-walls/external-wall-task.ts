import {
  type ExternalWallTask,
  type Language,
  STAGES,
  TASK_STATES,
  taskNameIn,
  toFigures,
} from '@measure/contract';
import { runReads } from '../../core/run-reads.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { TaskRecord } from '../tasks/tasks-repository.ts';
import { ExternalWallsRepository } from './external-walls-repository.ts';
import { facadeElevations, type PanelRecord } from './facade-elevation.ts';
import { ResultsRepository } from '../results/results-repository.ts';

const oneOf = <T extends string>(values: readonly T[], value: string): T => {
  if (!(values as readonly string[]).includes(value)) throw new Error(`unexpected stored value ${value}`);
  return value as T;
};

/**
 * An external-wall task per side (GetTask, the share read and the task report use it). The caller has
 * checked the task may be seen and is an external-wall task. `inTransaction`: reads one after the
 * other (a transaction's connection runs one query at a time).
 */
export async function loadExternalWallTask(
  db: DbExecutor,
  companyId: string,
  task: TaskRecord,
  lang: Language,
  { inTransaction = false } = {},
): Promise<ExternalWallTask> {
  const repository = new ExternalWallsRepository(db);
  const [sites, scanned, related, itemCodes] = await runReads(
    [
      () => new ResultsRepository(db).sites(companyId, task.id),
      () => repository.panelScans(companyId, task.id),
      () => repository.relatedTaskIds(companyId, task),
      () => repository.itemCodesBySite(companyId, task.id),
    ] as const,
    { inOrder: inTransaction },
  );
  // The facade sites are the panels (the place check makes side and X/Z present on each).
  const panels = sites.flatMap((site): PanelRecord[] =>
    site.side === null
      ? []
      : [
          {
            ...site,
            side: site.side,
            x0: site.x0 ?? 0,
            x1: site.x1 ?? 0,
            z0: site.z0 ?? 0,
            z1: site.z1 ?? 0,
            itemCodes: itemCodes.get(site.pointIndex) ?? [],
          },
        ],
  );
  const floorFrom = task.floorFrom ?? 1;
  const { sides, taskCounts } = facadeElevations(
    { sides: task.facadeSides, floorFrom, floorTo: task.floorTo ?? floorFrom },
    panels,
    scanned,
  );
  return {
    TaskId: task.id,
    Name: taskNameIn(task, lang),
    ProjectId: task.projectId,
    ProjectName: task.projectName,
    Stage: oneOf(STAGES, task.stage),
    State: oneOf(TASK_STATES, task.state),
    BuildingNumber: task.facadeBuildingNumber ?? '',
    FloorFrom: floorFrom,
    FloorTo: task.floorTo ?? floorFrom,
    RelatedTaskIds: related,
    ParentTaskId: task.parentTaskId,
    Sides: sides,
    Figures: toFigures(taskCounts),
  };
}
