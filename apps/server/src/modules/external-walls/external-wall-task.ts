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
import { facadeElevations } from './facade-elevation.ts';

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
  const [panels, scanned, related] = await runReads(
    [
      () => repository.panels(companyId, task.id),
      () => repository.scannedPanels(companyId, task.id),
      () => repository.relatedTaskIds(companyId, task),
    ] as const,
    { inOrder: inTransaction },
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
