import type { MessageKey } from '@measure/contract';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { projectLogs, projects, projectUsers, users } from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';

export type ProjectRecord = typeof projects.$inferSelect;

/** Project ids the caller may see, as a subquery-able SQL condition on a project id column. */
export function visibleProjectCondition(auth: AuthContext, column: AnyColumn | SQL) {
  const company = sql`${column} in (select id from ${projects} where ${projects.companyId} = ${auth.companyId})`;
  if (auth.projectScope !== 'assigned') return company;
  return sql`${company} and ${assignedProjectCondition(auth, column)}`;
}

/**
 * The same rule for rows a query already limits to the company by their own company column (a task's
 * or a rollup's project is always one of its company): only an assigned scope adds a condition, so
 * the planner has no project table to join for everyone else.
 */
export function assignedProjectCondition(auth: AuthContext, column: AnyColumn | SQL) {
  if (auth.projectScope !== 'assigned') return sql`true`;
  return sql`${column} in (select project_id from ${projectUsers}
    where ${projectUsers.companyId} = ${auth.companyId} and ${projectUsers.userId} = ${auth.userId})`;
}

/**
 * `assignedProjectCondition` for a statement built as text with numbered parameters: null for
 * company-wide roles, else the condition on `column`, `companyParameter` being the company's
 * placeholder and `param` adding the user's.
 */
export function assignedProjectText(
  auth: AuthContext,
  column: string,
  companyParameter: string,
  param: (value: unknown) => string,
): string | null {
  if (auth.projectScope !== 'assigned') return null;
  return `${column} in (select project_id from project_users
    where company_id = ${companyParameter}::uuid and user_id = ${param(auth.userId)}::uuid)`;
}

/** The queries behind the project access rules of project-access.ts (visibility, log, UpdateTime). */
export class ProjectAccessRepository {
  constructor(private readonly db: DbExecutor) {}

  /** A project of the company; `forUpdate` locks the row for the transaction. */
  async find(companyId: string, projectId: string, forUpdate = false): Promise<ProjectRecord | undefined> {
    const query = this.db
      .select()
      .from(projects)
      .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
    const [project] = forUpdate ? await query.for('update') : await query;
    return project;
  }

  async isAssigned(companyId: string, projectId: string, userId: string): Promise<boolean> {
    const [assigned] = await this.db
      .select({ id: projectUsers.projectId })
      .from(projectUsers)
      .where(
        and(
          eq(projectUsers.companyId, companyId),
          eq(projectUsers.projectId, projectId),
          eq(projectUsers.userId, userId),
        ),
      );
    return assigned !== undefined;
  }

  /** One project log entry under the user's current name. */
  async insertLog(
    auth: AuthContext,
    projectId: string,
    action: MessageKey,
    params: Record<string, string | number>,
  ): Promise<void> {
    const [user] = await this.db
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.companyId, auth.companyId), eq(users.id, auth.userId)));
    await this.db.insert(projectLogs).values({
      companyId: auth.companyId,
      projectId,
      userId: auth.userId,
      userName: user?.name ?? '',
      action,
      params,
    });
  }

  /** Marks a project changed (its UpdateTime). */
  async touch(companyId: string, projectId: string): Promise<void> {
    await this.db
      .update(projects)
      .set({ updatedAt: new Date() })
      .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  }
}
