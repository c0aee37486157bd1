import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  DATA_POOL_LIMITS,
  type DataPoolRow,
  GRADE_NAMES,
  type Language,
  type RouteBody,
  type RouteResult,
  type resultsRoutes,
  taskNameIn,
} from '@measure/contract';
import type { Database } from '../../db/client.ts';
import { checkItemsOfStage } from '../analysis/analysis-scope.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { itemName } from '../tasks/task-plan.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import { type DataPoolFilter, type DataPoolKey, DataPoolRepository } from './data-pool-repository.ts';
import { writeDataPoolSheet } from './data-pool-sheet.ts';
import { figuresOf } from './judge-readings.ts';

type ListBody = RouteBody<typeof resultsRoutes.getDataPool>;
type ExportBody = RouteBody<typeof resultsRoutes.exportDataPool>;
type ListResult = RouteResult<typeof resultsRoutes.getDataPool>;
type PoolRecord = Awaited<ReturnType<DataPoolRepository['page']>>[number];

/** Rows fetched per query while exporting. */
const EXPORT_CHUNK = 2_000;

const filterOf = (body: ExportBody): DataPoolFilter => ({
  projectId: body.ProjectId,
  taskId: body.TaskId,
  buildingNumber: body.BuildingNumber ?? null,
  floor: body.Floor ?? null,
  itemCode: body.ItemCode ?? null,
  grade: body.Grade ?? null,
  source: body.Source ?? null,
  startDate: body.StartDate,
  endDate: body.EndDate,
  outsideTaskWindow: body.OutsideTaskWindow ?? null,
  stage: body.Stage ?? null,
  inspectionKind: body.InspectionKind ?? null,
  measureKind: body.MeasureKind ?? null,
  taskKind: body.TaskKind ?? null,
  itemCodes: body.ItemCodes?.length ? body.ItemCodes.map((code) => code.toLowerCase()) : null,
  countedOnly: body.CountedOnly ?? false,
});

/** The item filters of a call (ItemCode and ItemCodes), for the stage check. */
const itemsOf = (body: ExportBody): string[] => [
  ...(body.ItemCode ? [body.ItemCode] : []),
  ...(body.ItemCodes ?? []),
];

/**
 * The data pool (`dataPool`): every reading of the tasks of the projects the caller sees, paged on the
 * server, and exported as a workbook written while the rows stream out of the database.
 */
export class DataPoolService {
  constructor(private readonly deps: { db: Database }) {}

  async list(auth: AuthContext, body: ListBody, lang: Language): Promise<ListResult> {
    const repository = new DataPoolRepository(this.deps.db);
    const filter = filterOf(body);
    await checkItemsOfStage(
      this.deps.db,
      auth,
      body.Stage,
      itemsOf(body),
      body.ItemCodes?.length ? 'ItemCodes' : 'ItemCode',
    );
    const records = await repository.page(
      auth,
      filter,
      body.PageSize,
      (body.CurrentPage - 1) * body.PageSize,
    );
    const counted = await repository.count(auth, filter, DATA_POOL_LIMITS.countCap);
    // Summed over every matching row of one project (a drill-down), never over the whole company.
    const sums = filter.projectId ? await repository.sums(auth, filter) : null;
    return {
      Figures: sums && figuresOf(sums),
      Items: await this.rows(auth, records, lang),
      Total: Math.min(counted, DATA_POOL_LIMITS.countCap),
      TotalCapped: counted > DATA_POOL_LIMITS.countCap,
      PageSize: body.PageSize,
      CurrentPage: body.CurrentPage,
    };
  }

  /** How many rows an export with these filters writes (counted up to `cap`). */
  async count(auth: AuthContext, body: ExportBody, cap: number): Promise<number> {
    return Math.min(await new DataPoolRepository(this.deps.db).count(auth, filterOf(body), cap), cap);
  }

  /**
   * Writes the filtered pool as .xlsx into `out`, chunk by chunk (keyset), at most `exportRows` rows.
   * After each chunk `progress` hears the rows written so far and the event loop gets a turn, so a
   * large export never holds it for longer than one chunk's rows.
   */
  async export(
    auth: AuthContext,
    body: ExportBody,
    lang: Language,
    out: Writable,
    progress?: (rowsWritten: number) => Promise<void>,
  ): Promise<number> {
    const repository = new DataPoolRepository(this.deps.db);
    const filter = filterOf(body);
    const names = new Map<string, Map<string, string>>();
    const rowsOf = (records: readonly PoolRecord[]) => this.rows(auth, records, lang, names);
    async function* chunks(): AsyncGenerator<DataPoolRow[]> {
      let after: DataPoolKey | null = null;
      let written = 0;
      while (written < DATA_POOL_LIMITS.exportRows) {
        const limit = Math.min(EXPORT_CHUNK, DATA_POOL_LIMITS.exportRows - written);
        const records = await repository.chunk(auth, filter, after, limit);
        if (records.length === 0) return;
        yield await rowsOf(records);
        written += records.length;
        await progress?.(written);
        await nextTurn();
        const last = records[records.length - 1] as PoolRecord;
        after = {
          day: last.day,
          measuredAt: last.measuredAt,
          taskId: last.taskId,
          pointIndex: last.pointIndex,
          itemCode: last.itemCode,
        };
        if (records.length < limit) return;
      }
    }
    return writeDataPoolSheet(out, chunks(), lang);
  }

  /** Rows for the API: item names from each task's frozen standard, grades by name, figures. */
  private async rows(
    auth: AuthContext,
    records: readonly PoolRecord[],
    lang: Language,
    names = new Map<string, Map<string, string>>(),
  ): Promise<DataPoolRow[]> {
    const tasks = new TasksRepository(this.deps.db);
    for (const taskId of new Set(records.map((record) => record.taskId))) {
      if (names.has(taskId)) continue;
      const task = await tasks.find(auth.companyId, taskId);
      names.set(
        taskId,
        new Map((task?.standard.Items ?? []).map((item) => [item.Code, itemName(item, lang)])),
      );
    }
    return records.map((record) => ({
      TaskId: record.taskId,
      TaskName: taskNameIn({ name: record.taskName, nameParts: record.taskNameParts }, lang),
      ProjectId: record.projectId,
      ProjectName: record.projectName,
      Stage: record.stage as DataPoolRow['Stage'],
      PointIndex: record.pointIndex,
      BuildingNumber: record.buildingNumber,
      Floor: record.floor,
      Household: record.household,
      RoomId: record.roomId,
      Side: record.side,
      SiteName: record.siteName,
      ItemCode: record.itemCode,
      ItemName: names.get(record.taskId)?.get(record.itemCode) ?? record.itemCode,
      Source: record.source as DataPoolRow['Source'],
      MeasuredAt: record.measuredAt.toISOString(),
      OutsideTaskWindow: record.outsideTaskWindow,
      Values: record.vals,
      Grades: (record.grades ?? []).map((grade) => GRADE_NAMES[grade] ?? 'exploded'),
      Valid: record.valid,
      Figures: figuresOf({ ...record, sites: 1, explodedSites: record.exploded > 0 ? 1 : 0 }),
    }));
  }
}
