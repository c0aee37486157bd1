import fs from 'node:fs/promises';
import path from 'node:path';
import { apiRoutes, emptyCounts, type Figures, type LinkedSite, toFigures } from '@measure/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from '../../core/file-store.ts';
import { LocalObjectStore } from '../../core/storage/local-object-store.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
import {
  assignHouseType,
  buildAdmin,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltUser,
} from '../../../test/factories.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { recomputeFromReadings } from '../../../test/review.ts';
import { ReportRenderer, type ReportExtension } from '../reports/report-job.ts';
import { buildTask, buildWorkOrder, finishWorkOrder } from '../../../test/task-factories.ts';

/**
 * Issue 18 item 3: a re-measure task's sites link to the sites they re-measure (same household and
 * room, or same name without a room; same name first, then the work order's site), the site view
 * answers Before and After with figures equal to a recomputation, the work order closes the loop, the
 * report lists before and after, and another company's sites never show.
 */
let t: TestApp;
let companyId: string;
let admin: BuiltUser;
let worker: BuiltUser;
let device: { id: string; key: string };
let originalId: string;
let remeasureId: string;
let orderId: string;

type Site = {
  PointIndex: number;
  Household: number;
  RoomId?: string;
  Name: string;
  Values: number[];
};

async function send(taskId: string, key: string, sites: Site[], idempotency: string) {
  const answer = await callRouteResponse(
    t.app,
    apiRoutes.resultsDevice.results,
    {
      TaskId: taskId,
      Source: 'robot',
      Sites: sites.map((site) => ({
        PointIndex: site.PointIndex,
        BuildingNumber: '1#',
        Floor: 1,
        Household: site.Household,
        RoomId: site.RoomId ?? null,
        Name: site.Name,
        Readings: [{ ItemCode: 'PL-01', Values: site.Values }],
      })),
    } as never,
    { headers: { authorization: `Device ${key}`, 'idempotency-key': idempotency } },
  );
  expect(answer.body.Code).toBe(0);
}

const square = (x: number) => [
  { X: x, Y: 0 },
  { X: x + 40, Y: 0 },
  { X: x + 40, Y: 40 },
  { X: x, Y: 40 },
];

/** A project of the company with a house type of two rooms (r1, r2) on floor 1. */
async function projectWithRooms(company: string, as: BuiltUser, staff: BuiltUser[] = []) {
  const projectId = (
    await buildProject(t, {
      companyId: company,
      buildings: [{ number: '1#', stories: 2, households: 2 }],
      staff,
    })
  ).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 2 });
  await callRouteOk(
    t.app,
    apiRoutes.houseMaps.saveMeasurePoints,
    {
      HouseMapId: houseMapId,
      MeasurePoints: {
        Rooms: [
          { Id: 'r1', Name: 'Living', Polygon: square(0) },
          { Id: 'r2', Name: 'Bed', Polygon: square(50) },
        ],
        Stations: [],
        Points: [],
      },
    } as never,
    { as },
  );
  return projectId;
}

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  worker = await buildUser(t, { companyId, roles: ['Surveyor'] });
  device = await buildDevice(t, { companyId });
  const projectId = await projectWithRooms(companyId, admin, [worker]);
  originalId = await buildTask(t, admin, {
    ProjectId: projectId,
    Households: [1, 2].map((household) => ({ BuildingNumber: '1#', Floor: 1, Household: household })),
    ItemCodes: ['PL-01'],
    DeviceGuid: device.id,
  });
  await send(
    originalId,
    device.key,
    [
      { PointIndex: 1, Household: 1, RoomId: 'r1', Name: 'Living north', Values: [1, 30] },
      { PointIndex: 2, Household: 1, RoomId: 'r1', Name: 'Living south', Values: [6, 1, 7] },
      { PointIndex: 3, Household: 1, RoomId: 'r2', Name: 'Bed north', Values: [1] },
      { PointIndex: 4, Household: 1, Name: 'Balcony', Values: [2, 9] },
      { PointIndex: 5, Household: 2, RoomId: 'r1', Name: 'Living south', Values: [1] },
    ],
    'original',
  );
  // A rectification order on site 2, moved to completed by its assignee, then its re-measure task.
  orderId = await buildWorkOrder(t, admin, {
    ProjectId: projectId,
    Household: 1,
    TaskId: originalId,
    PointIndex: 2,
    ItemCode: 'PL-01',
    AssigneeId: worker.id,
  });
  await finishWorkOrder(t, orderId, worker, 'ground');
  remeasureId = await callRouteOk(
    t.app,
    apiRoutes.workOrders.createRemeasureTask,
    { WorkOrderId: orderId },
    { as: admin },
  );
  await callRouteOk(
    t.app,
    apiRoutes.tasks.reassignTask,
    { TaskId: remeasureId, DeviceGuid: device.id, SurveyorIds: [] },
    { as: admin },
  );
}, 60_000);
afterAll(async () => t.close());

const view = (taskId: string, pointIndex: number, as = admin) =>
  callRouteOk(t.app, apiRoutes.review.getMsPicDto, { TaskId: taskId, PointIndex: pointIndex }, { as });
const recomputed = async (taskId: string) =>
  recomputeFromReadings(
    t,
    companyId,
    await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: admin }),
  );
const sum = (list: Figures[]) => {
  const counts = emptyCounts();
  for (const f of list) {
    counts.qualified += f.Qualified;
    counts.warning += f.Warning;
    counts.unqualified += f.Unqualified;
    counts.exploded += f.Exploded;
    counts.unjudged += f.Unjudged;
    counts.sites += f.Sites;
    counts.explodedSites += f.ExplodedSites;
  }
  return toFigures(counts);
};
const ref = (site: LinkedSite | null) => site && [site.TaskId, site.PointIndex];

describe('before and after of a re-measure', () => {
  it('answers nothing before the re-measure has results', async () => {
    expect((await view(originalId, 2)).After).toEqual([]);
    const order = await callRouteOk(t.app, apiRoutes.workOrders.get, { WorkOrderId: orderId }, { as: admin });
    expect(order.Remeasured).toBeNull();
  });

  it('links each re-measure site to one original and answers both sides with recomputed figures', async () => {
    await send(
      remeasureId,
      device.key,
      [
        // Same room and name: the original of that name.
        { PointIndex: 1, Household: 1, RoomId: 'r1', Name: 'Living south', Values: [2, 1, 3] },
        // Same room, a name the parent lacks: the work order's site (2), not the lower site 1.
        { PointIndex: 2, Household: 1, RoomId: 'r1', Name: 'Living (whole)', Values: [1, 4] },
        // The room's only site, whatever its name.
        { PointIndex: 3, Household: 1, RoomId: 'r2', Name: 'Bed, again', Values: [1] },
        // No room: the site of the same name without a room.
        { PointIndex: 4, Household: 1, Name: 'Balcony', Values: [1, 2] },
        // No room and no site of that name: no original.
        { PointIndex: 5, Household: 1, Name: 'Terrace', Values: [1] },
      ],
      'remeasure',
    );
    const before = await recomputed(originalId);
    const after = await recomputed(remeasureId);
    const expected: Record<number, number | null> = { 1: 2, 2: 2, 3: 3, 4: 4, 5: null };
    for (const [index, original] of Object.entries(expected)) {
      const site = await view(remeasureId, Number(index));
      expect(site.After).toEqual([]);
      if (original === null) {
        expect(site.Before).toBeNull();
        continue;
      }
      expect(ref(site.Before)).toEqual([originalId, original]);
      expect(site.Before?.Figures).toEqual(before.sites.get(original));
      const originalView = await view(originalId, original);
      expect(site.Before?.Readings).toEqual(originalView.Readings);
      expect(site.Before?.TaskName).not.toBe('');
    }
    // The originals' view: its re-measures, each with its own figures; site 5 (household 2) has none.
    const second = await view(originalId, 2);
    expect(second.Before).toBeNull();
    expect(second.After.map(ref)).toEqual([
      [remeasureId, 1],
      [remeasureId, 2],
    ]);
    for (const site of second.After) expect(site.Figures).toEqual(after.sites.get(site.PointIndex));
    expect((await view(originalId, 1)).After).toEqual([]);
    expect((await view(originalId, 5)).After).toEqual([]);
    expect((await view(originalId, 4)).After.map(ref)).toEqual([[remeasureId, 4]]);
  });

  it('closes the loop in the work order: its site before, its re-measures after', async () => {
    const order = await callRouteOk(t.app, apiRoutes.workOrders.get, { WorkOrderId: orderId }, { as: admin });
    const before = await recomputed(originalId);
    const after = await recomputed(remeasureId);
    expect(order.Remeasured).toMatchObject({ TaskId: remeasureId });
    expect(order.Remeasured?.Before).toEqual(before.sites.get(2));
    expect(order.Remeasured?.After).toEqual(sum([after.sites.get(1)!, after.sites.get(2)!]));
    expect(order.Remeasured?.Before.PassRate).toBe(33.33);
    expect(order.Remeasured?.After?.PassRate).toBe(100);
  });

  it('shows before and after pass rates per site in the re-measure task report', async () => {
    await callRouteOk(t.app, apiRoutes.tasks.finishTask, { TaskId: remeasureId }, { as: admin });
    const files = new FileStore<ReportExtension>(new LocalObjectStore(t.config.dataDir), 'reports', [
      'pdf',
      'xlsx',
    ]);
    expect(await new ReportRenderer({ db: t.db, files }).render({ companyId, taskId: remeasureId })).toBe(
      'ready',
    );
    const [row] = (
      await t.db.execute<{ pdf_name: string }>(
        sql`select pdf_name from reports where company_id = ${companyId} and task_id = ${remeasureId}`,
      )
    ).rows;
    const text = pdfText(await fs.readFile(path.join(t.config.dataDir, 'reports', row!.pdf_name)));
    const parent = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: originalId }, { as: admin });
    expect(text).toContain(`复测前后对比（原任务：${parent.Name}）`);
    // The cover names the measure kind: a re-measure and the task it measures again.
    expect(text).toContain(`测量类型：复测（原任务：${parent.Name}）`);
    expect(text).toContain('复测前合格率（%）');
    expect(text).toContain('Living (whole)');
    expect(text).toContain('33.33');
  }, 60_000);

  it("never shows another company's sites, even with a parent link and the same place", async () => {
    const otherCompany = (await buildCompany(t)).id;
    const otherAdmin = await buildAdmin(t, { companyId: otherCompany });
    const otherDevice = await buildDevice(t, { companyId: otherCompany });
    const otherProject = await projectWithRooms(otherCompany, otherAdmin);
    const otherTask = await buildTask(t, otherAdmin, {
      ProjectId: otherProject,
      ItemCodes: ['PL-01'],
      DeviceGuid: otherDevice.id,
    });
    await send(
      otherTask,
      otherDevice.key,
      [{ PointIndex: 1, Household: 1, Name: 'Balcony', Values: [1] }],
      'other',
    );
    // Forced by hand (the API refuses it): a parent in the first company and its building.
    await t.db.execute(sql`update tasks set parent_task_id = ${originalId} where id = ${otherTask}`);
    await t.db.execute(sql`update task_sites set building_id =
      (select building_id from task_sites where task_id = ${originalId} limit 1) where task_id = ${otherTask}`);
    expect((await view(originalId, 4)).After.map(ref)).toEqual([[remeasureId, 4]]);
    expect((await view(otherTask, 1, otherAdmin as BuiltUser)).Before).toBeNull();
    const refused = await callRoute(
      t.app,
      apiRoutes.review.getMsPicDto,
      { TaskId: remeasureId, PointIndex: 1 },
      { as: otherAdmin as BuiltUser },
    );
    expect(refused.Code).toBe(404);
  });
});
