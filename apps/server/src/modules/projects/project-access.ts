import { ErrorCode, type MessageKey } from '@measure/contract';
import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import { AppError, notFound } from '../../core/app-error.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import { projectLogs, projects, projectUsers, users } from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';

export type ProjectRecord = typeof projects.$inferSelect;

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
  const query = db
    .select()
    .from(projects)
    .where(and(eq(projects.companyId, auth.companyId), eq(projects.id, projectId)));
  const [project] = options.forUpdate ? await query.for('update') : await query;
  if (!project) throw notFound();
  if (auth.projectScope === 'assigned') {
    const [assigned] = await db
      .select({ id: projectUsers.projectId })
      .from(projectUsers)
      .where(
        and(
          eq(projectUsers.companyId, auth.companyId),
          eq(projectUsers.projectId, projectId),
          eq(projectUsers.userId, auth.userId),
        ),
      );
    if (!assigned) throw notFound();
  }
  return project;
}

/** Project ids the caller may see, as a subquery-able SQL condition on a project id column. */
export function visibleProjectCondition(auth: AuthContext, column: AnyColumn) {
  const company = sql`${column} in (select id from ${projects} where ${projects.companyId} = ${auth.companyId})`;
  if (auth.projectScope !== 'assigned') return company;
  return sql`${company} and ${column} in (select project_id from ${projectUsers} where ${projectUsers.userId} = ${auth.userId})`;
}

/** One project log entry, written in the transaction of the change it records. */
export async function writeProjectLog(
  db: DbExecutor,
  auth: AuthContext,
  projectId: string,
  action: MessageKey,
  params: Record<string, string | number> = {},
): Promise<void> {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, auth.userId));
  await db.insert(projectLogs).values({
    companyId: auth.companyId,
    projectId,
    userId: auth.userId,
    userName: user?.name ?? '',
    action,
    params,
  });
}

/** Marks a project changed (its UpdateTime). */
export async function touchProject(db: DbExecutor, projectId: string): Promise<void> {
  await db.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, projectId));
}
