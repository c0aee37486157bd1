import {
  ErrorCode,
  GRADE_NAMES,
  type Language,
  type LinkedSite,
  type ReviewReading,
  taskNameIn,
} from '@measure/contract';
import { AppError } from '../../core/app-error.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleTask } from '../tasks/task-access.ts';
import { type TaskRecord, TasksRepository } from '../tasks/tasks-repository.ts';
import type { ReportBeforeAfter } from '../reports/report-document.ts';
import { itemName } from './review-algorithm.ts';
import { siteFigures } from './review-changes.ts';
import { ReviewRepository, type ReviewReadingRow } from './review-repository.ts';
import { SiteLinksRepository } from './site-links-repository.ts';
import { WorkOrderItemsRepository } from '../work-orders/work-order-items-repository.ts';
import { siteItemFigures } from '../work-orders/work-order-items.ts';

/** A site's readings as the site view answers them: names in the language, grades by name, figures. */
export function reviewReadings(
  rows: readonly ReviewReadingRow[],
  task: TaskRecord,
  lang: Language,
): ReviewReading[] {
  const items = new Map(task.standard.Items.map((item) => [item.Code, item]));
  return rows.map((reading) => {
    const item = items.get(reading.itemCode);
    return {
      ItemCode: reading.itemCode,
      Name: item ? itemName(item, lang) : reading.itemCode,
      Values: reading.vals,
      Grades: (reading.grades ?? []).map((code) => GRADE_NAMES[code] ?? 'exploded'),
      Valid: reading.valid,
      Rulers: reading.rulers,
      DesignValue: reading.designValue,
      Figures: siteFigures({ ...reading, explodedSite: reading.exploded > 0 }),
    };
  });
}

/** A task the caller sees, or null (a linked task is left out rather than refused). */
async function seenTask(db: DbExecutor, auth: AuthContext, taskId: string): Promise<TaskRecord | null> {
  try {
    return (await visibleTask(db, auth, taskId)).task;
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.NotFound) return null;
    throw error;
  }
}

async function linkedSite(
  db: DbExecutor,
  companyId: string,
  task: TaskRecord,
  pointIndex: number,
  lang: Language,
): Promise<LinkedSite | null> {
  const repository = new ReviewRepository(db);
  const site = await repository.site(companyId, task.id, pointIndex);
  if (!site) return null;
  return {
    TaskId: task.id,
    TaskName: taskNameIn(task, lang),
    PointIndex: site.pointIndex,
    Name: site.name,
    MeasuredAt: site.measuredAt.toISOString(),
    Figures: siteFigures(site),
    Readings: reviewReadings(await repository.readings(companyId, task.id, pointIndex), task, lang),
  };
}

/**
 * Before and after of one site: the original site it re-measures (its task being a re-measure of
 * another) and the sites of the re-measure tasks that re-measure it, each only when the caller sees
 * that task.
 */
export async function beforeAfter(
  db: DbExecutor,
  auth: AuthContext,
  task: TaskRecord,
  pointIndex: number,
  lang: Language,
): Promise<{ Before: LinkedSite | null; After: LinkedSite[] }> {
  const links = new SiteLinksRepository(db);
  const tasksSeen = new Map<string, TaskRecord | null>();
  const taskOf = async (taskId: string) => {
    if (!tasksSeen.has(taskId)) tasksSeen.set(taskId, await seenTask(db, auth, taskId));
    return tasksSeen.get(taskId) ?? null;
  };
  const original = task.parentTaskId ? await links.original(auth.companyId, task.id, pointIndex) : undefined;
  const parent = original ? await taskOf(original.taskId) : null;
  const before =
    original && parent ? await linkedSite(db, auth.companyId, parent, original.pointIndex, lang) : null;
  const after: LinkedSite[] = [];
  for (const remeasure of await links.remeasures(auth.companyId, task.id, pointIndex)) {
    const child = await taskOf(remeasure.taskId);
    const site = child ? await linkedSite(db, auth.companyId, child, remeasure.pointIndex, lang) : null;
    if (site) after.push(site);
  }
  return { Before: before, After: after };
}

/**
 * A re-measure task's sites with their originals' and their own figures, for the report; else null.
 * Before counts only the items the re-measure site measured (a re-measure for a work order measures
 * the order's items alone: the original's other items would make the two sides incomparable).
 */
export async function reportBeforeAfter(
  db: DbExecutor,
  companyId: string,
  task: TaskRecord,
): Promise<ReportBeforeAfter | null> {
  if (!task.parentTaskId) return null;
  const parent = await new TasksRepository(db).find(companyId, task.parentTaskId);
  if (!parent) return null;
  const links = await new SiteLinksRepository(db).taskLinks(companyId, task.id);
  const items = new WorkOrderItemsRepository(db);
  const originals = await items.siteItems(companyId, parent.id, [
    ...new Set(links.map((link) => link.originalPointIndex)),
  ]);
  const remeasured = await items.siteItems(
    companyId,
    task.id,
    links.map((link) => link.pointIndex),
  );
  const codesAt = (pointIndex: number) =>
    remeasured.filter((row) => row.pointIndex === pointIndex).map((row) => row.itemCode);
  return {
    ParentTaskNames: { 'zh-CN': taskNameIn(parent, 'zh-CN'), 'en-US': taskNameIn(parent, 'en-US') },
    Sites: links.map((link) => ({
      PointIndex: link.pointIndex,
      BuildingNumber: link.buildingNumber,
      Floor: link.floor,
      Household: link.household,
      Name: link.name,
      OriginalPointIndex: link.originalPointIndex,
      ItemCodes: codesAt(link.pointIndex),
      Before: siteItemFigures(
        originals.filter(
          (row) =>
            row.pointIndex === link.originalPointIndex && codesAt(link.pointIndex).includes(row.itemCode),
        ),
      ),
      After: siteFigures(link.after),
    })),
  };
}
