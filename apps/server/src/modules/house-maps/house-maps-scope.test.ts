/** House-map API tests: publishing locks, deleting projects, sweeping files, and who may see what. */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { HouseMapRow, PageResult, PointType, ProjectRow } from '@measure/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { householdAssignments, houseMaps, pointTypes, projectBuildings, projects } from '../../db/schema.ts';
import { call, type TestApp } from '../../../test/app.ts';
import { PlanFileStore } from './file-store.ts';
import { PlanSceneStore } from './plan-scene.ts';
import { LocalObjectStore } from '../../core/storage/local-object-store.ts';
import { HouseMapService } from './house-map-service.ts';

import { buildProject } from '../../../test/factories.ts';
import {
  useHouseMapTestApp,
  planDir,
  storedFiles,
  upload,
  post,
  newProject,
  png,
  dxf,
  newHouseMap,
  rowsOf,
} from '../../../test/house-maps.ts';

const context = useHouseMapTestApp();
let t: TestApp;
let admin: string;
let pm: string;
let other: string;
beforeAll(() => {
  ({ t, admin, pm, other } = context);
});

describe('publishing, deleting and scope', () => {
  it('locks existing data after publishing: every write answers 423 and changes nothing', async () => {
    const projectId = await newProject();
    const type = await post<PointType>('/api/ms/Project/SavePointType', {
      ProjectGuid: projectId,
      Name: '卧室',
    });
    const row = await newHouseMap(projectId, '锁定户型');
    await post('/api/ms/Project/AssignHouseMapToFloors', {
      ProjectId: projectId,
      HouseMapId: row.HouseMapId,
      BuildingNumber: '1#',
      FloorFrom: 1,
      FloorTo: 2,
    });
    const published = await post<ProjectRow>('/api/ms/Project/publiceProject', { ProjectId: projectId });
    expect(published.Result.IsPublished).toBe(true);
    expect(published.Result.PublishTime).not.toBeNull();
    expect((await post('/api/ms/Project/publiceProject', { ProjectId: projectId })).Code).toBe(409);

    const snapshot = async () =>
      JSON.stringify({
        project: await t.db.select().from(projects).where(eq(projects.id, projectId)),
        buildings: await t.db
          .select()
          .from(projectBuildings)
          .where(eq(projectBuildings.projectId, projectId)),
        maps: await t.db.select().from(houseMaps).where(eq(houseMaps.projectId, projectId)),
        types: await t.db.select().from(pointTypes).where(eq(pointTypes.projectId, projectId)),
        assignments: await t.db
          .select()
          .from(householdAssignments)
          .where(eq(householdAssignments.projectId, projectId)),
        files: await storedFiles(),
      });
    const before = await snapshot();
    const writes: Array<[string, unknown]> = [
      ['/api/ms/Project/Update', { ProjectId: projectId, Name: '改了' }],
      [
        '/api/ms/Project/HouseMapUpdate',
        { HouseMapId: row.HouseMapId, ProjectId: projectId, Name: '改了', FloorArea: 50 },
      ],
      ['/api/ms/Project/HouseMapUpdateName', { HouseMapId: row.HouseMapId, Name: '改了' }],
      ['/api/ms/Project/SaveMeasurePoints', { HouseMapId: row.HouseMapId, MeasurePoints: {} }],
      ['/api/ms/Project/RemoveHouseMap', { id: row.HouseMapId }],
      ['/api/ms/Project/RemoveHouseMaps', { Ids: [row.HouseMapId] }],
      ['/api/ms/Project/SavePointType', { ProjectGuid: projectId, Id: type.Result.Id, Name: '改了' }],
      ['/api/ms/Project/RemovePonitTypes', { ProjectGuid: projectId, Id: type.Result.Id }],
      [
        '/api/ms/Project/AssignHouseMapToFloors',
        { ProjectId: projectId, HouseMapId: row.HouseMapId, BuildingNumber: '1#', FloorFrom: 1, FloorTo: 1 },
      ],
      [
        '/api/ms/Project/UnassignHouseMapFromFloors',
        { ProjectId: projectId, BuildingNumber: '1#', FloorFrom: 1, FloorTo: 2 },
      ],
    ];
    for (const [url, body] of writes) {
      const response = await post(url, body, admin, 'en-US');
      expect(response, url).toMatchObject({
        Code: 423,
        Message: 'The project is published and its data is locked',
      });
    }
    const replaced = await upload(
      admin,
      { HouseMapId: row.HouseMapId, ProjectId: projectId, Name: '锁定户型', FloorArea: '50' },
      png(),
    );
    expect(replaced.Code).toBe(423);
    expect(await snapshot()).toBe(before);
    // New data may still be added: a house type, a site type, unassigned households.
    expect((await newHouseMap(projectId, '新增户型')).Name).toBe('新增户型');
    expect(
      (await post('/api/ms/Project/SavePointType', { ProjectGuid: projectId, Name: '新类型' })).Code,
    ).toBe(0);
    expect(
      (
        await post('/api/ms/Project/AssignHouseMapToFloors', {
          ProjectId: projectId,
          HouseMapId: row.HouseMapId,
          BuildingNumber: '1#',
          FloorFrom: 3,
          FloorTo: 3,
        })
      ).Code,
    ).toBe(0);
  });

  it('deletes a project with every row and file of it', async () => {
    const projectId = await newProject();
    await post('/api/ms/Project/SavePointType', { ProjectGuid: projectId, Name: '阳台' });
    const a = await newHouseMap(projectId, '删甲');
    await newHouseMap(projectId, '删乙', dxf());
    await post('/api/ms/Project/AssignHouseMapToFloors', {
      ProjectId: projectId,
      HouseMapId: a.HouseMapId,
      BuildingNumber: '1#',
      FloorFrom: 1,
      FloorTo: 10,
    });
    await post('/api/ms/Project/SaveProjectUser', { ProjectId: projectId, UserIds: [] });
    await post('/api/ms/Project/publiceProject', { ProjectId: projectId });
    const stored = (
      await t.db
        .select({ name: houseMaps.storedName })
        .from(houseMaps)
        .where(eq(houseMaps.projectId, projectId))
    ).map((entry) => entry.name);
    expect(stored).toHaveLength(2);
    const before = await rowsOf(projectId);
    expect(before).toMatchObject({ houseMaps: 2, pointTypes: 1, assignments: 40, buildings: 1, projects: 1 });
    expect((await post('/api/ms/Project/Delete', { ProjectId: projectId })).Code).toBe(0);
    expect(await rowsOf(projectId)).toEqual({
      houseMaps: 0,
      pointTypes: 0,
      assignments: 0,
      logs: 0,
      buildings: 0,
      staff: 0,
      projects: 0,
    });
    const files = await storedFiles();
    for (const name of stored) expect(files).not.toContain(name);
    expect((await post('/api/ms/Project/Delete', { ProjectId: projectId })).Code).toBe(404);
  });

  it('sweeps files no house type refers to, and old temp files, keeping the rest', async () => {
    const projectId = await newProject();
    const kept = await newHouseMap(projectId, '保留');
    const orphan = `${crypto.randomUUID()}.png`;
    const temp = `.${crypto.randomUUID()}.png.1.tmp`;
    const fresh = `${crypto.randomUUID()}.dxf`;
    const old = new Date(Date.now() - 10 * 60_000);
    for (const name of [orphan, temp, fresh]) await fs.writeFile(path.join(planDir(), name), 'x');
    for (const name of [orphan, temp]) await fs.utimes(path.join(planDir(), name), old, old);
    expect(
      (
        await new HouseMapService({
          db: t.db,
          files: new PlanFileStore(new LocalObjectStore(t.config.dataDir)),
          scenes: new PlanSceneStore(new LocalObjectStore(t.config.dataDir)),
        }).sweepOrphanFiles()
      ).sort(),
    ).toEqual([orphan, temp].sort());
    const files = await storedFiles();
    expect(files).toContain(fresh);
    const [row] = await t.db
      .select({ name: houseMaps.storedName })
      .from(houseMaps)
      .where(eq(houseMaps.id, kept.HouseMapId));
    expect(files).toContain(row?.name);
    await fs.rm(path.join(planDir(), fresh));
  });

  it('shows project administrators only their projects everywhere, read-only', async () => {
    const hidden = await newProject();
    const map = await newHouseMap(hidden, '看不见');
    const visible = (
      await buildProject(t, { companyId: context.companyId, staff: [context.pmUser], as: admin })
    ).id;
    const seen = await newHouseMap(visible, '看得见');
    for (const [url, body] of [
      ['/api/ms/Project/GetHouseMapById', { id: map.HouseMapId }],
      ['/api/ms/Project/GetHouseMapBase', { id: map.HouseMapId }],
      ['/api/ms/Project/GetBuildingFloorTreeDataByProjectID', { id: hidden }],
      ['/api/ms/Project/GetProjectBuilding', { ProjectId: hidden }],
      ['/api/ms/Project/GetAllPonitTypes', { ProjectGuid: hidden }],
      ['/api/ms/Project/getSelectedBuildingFloorByHouseMap', { id: map.HouseMapId }],
    ] as const) {
      expect((await post(url, body, pm)).Code, url).toBe(404);
    }
    const list = await post<PageResult<HouseMapRow>>('/api/ms/Project/HouseMapList', {}, pm);
    expect(list.Result.Items.map((item) => item.Name)).toEqual(['看得见']);
    expect((await post('/api/ms/Project/GetHouseMapById', { id: seen.HouseMapId }, pm)).Code).toBe(0);
    expect(
      (await call(t.app, 'GET', `/api/ms/projectlog/GetList?ProjectId=${hidden}`, { token: pm })).body.Code,
    ).toBe(404);
    expect(
      (await post('/api/ms/Project/HouseMapUpdateName', { id: seen.HouseMapId, Name: 'x' }, pm)).Code,
    ).toBe(403);
  });

  it('answers 404 for a house type of another project of the same company', async () => {
    const first = await newProject();
    const second = await newProject();
    const map = await newHouseMap(first, '甲项目户型');
    const update = await post('/api/ms/Project/HouseMapUpdate', {
      HouseMapId: map.HouseMapId,
      ProjectId: second,
      Name: '改',
      FloorArea: 5,
    });
    expect(update.Code).toBe(404);
    const assign = await post('/api/ms/Project/AssignHouseMapToFloors', {
      ProjectId: second,
      HouseMapId: map.HouseMapId,
      BuildingNumber: '1#',
      FloorFrom: 1,
      FloorTo: 1,
    });
    expect(assign.Code).toBe(404);
    expect((await rowsOf(second)).assignments).toBe(0);
  });

  it('answers 404 for another company’s house types and projects', async () => {
    const projectId = await newProject();
    const map = await newHouseMap(projectId, '别家的');
    for (const [url, body] of [
      ['/api/ms/Project/GetHouseMapById', { id: map.HouseMapId }],
      ['/api/ms/Project/CopyHouseMap', { ProjectId: projectId, HouseMapId: map.HouseMapId, Name: '偷' }],
      ['/api/ms/Project/RemoveHouseMap', { id: map.HouseMapId }],
      [
        '/api/ms/Project/HouseMapUpdate',
        { HouseMapId: map.HouseMapId, ProjectId: projectId, Name: '偷', FloorArea: 5 },
      ],
    ] as const) {
      expect((await post(url, body, other)).Code, url).toBe(404);
    }
    expect((await upload(other, { ProjectId: projectId, Name: '偷', FloorArea: '5' }, png())).Code).toBe(404);
    expect(
      (await post<PageResult<HouseMapRow>>('/api/ms/Project/HouseMapList', { ProjectId: projectId }, other))
        .Result.Total,
    ).toBe(0);
  });
});
