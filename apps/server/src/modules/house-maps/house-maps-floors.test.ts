/** House-map API tests: listing, renaming, copying, measure points, site types and household assignments. */
import type { HouseMapDetail, HouseMapRow, PageResult, PointType } from '@measure/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../../../test/app.ts';

import { useHouseMapTestApp, storedFiles, post, newProject, newHouseMap } from '../../../test/house-maps.ts';

const context = useHouseMapTestApp();
let t: TestApp;
let admin: string;
let sequence = 0;
beforeAll(() => {
  ({ t, admin } = context);
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
