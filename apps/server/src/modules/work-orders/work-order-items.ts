import {
  emptyCounts,
  type Language,
  type RouteBody,
  taskNameIn,
  toFigures,
  type WorkOrderDetail,
  type workOrdersRoutes,
} from '@measure/contract';
import { fieldError } from '../../core/app-error.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import { addFigureCounts, siteCounts } from '../results/judge-readings.ts';
import { SiteLinksRepository } from '../review/site-links-repository.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import { type SiteItemCounts, WorkOrderItemsRepository } from './work-order-items-repository.ts';
import type { WorkOrderRecord } from './work-orders-repository.ts';

type AddBody = RouteBody<typeof workOrdersRoutes.add>;

/** An item failed at a site when at least one valid value there is unqualified or exploded. */
export const failedAt = (row: Pick<SiteItemCounts, 'unqualified' | 'exploded'>) =>
  row.unqualified + row.exploded > 0;

/** The items an order is about (`item_codes`; its single `item_code` for a row that lacks them). */
export const orderItemCodes = (order: Pick<WorkOrderRecord, 'itemCodes' | 'itemCode'>): string[] =>
  order.itemCodes.length > 0 ? order.itemCodes : order.itemCode ? [order.itemCode] : [];

/** Codes in the order of the task's items (codes the standard lacks last, as given). */
export function inItemOrder(codes: readonly string[], itemOrder: readonly string[]): string[] {
  const rank = (code: string) => {
    const index = itemOrder.indexOf(code);
    return index === -1 ? itemOrder.length : index;
  };
  return [...new Set(codes)].sort((a, b) => rank(a) - rank(b));
}

/**
 * The items of a new work order. At a site (TaskId + PointIndex): by default the items that failed
 * there; an item given must have been measured there, and one that did not fail is refused unless the
 * caller says it was typed by hand (then the order is marked so). Without a site nothing can be
 * checked: items given are recorded as typed by hand.
 */
export async function chooseItems(
  tx: DbExecutor,
  companyId: string,
  body: AddBody,
): Promise<{ itemCodes: string[]; itemsByHand: boolean }> {
  const given = [
    ...(body.ItemCode ? [{ code: body.ItemCode, field: 'ItemCode' }] : []),
    ...(body.ItemCodes ?? []).map((code, index) => ({ code, field: `ItemCodes[${index}]` })),
  ];
  if (!body.TaskId || !body.PointIndex) {
    const codes = [...new Set(given.map((item) => item.code))];
    return { itemCodes: codes, itemsByHand: codes.length > 0 };
  }
  const task = await new TasksRepository(tx).find(companyId, body.TaskId);
  const itemOrder = task?.standard.Items.map((item) => item.Code) ?? [];
  const measured = await new WorkOrderItemsRepository(tx).siteItems(companyId, body.TaskId, [
    body.PointIndex,
  ]);
  const failed = measured.filter(failedAt).map((row) => row.itemCode);
  if (given.length === 0) return { itemCodes: inItemOrder(failed, itemOrder), itemsByHand: false };
  const codes: string[] = [];
  let itemsByHand = false;
  for (const { code, field } of given) {
    const row = measured.find((candidate) => candidate.itemCode.toLowerCase() === code.toLowerCase());
    const params = { index: body.PointIndex, code };
    if (!row) throw fieldError(field, 'workOrders.itemNotAtSite', params);
    if (!failedAt(row)) {
      if (!body.ItemsByHand) throw fieldError(field, 'workOrders.itemNotFailed', params);
      itemsByHand = true;
    }
    if (!codes.includes(row.itemCode)) codes.push(row.itemCode);
  }
  return { itemCodes: codes, itemsByHand };
}

/** Figures of item counts, counting each site once (exploded when one of its values is). */
export function siteItemFigures(rows: readonly SiteItemCounts[]) {
  const counts = emptyCounts();
  for (const pointIndex of new Set(rows.map((row) => row.pointIndex))) {
    addFigureCounts(counts, siteCounts(rows.filter((row) => row.pointIndex === pointIndex)));
  }
  return toFigures(counts);
}

/**
 * Before and after of an order's re-measure, computed on read: the re-measure task's sites that
 * re-measure the order's site (or, without a PointIndex, any site of its task), and the order's items
 * (all items measured at those originals for an order without items). Only the items measured on both
 * sides are compared; the others are named as not measured again, never counted as passed.
 */
export async function remeasuredFigures(
  db: DbExecutor,
  order: WorkOrderRecord,
  lang: Language,
): Promise<WorkOrderDetail['Remeasured']> {
  if (!order.remeasureTaskId) return null;
  const task = await new TasksRepository(db).find(order.companyId, order.remeasureTaskId);
  if (!task?.parentTaskId) return null;
  const links = (await new SiteLinksRepository(db).taskLinks(order.companyId, task.id)).filter(
    (link) => order.pointIndex === null || link.originalPointIndex === order.pointIndex,
  );
  if (links.length === 0) return null;
  const pointIndexes = [...new Set(links.map((link) => link.originalPointIndex))].sort((a, b) => a - b);
  const remeasurePointIndexes = links.map((link) => link.pointIndex);
  const items = new WorkOrderItemsRepository(db);
  const before = await items.siteItems(order.companyId, task.parentTaskId, pointIndexes);
  const after = await items.siteItems(order.companyId, task.id, remeasurePointIndexes);
  const named = orderItemCodes(order);
  const codes = named.length > 0 ? named : [...new Set(before.map((row) => row.itemCode))];
  const ofItem = (rows: SiteItemCounts[], code: string) => rows.filter((row) => row.itemCode === code);
  const compared = codes.filter((code) => ofItem(after, code).length > 0);
  const side = (rows: SiteItemCounts[], chosen: string[]) =>
    siteItemFigures(rows.filter((row) => chosen.includes(row.itemCode)));
  return {
    TaskId: task.id,
    TaskName: taskNameIn(task, lang),
    Before: side(before, compared.length > 0 ? compared : codes),
    After: compared.length > 0 ? side(after, compared) : null,
    ItemCodes: compared,
    NotMeasuredAgain: codes.filter((code) => !compared.includes(code)),
    PointIndexes: pointIndexes,
    RemeasurePointIndexes: remeasurePointIndexes,
    Items: codes.map((code) => ({
      ItemCode: code,
      Before: siteItemFigures(ofItem(before, code)),
      After: compared.includes(code) ? siteItemFigures(ofItem(after, code)) : null,
    })),
  };
}
