import fs from 'node:fs/promises';
import path from 'node:path';
import { apiRoutes, type DataPoolRow } from '@measure/contract';
import ExcelJS from 'exceljs';
import { runOnce } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  companyAdmin,
  type BuiltUser,
} from '../../../test/factories.ts';
import { FileStore } from '../../core/file-store.ts';
import { LocalObjectStore } from '../../core/storage/local-object-store.ts';
import { jobDefinitions } from '../../jobs/jobs.ts';
import { DataPoolExportService, ExportHandedBackError } from './data-pool-export-service.ts';
import { DataPoolService } from './data-pool-service.ts';
import { buildTask } from '../../../test/task-factories.ts';

const routes = apiRoutes.results;
let t: TestApp;
let planner: BuiltUser;
let surveyor: BuiltUser;
let stranger: BuiltUser;
let device: { id: string; key: string };
let taskA: string;
let taskB: string;

/** A task of a project with one building, and the batch of flatness readings sent for it. */
async function taskWithReadings(
  projectId: string,
  sites: { floor: number; values: number[]; day: string }[],
) {
  const taskId = await buildTask(t, planner, {
    ProjectId: projectId,
    Households: [1, 2, 3].map((floor) => ({ BuildingNumber: '1#', Floor: floor, Household: 1 })),
    ItemCodes: ['PL-01', 'PL-02'],
    DeviceGuid: device.id,
  });
  await callRouteOk(
    t.app,
    apiRoutes.resultsDevice.results,
    {
      TaskId: taskId,
      Source: 'robot',
      Sites: sites.map((site, index) => ({
        PointIndex: index + 1,
        BuildingNumber: '1#',
        Floor: site.floor,
        Household: 1,
        MeasuredAt: `${site.day}T02:00:00Z`,
        Readings: [
          { ItemCode: 'PL-01', Values: site.values },
          { ItemCode: 'PL-02', Values: [1] },
        ],
      })),
    } as never,
    { headers: { authorization: `Device ${device.key}`, 'idempotency-key': taskId } },
  );
  return taskId;
}

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  surveyor = await buildUser(t, { companyId, roles: ['Surveyor'] });
  stranger = await companyAdmin(t, (await buildCompany(t)).id);
  device = await buildDevice(t, { companyId });
  const projects = [
    await buildProject(t, { companyId, staff: [surveyor] }),
    await buildProject(t, { companyId }),
  ];
  for (const project of projects) {
    const houseMapId = (await buildHouseType(t, { projectId: project.id })).HouseMapId;
    await assignHouseType(t, { projectId: project.id, houseMapId, floorFrom: 1, floorTo: 3 });
  }
  taskA = await taskWithReadings(projects[0]!.id, [
    { floor: 1, values: [1, 2], day: '2026-11-20' },
    { floor: 2, values: [30], day: '2026-11-21' },
  ]);
  taskB = await taskWithReadings(projects[1]!.id, [{ floor: 3, values: [5], day: '2026-11-22' }]);
});
afterAll(async () => t.close());

const list = async (as: BuiltUser, filter: object = {}) =>
  callRouteOk(t.app, routes.getDataPool, { PageSize: 50, ...filter }, { as });
/** The export's headers in both languages: a reading's place and item, then the value's own cells. */
const VALUE_HEADER = {
  'en-US': [
    'Project',
    'Task',
    'Building',
    'Floor',
    'Household',
    'Room',
    'Site',
    'Site name',
    'Item code',
    'Item',
    'Source',
    'Measured at (UTC+8)',
    'Value no.',
    'Value (mm)',
    'Grade',
    'Valid',
  ],
  'zh-CN': [
    '项目',
    '任务',
    '楼栋',
    '楼层',
    '户',
    '房间',
    '测区序号',
    '测区',
    '测量项编码',
    '测量项',
    '来源',
    '测量时间（UTC+8）',
    '值序号',
    '读数（mm）',
    '评定',
    '有效',
  ],
};
/** The cell types of Floor, Site, Value no. and Value: numbers, never text. */
const NUMERIC = [
  ExcelJS.ValueType.Number,
  ExcelJS.ValueType.Number,
  ExcelJS.ValueType.Number,
  ExcelJS.ValueType.Number,
];

/** An export's header, and per row Floor, Site, Item code, Item, Value no., Value, Grade, Valid. */
async function valueRows(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  const header = VALUE_HEADER['en-US'].map((_, i) => sheet.getRow(1).getCell(i + 1).value);
  const rows: unknown[][] = [];
  const types: number[][] = [];
  const times: unknown[][] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    times.push([row.getCell(12).value, row.getCell(12).numFmt]);
    rows.push([4, 7, 9, 10, 13, 14, 15, 16].map((column) => row.getCell(column).value));
    types.push([4, 7, 13, 14].map((column) => row.getCell(column).type));
  });
  return { header, rows, types, times };
}

const places = (rows: DataPoolRow[]) => rows.map((row) => `${row.Floor}/${row.ItemCode}`);

describe('data pool', () => {
  it('lists every reading of the visible tasks, newest day first, with values, grades and figures', async () => {
    const page = await list(planner);
    expect(page.Total).toBe(6);
    expect(page.TotalCapped).toBe(false);
    expect(places(page.Items)).toEqual(['3/PL-01', '3/PL-02', '2/PL-01', '2/PL-02', '1/PL-01', '1/PL-02']);
    const exploded = page.Items.find(
      (row) => row.TaskId === taskA && row.Floor === 2 && row.ItemCode === 'PL-01',
    );
    expect(exploded).toMatchObject({ Values: [30], Grades: ['exploded'], Source: 'robot' });
    expect(exploded?.Figures).toMatchObject({ Exploded: 1, Total: 1, PassRate: 0 });
  });

  it('filters by task, floor, item, grade, source and day, and pages on the server', async () => {
    expect((await list(planner, { TaskId: taskB })).Total).toBe(2);
    expect(places((await list(planner, { Floor: 1, ItemCode: 'pl-01' })).Items)).toEqual(['1/PL-01']);
    expect(places((await list(planner, { Grade: 'exploded' })).Items)).toEqual(['2/PL-01']);
    expect((await list(planner, { Source: 'manual' })).Total).toBe(0);
    expect((await list(planner, { StartDate: '2026-11-21', EndDate: '2026-11-21' })).Total).toBe(2);
    const second = await list(planner, { PageSize: 4, CurrentPage: 2 });
    expect(places(second.Items)).toEqual(['1/PL-01', '1/PL-02']);
  });

  it('shows only the projects the caller sees, and nothing of other companies', async () => {
    expect((await list(surveyor)).Items.every((row) => row.TaskId === taskA)).toBe(true);
    expect((await list(surveyor)).Total).toBe(4);
    expect((await list(stranger)).Total).toBe(0);
    const bad = await callRoute(t.app, routes.getDataPool, { StartDate: '2026-13-01' }, { as: planner });
    expect(bad.Code).toBe(400);
  });

  it('exports what the filters show as one row per value: numbers as numbers, an invalid value marked', async () => {
    const exported = async (language: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ms/DataPool/Export',
        headers: { authorization: `Bearer ${planner.token}`, 'accept-language': language },
        payload: { TaskId: taskA, ItemCode: 'PL-01' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      return valueRows(response.rawPayload);
    };
    const english = await exported('en-US');
    expect(english.header).toEqual(VALUE_HEADER['en-US']);
    // Site 2 (floor 2, newest day) then site 1's two values, each its own row.
    expect(english.rows).toEqual([
      [2, 2, 'PL-01', 'Wall flatness', 1, 30, 'Severe deviation', 'Yes'],
      [1, 1, 'PL-01', 'Wall flatness', 1, 1, 'Qualified', 'Yes'],
      [1, 1, 'PL-01', 'Wall flatness', 2, 2, 'Qualified', 'Yes'],
    ]);
    expect(english.types).toEqual(english.rows.map(() => NUMERIC));
    // Measured at 02:00 UTC: a date cell holding 10:00 in Shanghai, shown in the language's format.
    const measured = (day: string, format: string) => [new Date(`${day}T10:00:00Z`), format];
    const englishFormat = 'mmm d, yyyy, hh:mm';
    expect(english.times).toEqual([
      measured('2026-11-21', englishFormat),
      measured('2026-11-20', englishFormat),
      measured('2026-11-20', englishFormat),
    ]);
    // A reviewer marks site 1's second value invalid: it keeps its row, graded nowhere, marked invalid.
    await callRouteOk(
      t.app,
      apiRoutes.review.updateRulerSetting,
      { TaskId: taskA, PointIndex: 1, ItemCode: 'PL-01', RulerIndex: 1, Valid: false },
      { as: planner },
    );
    const chinese = await exported('zh-CN');
    expect(chinese.header).toEqual(VALUE_HEADER['zh-CN']);
    expect(chinese.rows).toEqual([
      [2, 2, 'PL-01', '墙面平整度', 1, 30, '爆点', '是'],
      [1, 1, 'PL-01', '墙面平整度', 1, 1, '合格', '是'],
      [1, 1, 'PL-01', '墙面平整度', 2, 2, null, '否'],
    ]);
    expect(chinese.types).toEqual(chinese.rows.map(() => NUMERIC));
    expect(chinese.times[0]).toEqual(measured('2026-11-21', 'yyyy-mm-dd hh:mm'));
  });

  it('exports in the background: progress, then one download by its owner only, then it expires', async () => {
    const start = await callRouteOk(
      t.app,
      routes.startDataPoolExport,
      { TaskId: taskA, ItemCode: 'PL-01' },
      { as: planner, lang: 'en-US' },
    );
    const status = (as: BuiltUser) => callRoute(t.app, routes.getDataPoolExport, start, { as });
    expect((await status(planner)).Result).toMatchObject({
      State: 'queued',
      RowsWritten: 0,
      RowsTotal: null,
    });
    // Another user of the company, or of another company, does not see it.
    expect((await status(surveyor)).Code).toBe(404);
    expect((await status(stranger)).Code).toBe(404);

    // The worker's job writes it (the same job definitions the server runs, on the test database).
    const directory = path.join(t.config.dataDir, 'exports', 'data-pool');
    // The progress its owner sees after each chunk is written.
    const rowsSource = new DataPoolService({ db: t.db });
    const seen: unknown[] = [];
    const exports = new DataPoolExportService({
      db: t.db,
      files: new FileStore<'xlsx'>(new LocalObjectStore(t.config.dataDir), 'exports/data-pool', ['xlsx']),
      dataPool: {
        count: (...args) => rowsSource.count(...args),
        export: (auth, body, lang, out, progress) =>
          rowsSource.export(auth, body, lang, out, async (rows) => {
            await progress?.(rows);
            seen.push((await status(planner)).Result);
          }),
      },
      enqueue: async () => {},
    });
    const pool = new pg.Pool({ connectionString: t.connectionString, max: 2 });
    try {
      const silent = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} };
      await runOnce({
        pgPool: pool,
        taskList: jobDefinitions(t.db, silent as never, { dataPoolExports: exports }).tasks,
      });
    } finally {
      await pool.end();
    }
    expect(seen).toEqual([expect.objectContaining({ State: 'running', RowsWritten: 2, RowsTotal: 2 })]);
    const ready = (await status(planner)).Result;
    expect(ready).toMatchObject({
      State: 'ready',
      RowsWritten: 2,
      RowsTotal: 2,
      Error: null,
      FileName: 'data-pool.xlsx',
      Downloaded: false,
    });
    expect(await fs.readdir(directory)).toHaveLength(1);

    const download = (as: BuiltUser) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ms/DataPool/DownloadExport',
        headers: { authorization: `Bearer ${as.token}` },
        payload: start,
      });
    expect((await download(surveyor)).json()).toMatchObject({ Code: 404 });
    const response = await download(planner);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    // In the language it was started in; site 1's second value stays marked invalid (test above).
    expect((await valueRows(response.rawPayload)).rows).toEqual([
      [2, 2, 'PL-01', 'Wall flatness', 1, 30, 'Severe deviation', 'Yes'],
      [1, 1, 'PL-01', 'Wall flatness', 1, 1, 'Qualified', 'Yes'],
      [1, 1, 'PL-01', 'Wall flatness', 2, 2, null, 'No'],
    ]);
    // Once: the file is gone and a second download is refused.
    expect((await download(planner)).json()).toMatchObject({ Code: 404 });
    expect((await status(planner)).Result).toMatchObject({ State: 'ready', Downloaded: true });
    await expect.poll(() => fs.readdir(directory)).toEqual([]);

    // An hour later the hourly clean-up removes it.
    expect(await exports.expire(new Date(Date.now() + 2 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect((await status(planner)).Code).toBe(404);
  });

  it('hands an export running at a drain back to the queue, and fails it as interrupted on its last attempt', async () => {
    const rowsSource = new DataPoolService({ db: t.db });
    const drain = new AbortController();
    const root = path.join(t.config.dataDir, 'drained');
    const exports = new DataPoolExportService({
      db: t.db,
      files: new FileStore<'xlsx'>(new LocalObjectStore(root), 'data-pool', ['xlsx']),
      dataPool: {
        count: (...args) => rowsSource.count(...args),
        export: (auth, body, lang, out, progress) =>
          rowsSource.export(auth, body, lang, out, async (rows) => {
            drain.abort(); // The drain's abort signal fires after the first chunk.
            await progress?.(rows);
          }),
      },
      enqueue: async () => {},
    });
    const files = () => fs.readdir(path.join(root, 'data-pool')).catch(() => []);
    const exportOf = async (body: object) => {
      const start = await callRouteOk(t.app, routes.startDataPoolExport, body, { as: planner });
      const status = async () =>
        (await callRoute(t.app, routes.getDataPoolExport, start, { as: planner, lang: 'en-US' })).Result;
      return { payload: { companyId: planner.companyId, exportId: start.ExportId }, status };
    };

    // Not the last attempt: queued again, nothing stored, the job is failed back (the error says so).
    const first = await exportOf({ TaskId: taskA });
    await expect(
      exports.run(first.payload, { signal: drain.signal, lastAttempt: false }),
    ).rejects.toBeInstanceOf(ExportHandedBackError);
    expect(await first.status()).toMatchObject({
      State: 'queued',
      RowsWritten: 0,
      RowsTotal: null,
      Error: null,
    });
    expect(await files()).toEqual([]);
    // Another instance takes the job again and finishes it.
    await exports.run(first.payload, { signal: new AbortController().signal, lastAttempt: false });
    const ready = await first.status();
    expect(ready).toMatchObject({ State: 'ready', Error: null });
    expect(ready?.RowsWritten).toBe(ready?.RowsTotal);
    expect(await files()).toHaveLength(1);

    // The last attempt: failed, with the reason in the owner's language; a later run leaves it so.
    const last = await exportOf({ TaskId: taskA });
    await expect(
      exports.run(last.payload, { signal: drain.signal, lastAttempt: true }),
    ).rejects.toBeInstanceOf(ExportHandedBackError);
    const interrupted = {
      State: 'failed',
      Error: 'The export was interrupted by a server restart; start it again',
      FileSize: null,
    };
    expect(await last.status()).toMatchObject(interrupted);
    await exports.run(last.payload, { signal: new AbortController().signal, lastAttempt: true });
    expect(await last.status()).toMatchObject(interrupted);
    expect(await files()).toHaveLength(1);
  });

  it('records a failed export with its reason, and leaves no file behind', async () => {
    const start = await callRouteOk(t.app, routes.startDataPoolExport, { TaskId: taskB }, { as: planner });
    // The export directory cannot be created (a file is in its way), so the job fails.
    const blocked = path.join(t.config.dataDir, 'blocked');
    await fs.writeFile(blocked, 'not a directory');
    const exports = new DataPoolExportService({
      db: t.db,
      files: new FileStore<'xlsx'>(new LocalObjectStore(blocked), 'data-pool', ['xlsx']),
      dataPool: new DataPoolService({ db: t.db }),
      enqueue: async () => {},
    });
    await expect(exports.run({ companyId: planner.companyId, exportId: start.ExportId })).rejects.toThrow();
    const failed = await callRoute(t.app, routes.getDataPoolExport, start, { as: planner, lang: 'en-US' });
    expect(failed.Result).toMatchObject({
      State: 'failed',
      Error: 'The export failed; start it again',
      FileSize: null,
    });
    const download = await t.app.inject({
      method: 'POST',
      url: '/api/ms/DataPool/DownloadExport',
      headers: { authorization: `Bearer ${planner.token}` },
      payload: start,
    });
    expect(download.json()).toMatchObject({ Code: 404 });
  });
});
