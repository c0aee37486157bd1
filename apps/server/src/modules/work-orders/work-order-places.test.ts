import { apiRoutes } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import { buildCompany, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { buildPlannedProject, buildWorkOrder } from '../../../test/task-factories.ts';

/**
 * Issue 18, the page's plan view: WorkOrderMap/GetPinnedPlaces answers the households where work
 * orders of the filter are pinned, with their counts, under WorkOrder/List's filters and scope.
 */
let t: TestApp;
let admin: BuiltUser;
let pm: BuiltUser;
let otherAdmin: BuiltUser;
let projectA: string;
let projectB: string;
let companyId: string;

const project = (companyId: string, name: string, staff: BuiltUser[] = [], planned = 3) =>
  buildPlannedProject(t, { companyId, name, stories: 3, households: 2, staff, plannedFloors: planned });

const add = (ProjectId: string, place: Record<string, unknown>, Type: 'rectify' | 'remeasure' = 'rectify') =>
  buildWorkOrder(t, admin, { ProjectId, Type, ...place });
const pinned = (floor: number, household: number) => ({ Floor: floor, Household: household, X: 10, Y: 10 });
const places = (as: BuiltUser, filter: Record<string, unknown> = {}) =>
  callRouteOk(t.app, apiRoutes.workOrders.getPinnedPlaces, filter, { as });
const brief = (items: { ProjectId: string; Floor: number; Household: number; Count: number }[]) =>
  items.map((item) => [item.ProjectId === projectA ? 'A' : 'B', item.Floor, item.Household, item.Count]);

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  pm = await buildUser(t, { companyId, roles: ['ProjectAdmin'] });
  otherAdmin = await buildUser(t, { roles: ['CompanyAdmin'] });
  projectA = await project(companyId, '甲项目', [pm]);
  projectB = await project(companyId, '乙项目');
  // In the order made: A 1-1 twice, A 2-2, B 1-1, A 3-1 (re-measure); never on a plan: an
  // order without a pin and one of a whole floor.
  await add(projectA, pinned(1, 1));
  await add(projectA, pinned(1, 1));
  await add(projectA, pinned(2, 2));
  await add(projectB, pinned(1, 1));
  await add(projectA, pinned(3, 1), 'remeasure');
  await add(projectA, { Floor: 1, Household: 1 });
  await add(projectA, { Floor: 2 });
});
afterAll(async () => t.close());

describe('pinned households of the plan view', () => {
  it('answers every pinned household of the caller’s scope with its count, newest first', async () => {
    const all = await places(admin);
    expect(brief(all.Items)).toEqual([
      ['A', 3, 1, 1],
      ['B', 1, 1, 1],
      ['A', 2, 2, 1],
      ['A', 1, 1, 2],
    ]);
    expect(all.Total).toBe(4);
    expect(all.Items.find((item) => item.ProjectId === projectB)).toMatchObject({
      ProjectName: '乙项目',
      BuildingNumber: '1#',
    });
    // The same orders the list answers with a pin.
    const list = await callRouteOk(
      t.app,
      apiRoutes.workOrders.list,
      { PageSize: 100, CurrentPage: 1 },
      { as: admin },
    );
    const pins = list.Items.filter((row) => row.X !== null && row.Household !== null).length;
    expect(all.Items.reduce((sum, item) => sum + item.Count, 0)).toBe(pins);
  });

  it('takes the list’s filters', async () => {
    expect(brief((await places(admin, { ProjectId: projectB })).Items)).toEqual([['B', 1, 1, 1]]);
    expect(brief((await places(admin, { Type: 'remeasure' })).Items)).toEqual([['A', 3, 1, 1]]);
    expect(brief((await places(admin, { ProjectId: projectA, Floor: 1 })).Items)).toEqual([['A', 1, 1, 2]]);
    expect(await places(admin, { State: 'completed' })).toEqual({ Items: [], Total: 0 });
  });

  it('shows a project administrator only their projects, and another company nothing', async () => {
    const mine = await places(pm);
    expect(brief(mine.Items)).toEqual([
      ['A', 3, 1, 1],
      ['A', 2, 2, 1],
      ['A', 1, 1, 2],
    ]);
    expect(await places(pm, { ProjectId: projectB })).toEqual({ Items: [], Total: 0 });
    expect(await places(otherAdmin)).toEqual({ Items: [], Total: 0 });
    expect(await places(otherAdmin, { ProjectId: projectA })).toEqual({ Items: [], Total: 0 });
  });

  it('has no plan for a household without a house type: a work order there goes without a pin', async () => {
    const unplanned = await project(companyId, '丙项目', [], 2);
    const place = { ProjectId: unplanned, BuildingNumber: '1#', Floor: 3, Household: 1 };
    expect(await callRouteOk(t.app, apiRoutes.workOrders.getPlan, place, { as: admin })).toBeNull();
    expect(
      await callRouteOk(t.app, apiRoutes.workOrders.getPlan, { ...place, Floor: 2 }, { as: admin }),
    ).not.toBeNull();
    const body = { ...place, Type: 'rectify', Process: 'plaster' } as const;
    const refused = await callRoute(
      t.app,
      apiRoutes.workOrders.add,
      { ...body, X: 1, Y: 1 },
      { as: admin, lang: 'en-US' },
    );
    expect(refused.Code).toBe(400);
    expect((refused.Result as unknown as { Field: string; Message: string }[])[0]).toMatchObject({
      Field: 'X',
      Message: 'Building 1#, floor 3, household 1 has no house type plan to pin on',
    });
    expect((await callRoute(t.app, apiRoutes.workOrders.add, body, { as: admin })).Code).toBe(0);
    expect((await places(admin, { ProjectId: unplanned })).Total).toBe(0);
  });
});
