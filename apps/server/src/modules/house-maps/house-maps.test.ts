import fs from 'node:fs/promises';
import path from 'node:path';
import type {
  Envelope,
  HouseMapDetail,
  HouseMapRow,
  PageResult,
  PointType,
  ProjectRow,
} from '@measure/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  householdAssignments,
  houseMaps,
  pointTypes,
  projectBuildings,
  projectLogs,
  projects,
  projectUsers,
} from '../../db/schema.ts';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/app.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { FileStore } from './file-store.ts';
import { HouseMapService } from './house-map-service.ts';
import { bigPng, dxfText, jpegBytes, pngBytes } from '../../../test/plan-files.ts';

let t: TestApp;
let admin: string;
let pm: string;
let other: string;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, DEMO.admin.login, DEMO.admin.password);
  pm = await login(t.app, DEMO.pm.login, DEMO.pm.password);
  other = await login(t.app, DEMO.otherAdmin.login, DEMO.otherAdmin.password);
});
afterAll(async () => t.close());

const planDir = () => path.join(t.config.dataDir, 'uploads', 'house-maps');
const storedFiles = async () => {
  try {
    return (await fs.readdir(planDir())).sort();
  } catch {
    return [];
  }
};

async function upload(
  token: string,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string },
  options: { url?: string; lang?: string } = {},
): Promise<Envelope<HouseMapRow>> {
  const body = multipartBody(
    file ? [{ name: file.name, data: file.data, type: file.type ?? 'image/png' }] : [],
    fields,
  );
  const response = await t.app.inject({
    method: 'POST',
    url: options.url ?? '/api/ms/Project/HouseMapUpdate',
    payload: body.payload,
    headers: {
      ...body.headers,
      authorization: `Bearer ${token}`,
      ...(options.lang ? { 'accept-language': options.lang } : {}),
    },
  });
  return response.json<Envelope<HouseMapRow>>();
}

const post = async <T>(url: string, body: unknown, token = admin, lang?: string) =>
  (await call<T>(t.app, 'POST', url, { token, body, lang })).body;

async function newProject(
  buildings = [{ BuildingNumber: '1#', Stories: 10, Households: 4, DeliveryStandard: 'fine' }],
) {
  const response = await post<ProjectRow>('/api/ms/Project/Add', {
    Name: `户型测试${++sequence}`,
    DetailsInfo: buildings,
  });
  expect(response.Code, JSON.stringify(response)).toBe(0);
  return response.Result.ProjectId;
}

const png = () => ({ name: 'plan.png', data: pngBytes(40, 30) });
const dxf = () => ({ name: '图纸.dxf', data: Buffer.from(dxfText()), type: 'application/dxf' });

async function newHouseMap(
  projectId: string,
  name = `户型${++sequence}`,
  file: { name: string; data: Buffer; type?: string } = png(),
) {
  const response = await upload(admin, { ProjectId: projectId, Name: name, FloorArea: '89.5' }, file);
  expect(response.Code, JSON.stringify(response)).toBe(0);
  return response.Result;
}

async function rowsOf(projectId: string) {
  const counts = await Promise.all(
    [houseMaps, pointTypes, householdAssignments, projectLogs, projectBuildings, projectUsers].map(
      async (table) => {
        const [row] = await t.db
          .select({ total: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.projectId, projectId));
        return row?.total ?? 0;
      },
    ),
  );
  const [project] = await t.db
    .select({ total: sql<number>`count(*)::int` })
    .from(projects)
    .where(eq(projects.id, projectId));
  return {
    houseMaps: counts[0],
    pointTypes: counts[1],
    assignments: counts[2],
    logs: counts[3],
    buildings: counts[4],
    staff: counts[5],
    projects: project?.total,
  };
}

describe('uploads', () => {
  it('accepts a PNG, stores it under a generated name and serves the same bytes inline', async () => {
    const projectId = await newProject();
    const file = png();
    const row = await newHouseMap(projectId, '三室两厅_A', file);
    expect(row).toMatchObject({
      MapType: 'image',
      Width: 40,
      Height: 30,
      FloorArea: 89.5,
      StandardFloor: true,
      FileName: 'plan.png',
      Status: 0,
    });
    const files = await storedFiles();
    expect(files.some((name) => /^[0-9a-f-]{36}\.png$/.test(name))).toBe(true);
    expect(files.some((name) => name.endsWith('.tmp'))).toBe(false);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ms/Project/GetHouseMapBase',
      payload: { id: row.HouseMapId },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toContain('inline; filename="plan.png"');
    expect(response.rawPayload.equals(file.data)).toBe(true);
  });

  it('accepts a tiny DXF and downloads it as an attachment with the same bytes', async () => {
    const projectId = await newProject();
    const file = dxf();
    const row = await newHouseMap(projectId, 'DXF户型', file);
    expect(row).toMatchObject({ MapType: 'dxf', Width: null, ContentType: 'image/vnd.dxf' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ms/Project/DownloadDxfById',
      payload: { HouseMapId: row.HouseMapId },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.headers['content-type']).toBe('image/vnd.dxf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="__.dxf"; filename*=UTF-8''${encodeURIComponent('图纸.dxf')}`,
    );
    expect(response.rawPayload.equals(file.data)).toBe(true);
    const image = await newHouseMap(projectId);
    expect((await post('/api/ms/Project/DownloadDxfById', { id: image.HouseMapId })).Code).toBe(400);
  });

  it('accepts a JPEG (.jpg or .jpeg) and serves it as image/jpeg', async () => {
    const projectId = await newProject();
    for (const name of ['plan.jpg', 'PLAN.JPEG']) {
      const row = await newHouseMap(projectId, `J${++sequence}`, {
        name,
        data: jpegBytes(),
        type: 'image/jpeg',
      });
      expect(row).toMatchObject({ MapType: 'image', ContentType: 'image/jpeg', Width: 48, Height: 32 });
    }
    expect((await storedFiles()).filter((name) => name.endsWith('.jpg')).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad files, each with its own message, storing nothing', async () => {
    const projectId = await newProject();
    const before = await storedFiles();
    const fields = { ProjectId: projectId, Name: '坏文件', FloorArea: '50' };
    const cases: Array<[{ name: string; data: Buffer; type?: string }, string]> = [
      [
        { name: 'fake.png', data: Buffer.from('this is plain text, not an image at all') },
        'The file content is not a valid PNG image',
      ],
      [{ name: 'big.png', data: bigPng(6 * 1024 * 1024) }, 'The image must not be larger than 5 MB'],
      [
        {
          name: 'broken.dxf',
          data: Buffer.from('0\nSECTION\n2\nENTITIES\n0\nLINE\n10\n'),
          type: 'application/dxf',
        },
        'The DXF file cannot be read; check the file',
      ],
      [{ name: 'plan.gif', data: Buffer.from('GIF89a') }, 'Only jpg, jpeg, png or dxf files can be uploaded'],
      [
        { name: 'plan.jpg', data: pngBytes(), type: 'image/jpeg' },
        'The file content is not a valid JPEG image',
      ],
      [
        { name: 'plan.png', data: pngBytes(), type: 'image/jpeg' },
        'The file content is not a valid PNG image',
      ],
    ];
    cases.push([
      { name: 'huge.dxf', data: Buffer.alloc(50 * 1024 * 1024 + 1, 0x20), type: 'application/dxf' },
      'The DXF file must not be larger than 50 MB',
    ]);
    for (const [file, message] of cases) {
      const response = await upload(admin, fields, file, { lang: 'en-US' });
      expect(response, file.name).toMatchObject({ Code: 400, Message: message });
    }
    expect((await upload(admin, { ...fields, MapType: 'dxf' }, png(), { lang: 'en-US' })).Message).toBe(
      'The map type does not match the file',
    );
    expect((await upload(admin, fields, undefined, { lang: 'en-US' })).Message).toBe(
      'Choose a floor plan file (jpg, jpeg, png or dxf)',
    );
    const chinese = await upload(admin, fields, { name: 'fake.png', data: Buffer.from('text') });
    expect(chinese.Message).toBe('文件内容不是有效的 PNG 图片');
    expect(await storedFiles()).toEqual(before);
    expect((await rowsOf(projectId)).houseMaps).toBe(0);
  });

  it('validates the name, the floor area and uniqueness on both sides of each limit', async () => {
    const projectId = await newProject();
    const base = { ProjectId: projectId, FloorArea: '80' };
    expect((await upload(admin, { ...base, Name: 'a'.repeat(20) }, png())).Code).toBe(0);
    expect((await upload(admin, { ...base, Name: 'b'.repeat(21) }, png())).Code).toBe(400);
    expect((await upload(admin, { ...base, Name: '户型 A' }, png())).Code).toBe(400);
    expect((await upload(admin, { ...base, Name: '户型-A' }, png())).Code).toBe(400);
    expect((await upload(admin, { ...base, Name: '' }, png())).Code).toBe(400);
    const duplicate = await upload(admin, { ...base, Name: 'A'.repeat(20) }, png(), { lang: 'en-US' });
    expect(duplicate).toMatchObject({
      Code: 409,
      Message: 'The house type already exists; choose another name',
    });
    for (const [area, code] of [
      ['1', 400],
      ['1.01', 0],
      ['1.005', 400],
      ['0.5', 400],
      ['', 400],
      ['abc', 400],
      ['120.25', 0],
    ] as const) {
      const response = await upload(admin, { ...base, Name: `面积${++sequence}`, FloorArea: area }, png());
      expect(response.Code, `area ${area}`).toBe(code);
    }
    const withoutArea = await upload(admin, { ProjectId: projectId, Name: '无面积' }, png(), {
      lang: 'en-US',
    });
    expect(withoutArea.Result).toEqual([{ Field: 'FloorArea', Message: 'This field is required' }]);
    expect((await rowsOf(projectId)).houseMaps).toBe(3);
    expect((await storedFiles()).length).toBeGreaterThanOrEqual(3);
  });

  it('updates fields without a file and replaces the file (the old one is removed)', async () => {
    const projectId = await newProject();
    const row = await newHouseMap(projectId);
    const before = await storedFiles();
    const json = await post<HouseMapRow>('/api/ms/Project/HouseMapUpdate', {
      HouseMapId: row.HouseMapId,
      ProjectId: projectId,
      Name: '改名户型',
      FloorArea: 99.99,
      StandardFloor: false,
    });
    expect(json.Result).toMatchObject({ Name: '改名户型', FloorArea: 99.99, StandardFloor: false });
    const replaced = await upload(
      admin,
      { HouseMapId: row.HouseMapId, ProjectId: projectId, Name: '改名户型', FloorArea: '99.99' },
      dxf(),
    );
    expect(replaced.Result.MapType).toBe('dxf');
    const after = await storedFiles();
    expect(after.length).toBe(before.length);
    expect(after.filter((name) => !before.includes(name))).toHaveLength(1);
  });

  it('answers the fms alias like HouseMapUpdate', async () => {
    const projectId = await newProject();
    const response = await upload(admin, { ProjectId: projectId, Name: 'FMS户型', FloorArea: '60' }, png(), {
      url: '/api/fms/Project/AddHouseMap',
    });
    expect(response.Result.Name).toBe('FMS户型');
    const list = await post<PageResult<ProjectRow>>('/api/fms/Project/GetList', { ProjectId: projectId });
    expect(list.Result.Items.map((item) => item.ProjectId)).toEqual([projectId]);
  });
});

describe('house types, site types and households', () => {
  it('lists, renames, copies with the file and measure points, and removes', async () => {
    const source = await newProject();
    const target = await newProject();
    const type = await post<PointType>('/api/ms/Project/SavePointType', {
      ProjectGuid: source,
      Name: '客厅',
    });
    const row = await newHouseMap(source, '源户型');
    const saved = await post<HouseMapRow>('/api/ms/Project/SaveMeasurePoints', {
      HouseMapId: row.HouseMapId,
      MeasurePoints: {
        Rooms: [
          {
            Id: 'r1',
            Name: '客厅',
            PointTypeId: type.Result.Id,
            Polygon: [
              { X: 0, Y: 0 },
              { X: 10, Y: 0 },
              { X: 10, Y: 8 },
            ],
          },
        ],
        Stations: [
          { Id: 's1', X: 5, Y: 4, RoomId: 'r1' },
          { Id: 's2', X: 6, Y: 4, RoomId: 'r1' },
        ],
        Points: [{ Id: 'p1', X: 1, Y: 1, RoomId: 'r1', StationId: 's1' }],
      },
    });
    expect(saved.Result).toMatchObject({ Status: 1, RoomCount: 1, StationCount: 2, PointCount: 1 });

    expect(
      (await post('/api/ms/Project/HouseMapUpdateName', { HouseMapId: row.HouseMapId, Name: '源户型' })).Code,
    ).toBe(0);
    const other = await newHouseMap(source, '另一户型');
    expect(
      (await post('/api/ms/Project/HouseMapUpdateName', { Id: other.HouseMapId, Name: '源户型' })).Code,
    ).toBe(409);
    expect(
      (await post('/api/ms/Project/HouseMapUpdateName', { Id: other.HouseMapId, Name: 'x'.repeat(21) })).Code,
    ).toBe(400);

    const filesBefore = await storedFiles();
    const copy = await post<HouseMapRow>('/api/ms/Project/CopyHouseMap', {
      ProjectId: target,
      HouseMapId: row.HouseMapId,
      Name: '复制户型',
    });
    expect(copy.Result).toMatchObject({ ProjectId: target, Name: '复制户型', RoomCount: 1, Status: 1 });
    const filesAfter = await storedFiles();
    expect(filesAfter.length).toBe(filesBefore.length + 1);
    const copied = await t.app.inject({
      method: 'POST',
      url: '/api/ms/Project/GetHouseMapBase',
      payload: { id: copy.Result.HouseMapId },
      headers: { authorization: `Bearer ${admin}` },
    });
    const original = await t.app.inject({
      method: 'POST',
      url: '/api/ms/Project/GetHouseMapBase',
      payload: { id: row.HouseMapId },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(copied.rawPayload.equals(original.rawPayload)).toBe(true);
    const detail = await post<HouseMapDetail>('/api/ms/Project/GetHouseMapById', {
      id: copy.Result.HouseMapId,
    });
    const targetTypes = await post<PointType[]>('/api/ms/Project/GetAllPonitTypes', { ProjectGuid: target });
    expect(targetTypes.Result.map((entry) => entry.Name)).toEqual(['客厅']);
    expect(detail.Result.MeasurePoints.Rooms[0]?.PointTypeId).toBe(targetTypes.Result[0]?.Id);
    expect(
      (
        await post('/api/ms/Project/CopyHouseMap', {
          ProjectId: target,
          HouseMapId: row.HouseMapId,
          Name: '复制户型',
        })
      ).Code,
    ).toBe(409);

    const list = await post<PageResult<HouseMapRow>>('/api/ms/Project/HouseMapList', {
      ExcludeProjectId: source,
      Name: '复制',
    });
    expect(list.Result.Items.map((item) => item.Name)).toEqual(['复制户型']);
    const one = await post<PageResult<HouseMapRow>>('/api/ms/Project/HouseMapList', {
      ProjectId: source,
      PageSize: 1,
    });
    expect(one.Result).toMatchObject({ Total: 2, PageSize: 1 });

    expect(
      (await post('/api/ms/Project/RemoveHouseMaps', { Ids: [copy.Result.HouseMapId, other.HouseMapId] }))
        .Code,
    ).toBe(0);
    expect(await storedFiles()).toHaveLength(filesAfter.length - 2);
  });

  it('validates measure points and their site types', async () => {
    const projectId = await newProject();
    const row = await newHouseMap(projectId);
    const polygon = [
      { X: 0, Y: 0 },
      { X: 1, Y: 0 },
      { X: 1, Y: 1 },
    ];
    const save = (MeasurePoints: unknown) =>
      post('/api/ms/Project/SaveMeasurePoints', { HouseMapId: row.HouseMapId, MeasurePoints });
    expect(
      (
        await save({
          Rooms: [
            { Id: 'a', Polygon: polygon },
            { Id: 'a', Polygon: polygon },
          ],
        })
      ).Code,
    ).toBe(400);
    expect((await save({ Rooms: [{ Id: 'a', Polygon: polygon.slice(0, 2) }] })).Code).toBe(400);
    expect((await save({ Points: [{ Id: 'p', X: 1, Y: 1, RoomId: 'nope' }] })).Code).toBe(400);
    expect(
      (await save({ Rooms: [{ Id: 'a', PointTypeId: crypto.randomUUID(), Polygon: polygon }] })).Code,
    ).toBe(400);
    const points = Array.from({ length: 20_001 }, (_, index) => ({ Id: `p${index}`, X: index, Y: 1 }));
    expect((await save({ Points: points })).Code).toBe(400);
    expect((await save({ Points: points.slice(0, 20_000) })).Code).toBe(0);
  });

  it('keeps site type names under 10 characters and unique, and refuses removing one in use', async () => {
    const projectId = await newProject();
    const save = (Name: string) =>
      post<PointType>('/api/ms/Project/SavePointType', {
        ProjectGuid: projectId,
        Name,
        ProjectStandardId: null,
      });
    expect((await save('一二三四五六七八九')).Code).toBe(0);
    expect((await save('一二三四五六七八九十')).Code).toBe(400);
    expect((await save('')).Code).toBe(400);
    const kitchen = await save('厨房');
    expect(kitchen.Result).toMatchObject({
      Name: '厨房',
      MeasureItems: [],
      RoomCount: 0,
      ProjectGuid: projectId,
    });
    expect((await save('厨房')).Code).toBe(409);
    const row = await newHouseMap(projectId);
    await post('/api/ms/Project/SaveMeasurePoints', {
      HouseMapId: row.HouseMapId,
      MeasurePoints: {
        Rooms: [
          {
            Id: 'k',
            PointTypeId: kitchen.Result.Id,
            Polygon: [
              { X: 0, Y: 0 },
              { X: 1, Y: 0 },
              { X: 1, Y: 1 },
            ],
          },
        ],
      },
    });
    expect(
      (
        await post(
          '/api/ms/Project/RemovePonitTypes',
          { Id: kitchen.Result.Id, ProjectGuid: projectId },
          admin,
          'en-US',
        )
      ).Message,
    ).toBe('Rooms use this site type; it cannot be deleted');
    await post('/api/ms/Project/SaveMeasurePoints', { HouseMapId: row.HouseMapId, MeasurePoints: {} });
    expect(
      (await post('/api/ms/Project/RemovePonitTypes', { Id: kitchen.Result.Id, ProjectGuid: projectId }))
        .Code,
    ).toBe(0);
  });

  it('assigns a house type to floors in bulk, replaces, unassigns and shows the tree', async () => {
    const projectId = await newProject([
      { BuildingNumber: '1#', Stories: 12, Households: 4, DeliveryStandard: 'fine' },
      { BuildingNumber: '2#', Stories: 3, Households: 2, DeliveryStandard: 'none' },
    ]);
    const a = await newHouseMap(projectId, '甲户型');
    const b = await newHouseMap(projectId, '乙户型');
    const assign = (body: object) =>
      post<{ Assigned: number }>('/api/ms/Project/AssignHouseMapToFloors', { ProjectId: projectId, ...body });
    expect(
      (await assign({ HouseMapId: a.HouseMapId, BuildingNumber: '1#', FloorFrom: 2, FloorTo: 10 })).Result
        .Assigned,
    ).toBe(36);
    expect(
      (
        await assign({
          HouseMapId: b.HouseMapId,
          BuildingNumber: '1#',
          FloorFrom: 5,
          FloorTo: 5,
          Households: [1, 2],
        })
      ).Result.Assigned,
    ).toBe(2);
    expect(
      (await assign({ HouseMapId: a.HouseMapId, BuildingNumber: '1#', FloorFrom: 11, FloorTo: 13 })).Code,
    ).toBe(400);
    expect(
      (await assign({ HouseMapId: a.HouseMapId, BuildingNumber: '1#', FloorFrom: 5, FloorTo: 4 })).Code,
    ).toBe(400);
    expect(
      (
        await assign({
          HouseMapId: a.HouseMapId,
          BuildingNumber: '1#',
          FloorFrom: 1,
          FloorTo: 1,
          Households: [5],
        })
      ).Code,
    ).toBe(400);
    expect(
      (await assign({ HouseMapId: a.HouseMapId, BuildingNumber: '9#', FloorFrom: 1, FloorTo: 1 })).Code,
    ).toBe(400);

    const selected = await post<Array<{ Floor: number; Households: number[] }>>(
      '/api/ms/Project/getSelectedBuildingFloorByHouseMap',
      { HouseMapId: a.HouseMapId },
    );
    expect(selected.Result).toHaveLength(9);
    expect(selected.Result.find((floor) => floor.Floor === 5)?.Households).toEqual([3, 4]);

    const tree = await post<
      Array<{
        BuildingNumber: string;
        Floors: Array<{
          Floor: number;
          Households: Array<{ HouseMapName: string | null; Selected: boolean }>;
        }>;
      }>
    >('/api/ms/Project/GetBuildingFloorTreeDataByProjectID', { id: projectId, houseMapId: b.HouseMapId });
    expect(tree.Result.map((building) => building.Floors.length)).toEqual([12, 3]);
    const floor5 = tree.Result[0]?.Floors[4]?.Households;
    expect(floor5?.map((household) => household.HouseMapName)).toEqual([
      '乙户型',
      '乙户型',
      '甲户型',
      '甲户型',
    ]);
    expect(floor5?.map((household) => household.Selected)).toEqual([true, true, false, false]);

    expect((await post('/api/ms/Project/RemoveHouseMap', { id: a.HouseMapId })).Code).toBe(409);
    const shrink = await post('/api/ms/Project/Update', {
      ProjectId: projectId,
      Name: `缩小${++sequence}`,
      DetailsInfo: [{ BuildingNumber: '1#', Stories: 9, Households: 4, DeliveryStandard: 'fine' }],
    });
    expect(shrink.Code).toBe(409);
    const removed = await post<{ Removed: number }>('/api/ms/Project/UnassignHouseMapFromFloors', {
      ProjectId: projectId,
      BuildingNumber: '1#',
      FloorFrom: 1,
      FloorTo: 12,
      HouseMapId: a.HouseMapId,
    });
    expect(removed.Result.Removed).toBe(34);
    expect((await post('/api/ms/Project/RemoveHouseMap', { id: a.HouseMapId })).Code).toBe(0);
  });
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
      (await new HouseMapService({ db: t.db, files: new FileStore(planDir()) }).sweepOrphanFiles()).sort(),
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
    const [binjiang] = await t.db.select().from(projects).where(eq(projects.name, '滨江花园一期'));
    const visible = binjiang?.id ?? '';
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
