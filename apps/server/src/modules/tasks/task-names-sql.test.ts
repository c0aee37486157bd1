import { readFile } from 'node:fs/promises';
import { apiRoutes, type Language, type TaskNameParts, taskNameIn } from '@measure/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk } from '../../../test/call-route.ts';
import {
  assignHouseType,
  buildCompany,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltUser,
} from '../../../test/factories.ts';
import { buildTask, householdsOn, finishWorkOrder } from '../../../test/task-factories.ts';
import { taskNameSql } from './task-name-repository.ts';

/**
 * Issue 29: the SQL rendering of a task name (search, sort) says exactly what the contract's
 * `taskNameIn` says, and migration 0022 recognises the generated names of rows stored before parts.
 */
const PROJECT = '迁移花园';
const DAY = '2026-11-21';
let t: TestApp;
let admin: BuiltUser;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  projectId = (
    await buildProject(t, {
      companyId,
      name: PROJECT,
      buildings: [
        { number: '1#', stories: 6, households: 2 },
        { number: 'A 座', stories: 6, households: 2 },
      ],
    })
  ).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  for (const building of ['1#', 'A 座']) {
    await assignHouseType(t, { projectId, houseMapId, building, floorFrom: 1, floorTo: 6 });
  }
});
afterAll(async () => t.close());

const stored = async (id: string) => {
  const [row] = await t.db
    .select({ name: tasks.name, nameParts: tasks.nameParts })
    .from(tasks)
    .where(eq(tasks.id, id));
  return row as { name: string; nameParts: TaskNameParts | null };
};
const sqlName = async (id: string, lang: Language) =>
  (
    await t.db
      .select({ name: taskNameSql(lang) })
      .from(tasks)
      .where(eq(tasks.id, id))
  )[0]?.name;
const setStored = (id: string, name: string, nameParts: TaskNameParts | null) =>
  t.db.update(tasks).set({ name, nameParts }).where(eq(tasks.id, id));

/** The statements of migration 0022 after its ALTER TABLE: the recognition of existing names. */
async function runRecognition(): Promise<void> {
  const file = await readFile(
    new URL('../../../drizzle/0022_generated-task-names.sql', import.meta.url),
    'utf8',
  );
  for (const statement of file.split('--> statement-breakpoint').slice(1))
    await t.db.execute(sql.raw(statement));
}

describe('task names in SQL and in the migration', () => {
  it('renders every kind in SQL exactly as the contract does, in both languages', async () => {
    const cases: [TaskNameParts | null, string, Record<Language, string>][] = [
      [null, '手写 name', { 'zh-CN': '手写 name', 'en-US': '手写 name' }],
      [
        { kind: 'plan', project: PROJECT, stage: 'floorGround', date: DAY },
        'x',
        { 'zh-CN': `${PROJECT} 地坪 ${DAY}`, 'en-US': `${PROJECT} Floor ground ${DAY}` },
      ],
      [
        { kind: 'remeasure', order: 'WO20261121001' },
        'x',
        { 'zh-CN': 'WO20261121001 复测', 'en-US': 'WO20261121001 re-measure' },
      ],
      [
        { kind: 'scope', building: 'A 座', floors: [1, 2], stage: 'structure', inspection: 'third' },
        'x',
        { 'zh-CN': 'A 座 1-2 层 主体结构 第三方', 'en-US': 'A 座 floors 1-2 Structure third-party' },
      ],
      [
        { kind: 'scope', building: '1#', floors: [5, 5], stage: 'plaster', inspection: 'self' },
        'x',
        { 'zh-CN': '1# 5 层 抹灰 自检', 'en-US': '1# floor 5 Plaster self-inspection' },
      ],
      [
        { kind: 'facade', building: 'A 座', sides: ['N', '东立面'], floors: [2, 6], stage: 'structure' },
        'x',
        {
          'zh-CN': 'A 座 外墙 N/东立面 2-6 层 主体结构',
          'en-US': 'A 座 facades N/东立面 floors 2-6 Structure',
        },
      ],
    ];
    const id = await buildTask(t, admin, { ProjectId: projectId, Name: 'placeholder' });
    for (const [parts, name, expected] of cases) {
      await setStored(id, name, parts);
      for (const lang of ['zh-CN', 'en-US'] as const) {
        expect(taskNameIn({ name, nameParts: parts }, lang)).toBe(expected[lang]);
        expect(await sqlName(id, lang)).toBe(expected[lang]);
      }
    }
  });

  it('recognises names the generator made (either language) and keeps every other name as typed', async () => {
    const plannedEnglish = await buildTask(t, admin, { ProjectId: projectId, PlannedDate: DAY });
    const unplanned = await buildTask(t, admin, { ProjectId: projectId });
    const wrongDay = await buildTask(t, admin, { ProjectId: projectId, PlannedDate: DAY });
    const typed = await buildTask(t, admin, { ProjectId: projectId, Name: '自己起的名字' });
    const demoStructure = await buildTask(t, admin, {
      ProjectId: projectId,
      Stage: 'structure',
      InspectionKind: 'third',
      Households: householdsOn([1, 2], 'A 座'),
    });
    const demoOneFloor = await buildTask(t, admin, { ProjectId: projectId, Households: householdsOn([5]) });
    const twoBuildings = await buildTask(t, admin, {
      ProjectId: projectId,
      Households: [...householdsOn([1]), ...householdsOn([1], 'A 座')],
    });
    const today = (await stored(unplanned)).name.slice(-10);
    await setStored(plannedEnglish, `${PROJECT} Plaster ${DAY}`, null);
    await setStored(unplanned, `${PROJECT} 抹灰 ${today}`, null);
    await setStored(wrongDay, `${PROJECT} 抹灰 2020-01-01`, null);
    await setStored(demoStructure, 'A 座 1-2 层 主体 第三方', null);
    await setStored(demoOneFloor, '1# 5 层 抹灰 自检', null);
    await setStored(twoBuildings, '1# 1 层 抹灰 自检', null);

    // A work order's re-measure task, named before parts, in English.
    const order = await callRouteOk(
      t.app,
      apiRoutes.workOrders.add,
      { ProjectId: projectId, Type: 'rectify', Process: 'plaster', BuildingNumber: '1#', Floor: 3 } as never,
      { as: admin },
    );
    await callRouteOk(
      t.app,
      apiRoutes.workOrders.assign,
      { WorkOrderId: order, AssigneeId: admin.id },
      { as: admin },
    );
    await finishWorkOrder(t, order, admin, '好了');
    const remeasure = await callRouteOk(
      t.app,
      apiRoutes.workOrders.createRemeasureTask,
      { WorkOrderId: order },
      { as: admin },
    );
    const { OrderNumber } = await callRouteOk(
      t.app,
      apiRoutes.workOrders.get,
      { WorkOrderId: order },
      { as: admin },
    );
    await setStored(remeasure, `${OrderNumber} re-measure`, null);

    await runRecognition();

    expect(await stored(plannedEnglish)).toEqual({
      name: `${PROJECT} 抹灰 ${DAY}`,
      nameParts: { kind: 'plan', project: PROJECT, stage: 'plaster', date: DAY },
    });
    expect(await stored(unplanned)).toEqual({
      name: `${PROJECT} 抹灰 ${today}`,
      nameParts: { kind: 'plan', project: PROJECT, stage: 'plaster', date: today },
    });
    expect(await stored(demoStructure)).toEqual({
      name: 'A 座 1-2 层 主体结构 第三方',
      nameParts: { kind: 'scope', building: 'A 座', floors: [1, 2], stage: 'structure', inspection: 'third' },
    });
    expect(await stored(demoOneFloor)).toEqual({
      name: '1# 5 层 抹灰 自检',
      nameParts: { kind: 'scope', building: '1#', floors: [5, 5], stage: 'plaster', inspection: 'self' },
    });
    expect(await stored(remeasure)).toEqual({
      name: `${OrderNumber} 复测`,
      nameParts: { kind: 'remeasure', order: OrderNumber },
    });
    expect(await stored(wrongDay)).toEqual({ name: `${PROJECT} 抹灰 2020-01-01`, nameParts: null });
    expect(await stored(typed)).toEqual({ name: '自己起的名字', nameParts: null });
    expect(await stored(twoBuildings)).toEqual({ name: '1# 1 层 抹灰 自检', nameParts: null });
    const english = await callRouteOk(
      t.app,
      apiRoutes.tasks.getTask,
      { TaskId: demoStructure },
      {
        as: admin,
        lang: 'en-US',
      },
    );
    expect(english.Name).toBe('A 座 floors 1-2 Structure third-party');
  });
});
