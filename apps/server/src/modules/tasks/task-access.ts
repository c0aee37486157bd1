import { notFound } from '../../core/app-error.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleProject } from '../projects/project-access.ts';
import { TaskPlanRepository } from './task-plan-repository.ts';
import { type TaskRecord, TasksRepository } from './tasks-repository.ts';

/** Whether the caller executes the task: one of its surveyors, or the holder of its device. */
export async function executesTask(db: DbExecutor, auth: AuthContext, task: TaskRecord): Promise<boolean> {
  if (await new TasksRepository(db).isSurveyor(auth.companyId, task.id, auth.userId)) return true;
  if (!task.deviceId) return false;
  const device = await new TaskPlanRepository(db).device(auth.companyId, task.deviceId);
  return device?.deviceUserId === auth.userId;
}

/**
 * The task visibility rule, for one task (lists apply the same rule in SQL: `visibleTaskCondition`
 * in tasks-repository.ts): a user sees a task exactly when he sees its project (company and
 * measurement administrators: every project of the company; project administrators and surveyors:
 * the projects whose staff they are on). Being a surveyor of the task or holding its device never
 * widens this; it only decides who may work on a visible task (`executes`). Anything else is 404,
 * like an unknown id. `forUpdate` locks the task row for the transaction (writes to its data).
 */
export async function visibleTask(db: DbExecutor, auth: AuthContext, taskId: string, forUpdate = false) {
  const task = await new TasksRepository(db).find(auth.companyId, taskId, forUpdate);
  if (!task) throw notFound();
  await visibleProject(db, auth, task.projectId);
  const executes = await executesTask(db, auth, task);
  return { task, executes };
}
