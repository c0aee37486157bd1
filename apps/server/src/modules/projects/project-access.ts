import {
  ErrorCode,
  type Language,
  type MessageKey,
  STAGE_LABELS,
  STAGES,
  type Stage,
} from '@measure/contract';
import { AppError, notFound } from '../../core/app-error.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { ProjectAccessRepository, type ProjectRecord } from './project-access-repository.ts';

export type { ProjectRecord };

/** Code 423: the project is published and this change would touch its existing data. */
export const locked = () => new AppError(ErrorCode.Locked, 'errors.locked');

export function assertUnlocked(project: ProjectRecord): void {
  if (project.isPublished) throw locked();
}

/**
 * A project the caller may see: of the caller's company and, for project administrators and
 * surveyors, assigned to them. Anything else answers 404 (an id of another company or an
 * unassigned project looks exactly like an unknown id). `forUpdate` locks the row for the transaction,
 * so publishing and writes to the project's data are serialised.
 */
export async function visibleProject(
  db: DbExecutor,
  auth: AuthContext,
  projectId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ProjectRecord> {
  const repository = new ProjectAccessRepository(db);
  const project = await repository.find(auth.companyId, projectId, options.forUpdate);
  if (!project) throw notFound();
  if (
    auth.projectScope === 'assigned' &&
    !(await repository.isAssigned(auth.companyId, projectId, auth.userId))
  ) {
    throw notFound();
  }
  return project;
}

/** One project log entry, written in the transaction of the change it records. */
export async function writeProjectLog(
  db: DbExecutor,
  auth: AuthContext,
  projectId: string,
  action: MessageKey,
  params: Record<string, string | number> = {},
): Promise<void> {
  await new ProjectAccessRepository(db).insertLog(auth, projectId, action, params);
}

const isStage = (value: string): value is Stage => (STAGES as readonly string[]).includes(value);

/**
 * A log entry's params as its reader sees them: stages are stored by their values (`stage`, or
 * `stages` joined by commas) and read in the reader's language; entries written before kept the
 * Chinese words, which stay as they are.
 */
export function logParams(params: Record<string, string | number>, language: Language) {
  const read = { ...params };
  if (typeof params.stage === 'string' && isStage(params.stage))
    read.stage = STAGE_LABELS[params.stage][language];
  const stages = typeof params.stages === 'string' ? params.stages.split(',') : [];
  if (stages.length > 0 && stages.every(isStage)) {
    read.stages = stages
      .map((stage) => STAGE_LABELS[stage][language])
      .join(language === 'zh-CN' ? '、' : ', ');
  }
  return read;
}

/** Marks a project of the caller's company changed (its UpdateTime). */
export async function touchProject(db: DbExecutor, auth: AuthContext, projectId: string): Promise<void> {
  await new ProjectAccessRepository(db).touch(auth.companyId, projectId);
}
