import { apiRoutes } from '@measure/contract';
import type { FrozenStandard } from '../../db/json-types.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks as tasksTable } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import {
  assignHouseType,
  buildCompany,
  buildHouseType,
  buildProject,
  buildUser,
  companyAdmin,
  type BuiltUser,
} from '../../../test/factories.ts';
import { buildTask } from '../../../test/task-factories.ts';

const routes = apiRoutes.results;
let t: TestApp;
let planner: BuiltUser;
let surveyor: BuiltUser;
let colleague: BuiltUser;
let outsider: BuiltUser;
let stranger: BuiltUser;
let taskId: string;

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  surveyor = await buildUser(t, { companyId, roles: ['Surveyor'] });
  colleague = await buildUser(t, { companyId, roles: ['Surveyor'] });
  outsider = await buildUser(t, { companyId, roles: ['Surveyor'] });
  const otherCompany = (await buildCompany(t)).id;
  stranger = await companyAdmin(t, otherCompany);
  const project = await buildProject(t, { companyId, staff: [surveyor, colleague] });
  const houseMapId = (await buildHouseType(t, { projectId: project.id })).HouseMapId;
  await callRouteOk(
    t.app,
    apiRoutes.houseMaps.saveMeasurePoints,
    {
      HouseMapId: houseMapId,
      MeasurePoints: {
        Rooms: [
          {
            Id: 'r-living',
            Name: '客厅',
            Polygon: [
              { X: 0, Y: 0 },
              { X: 100, Y: 0 },
              { X: 100, Y: 80 },
            ],
          },
        ],
      },
    },
    { as: planner },
  );
  await assignHouseType(t, { projectId: project.id, houseMapId, floorFrom: 1, floorTo: 2 });
  taskId = await buildTask(t, planner, {
    ProjectId: project.id,
    ItemCodes: ['PL-01', 'PL-02'],
    SurveyorIds: [surveyor.id],
  });
  // PL-02's frozen rule forbids manual entry (as a company's own rule may).
  const [task] = await t.db.select().from(tasksTable).where(eq(tasksTable.id, taskId));
  const standard = task?.standard as FrozenStandard;
  for (const item of standard.Items) if (item.Code === 'PL-02') item.Rule.ManualEntry = false;
  await t.db.update(tasksTable).set({ standard }).where(eq(tasksTable.id, taskId));
});
afterAll(async () => t.close());

const save = (as: BuiltUser, values: number[], code = 'PL-01', roomId: string | null = 'r-living') =>
  callRoute(
    t.app,
    routes.updates,
    {
      TaskId: taskId,
      BuildingNumber: '1#',
      Floor: 1,
      Household: 1,
      RoomId: roomId,
      Readings: [{ ItemCode: code, Values: values }],
    },
    { as },
  );

describe('manual entry', () => {
  it('offers the items that allow manual entry and the rooms of each household', async () => {
    const view = await callRouteOk(
      t.app,
      routes.getManualMeasureSummaryItems,
      { TaskId: taskId },
      { as: surveyor },
    );
    expect(view.Editable).toBe(true);
    expect(view.Items.map((item) => item.ItemCode)).toEqual(['PL-01']);
    expect(view.Households[0]?.Rooms).toEqual([{ RoomId: 'r-living', Name: '客厅' }]);
    expect(view.Entries).toEqual([]);
  });

  it('stores readings as a manual site judged with the frozen standard; the task figures follow', async () => {
    // Plaster flatness [0, 4], warning [0, 3], exploded beyond 8: 1 qualified, 3.5 warning, 5 unqualified.
    const answer = await save(surveyor, [1, 3.5, 5]);
    expect(answer.Code).toBe(0);
    const entry = answer.Result as { PointIndex: number; Readings: { Grades: string[] }[] };
    expect(entry.Readings[0]?.Grades).toEqual(['qualified', 'warning', 'unqualified']);
    const task = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: planner });
    expect(task.State).toBe('inProgress');
    expect(task.Figures).toMatchObject({
      Qualified: 1,
      Warning: 1,
      Unqualified: 1,
      Total: 3,
      PassRate: 66.67,
    });

    // The same room again corrects its site: same PointIndex, the figures of the new values only.
    const corrected = await save(surveyor, [2]);
    expect((corrected.Result as { PointIndex: number }).PointIndex).toBe(entry.PointIndex);
    const after = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: planner });
    expect(after.Figures).toMatchObject({ Qualified: 1, Total: 1, PassRate: 100, Sites: 1 });
    const view = await callRouteOk(
      t.app,
      routes.getManualMeasureSummaryItems,
      { TaskId: taskId },
      { as: planner },
    );
    expect(view.Entries).toHaveLength(1);
    expect(view.Entries[0]).toMatchObject({
      RoomId: 'r-living',
      Readings: [{ ItemCode: 'PL-01', Values: [2] }],
    });
  });

  it('refuses items that forbid manual entry, too many readings and rooms outside the house type', async () => {
    const forbidden = await save(surveyor, [1], 'PL-02');
    expect(forbidden.Code).toBe(400);
    expect(forbidden.Result).toEqual([expect.objectContaining({ Field: 'Readings[0].ItemCode' })]);
    const tooMany = await save(surveyor, [1, 1, 1, 1]);
    expect(tooMany.Result).toEqual([expect.objectContaining({ Field: 'Readings[0].Values' })]);
    const room = await save(surveyor, [1], 'PL-01', 'r-nowhere');
    expect(room.Result).toEqual([expect.objectContaining({ Field: 'Sites[0].RoomId' })]);
    const unknown = await save(surveyor, [1], 'XX-99');
    expect(unknown.Code).toBe(400);
  });

  it('lets only the task’s people and planners write, and hides the task from other projects and companies', async () => {
    expect((await save(colleague, [1])).Code).toBe(403);
    expect((await save(outsider, [1])).Code).toBe(404);
    expect((await save(stranger, [1])).Code).toBe(404);
    expect((await save(planner, [1])).Code).toBe(0);
  });
});
