import { ANALYSIS_DEFAULT_DAYS, ANALYSIS_LIMITS, ErrorCode, todayIn } from '@measure/contract';
import { AppError, fieldError, notFound } from '../../core/app-error.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleProject, type ProjectRecord } from '../projects/project-access.ts';
import { itemStagesOf } from './analysis-repository.ts';

/** What the three analysis services share: the asked project's visibility and the period. */

export const DAY_MS = 86_400_000;

/** A calendar day (YYYY-MM-DD) moved by whole days. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Days a period covers when a filter gives no start: the whole allowed range, or the last 30 days
 * (home and quality alike, so the same filters give the same figure).
 */
export const DEFAULT_PERIOD_DAYS = {
  longest: ANALYSIS_LIMITS.maxRangeDays,
  recent: ANALYSIS_DEFAULT_DAYS,
} as const;

/** A filter's period: a missing end is today, a missing start `days` days back (both ends included). */
export function periodOf(
  filter: { StartDate?: string | null; EndDate?: string | null },
  days: number,
): { start: string; end: string } {
  const end = filter.EndDate ?? todayIn();
  return { start: filter.StartDate ?? addDays(end, -(days - 1)), end };
}

/** The asked project if the caller may see it; otherwise 404 `analysis.projectNotVisible`. */
export async function visibleAnalysisProject(
  db: DbExecutor,
  auth: AuthContext,
  projectId: string,
): Promise<ProjectRecord> {
  try {
    return await visibleProject(db, auth, projectId);
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.NotFound)
      throw notFound('analysis.projectNotVisible');
    throw error;
  }
}

/**
 * Refuses (400 `analysis.itemNotOfStage` on `field`) an item the company's library files under
 * another stage than the chosen one: together they could only select nothing. Codes the library
 * lacks (a task's frozen standard may keep a removed item) pass.
 */
export async function checkItemsOfStage(
  db: DbExecutor,
  auth: AuthContext,
  stage: string | null | undefined,
  itemCodes: readonly string[] | null | undefined,
  field: string,
): Promise<void> {
  if (!stage || !itemCodes?.length) return;
  const codes = itemCodes.map((code) => code.toLowerCase());
  const stages = await itemStagesOf(db, auth.companyId, codes);
  const other = itemCodes.find((code) => {
    const itemStage = stages.get(code.toLowerCase());
    return itemStage !== undefined && itemStage !== stage;
  });
  if (other !== undefined) throw fieldError(field, 'analysis.itemNotOfStage', { code: other });
}
