import { isRole, projectScopeOfRoles } from '@measure/contract';
import { fieldError } from '../../core/app-error.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { TaskPlanRepository } from './task-plan-repository.ts';

/** Who a task is given to (AddTask, ReassignTask): its device and surveyors, each of the company. */
export async function checkDevice(db: DbExecutor, auth: AuthContext, deviceId: string | null): Promise<void> {
  if (deviceId && !(await new TaskPlanRepository(db).device(auth.companyId, deviceId))) {
    throw fieldError('DeviceGuid', 'tasks.deviceNotFound');
  }
}

/** Each surveyor: an enabled user of the company who can see the project. */
export async function checkSurveyors(
  db: DbExecutor,
  auth: AuthContext,
  projectId: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  const people = new Map(
    (await new TaskPlanRepository(db).people(auth.companyId, projectId, userIds)).map((row) => [row.id, row]),
  );
  userIds.forEach((userId, index) => {
    const person = people.get(userId);
    if (!person) throw fieldError(`SurveyorIds[${index}]`, 'tasks.surveyorNotFound');
    const scope = projectScopeOfRoles(person.roles.filter(isRole));
    if (scope === 'assigned' && !person.onStaff) {
      throw fieldError(`SurveyorIds[${index}]`, 'tasks.surveyorNotOnProject', { name: person.name });
    }
  });
}
