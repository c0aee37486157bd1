import type { ExternalWallTask, Language } from '@measure/contract';
import { fieldError, notFound } from '../../core/app-error.ts';
import { FeatureGate } from '../../core/feature-gate.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { ReportsRepository } from '../reports/reports-repository.ts';
import { visibleTask } from '../tasks/task-access.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import { loadExternalWallTask } from './external-wall-task.ts';

/**
 * External-wall tasks read per side (measurement-api.md section 9), gated by EnabledExternalWall: a web
 * call of a company with the gate off is 403 `features.notEnabled`; a share read is 404 then, like a
 * closed share. Devices are never gated (their results arrive through the results module).
 */
export class ExternalWallsService {
  constructor(private readonly deps: { db: Database }) {}

  /** GetTask: a task the caller sees; another kind of task is 400 on TaskId. */
  async task(auth: AuthContext, taskId: string, lang: Language): Promise<ExternalWallTask> {
    await new FeatureGate(this.deps.db).assertEnabled(auth.companyId, 'externalWall');
    const { task } = await visibleTask(this.deps.db, auth, taskId);
    if (task.taskKind !== 'externalWall') throw fieldError('TaskId', 'externalWalls.notExternalTask');
    return loadExternalWallTask(this.deps.db, auth.companyId, task, lang);
  }

  /**
   * The shared task (externalWallTaskPreview) under the reports' share rules: the open share is the
   * only key; an expired, revoked or unknown share, a task of another kind and the gate off are all 404.
   */
  async sharedTask(shareId: string, lang: Language): Promise<ExternalWallTask> {
    const share = await new ReportsRepository(this.deps.db).openShare(shareId);
    if (!share) throw notFound();
    await new FeatureGate(this.deps.db).assertEnabledOrNotFound(share.companyId, 'externalWall');
    const task = await new TasksRepository(this.deps.db).find(share.companyId, share.taskId);
    if (task?.taskKind !== 'externalWall') throw notFound();
    return loadExternalWallTask(this.deps.db, share.companyId, task, lang);
  }
}
