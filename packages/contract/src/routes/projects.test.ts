import { describe, expect, it } from 'vitest';
import { floorArea, houseMapFieldsSchema, houseMapName, houseMapsRoutes } from './house-maps.ts';
import { measurePointsSchema } from './house-maps.measure-points.ts';
import { projectsRoutes } from './projects.ts';

function bodyOf<T>(schema: T | undefined): T {
  if (!schema) throw new Error('route without body');
  return schema;
}

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('project rules', () => {
  const add = bodyOf(projectsRoutes.add.body);
  const building = { BuildingNumber: '1#', Stories: 1, Households: 1, DeliveryStandard: 'fine' };

  it('limits name 20, address 50, detailed address 50, regional company 64', () => {
    expect(add.safeParse({ Name: 'n'.repeat(20) }).success).toBe(true);
    expect(messages(add.safeParse({ Name: 'n'.repeat(21) }))).toEqual(['rules.maxLength']);
    for (const [field, max] of [
      ['Address', 50],
      ['DetailedAddress', 50],
      ['RegionalCompany', 64],
    ] as const) {
      expect(add.safeParse({ Name: 'p', [field]: 'a'.repeat(max) }).success, field).toBe(true);
      expect(add.safeParse({ Name: 'p', [field]: 'a'.repeat(max + 1) }).success, field).toBe(false);
    }
  });

  it('checks buildings: 1..200 stories, 1..50 households, fine|none, unique numbers', () => {
    const ok = (details: object[]) => add.safeParse({ Name: 'p', DetailsInfo: details }).success;
    expect(ok([{ ...building, Stories: 200, Households: 50 }])).toBe(true);
    expect(ok([{ ...building, Stories: 201 }])).toBe(false);
    expect(ok([{ ...building, Households: 51 }])).toBe(false);
    expect(ok([{ ...building, Stories: 0 }])).toBe(false);
    expect(ok([{ ...building, DeliveryStandard: 'luxury' }])).toBe(false);
    expect(
      messages(
        add.safeParse({ Name: 'p', DetailsInfo: [building, { ...building, BuildingNumber: ' 1# ' }] }),
      ),
    ).toEqual(['projects.duplicateBuilding']);
  });

  it('accepts ProjectGuid for ProjectId and Details for DetailsInfo', () => {
    const id = '5f0b0c7e-8a51-4a47-9d0e-3d1f1c0c9a11';
    expect(
      bodyOf(projectsRoutes.update.body).parse({ ProjectGuid: id, Name: 'p', Details: [building] }),
    ).toMatchObject({
      ProjectId: id,
      Details: [building],
    });
    expect(bodyOf(projectsRoutes.delete.body).safeParse({}).success).toBe(false);
  });
});

describe('house type rules', () => {
  it('names: required, at most 20, Chinese/letters/digits/underscore', () => {
    expect(houseMapName.safeParse('三室两厅_A1').success).toBe(true);
    expect(houseMapName.safeParse('a'.repeat(20)).success).toBe(true);
    expect(messages(houseMapName.safeParse('a'.repeat(21)))).toContain('rules.maxLength');
    expect(messages(houseMapName.safeParse('A-1'))).toEqual(['rules.name']);
    expect(messages(houseMapName.safeParse(''))).toContain('rules.required');
  });

  it('floor area: greater than 1, at most two decimals, number or text', () => {
    for (const good of [1.01, '1.01', 2, '99999999.99', '120.5'])
      expect(floorArea.safeParse(good).success, String(good)).toBe(true);
    for (const bad of [1, '1', '1.00', 0.5, '1.005', 1.005, '-3', 'abc', '', '1e3']) {
      expect(floorArea.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(floorArea.parse('88.80')).toBe(88.8);
  });

  it('site type names are under 10 characters', () => {
    const body = bodyOf(houseMapsRoutes.savePointType.body);
    const id = '5f0b0c7e-8a51-4a47-9d0e-3d1f1c0c9a11';
    expect(body.safeParse({ ProjectGuid: id, Name: '一二三四五六七八九' }).success).toBe(true);
    expect(body.safeParse({ ProjectGuid: id, Name: '一二三四五六七八九十' }).success).toBe(false);
    expect(body.safeParse({ ProjectGuid: id, Name: ' ' }).success).toBe(false);
  });

  it('HouseMapUpdate fields come as form text', () => {
    const parsed = houseMapFieldsSchema.parse({
      ProjectGuid: '5f0b0c7e-8a51-4a47-9d0e-3d1f1c0c9a11',
      Name: '户型A',
      FloorArea: '89.50',
      StandardFloor: 'false',
      MapType: 'dxf',
    });
    expect(parsed).toMatchObject({
      FloorArea: 89.5,
      StandardFloor: false,
      MapType: 'dxf',
      HouseMapId: undefined,
    });
  });

  it('measure points: unique ids, known references, bounded sizes', () => {
    const polygon = [
      { X: 0, Y: 0 },
      { X: 1, Y: 0 },
      { X: 0, Y: 1 },
    ];
    expect(measurePointsSchema.parse({})).toEqual({ Rooms: [], Stations: [], Points: [] });
    expect(
      measurePointsSchema.safeParse({
        Rooms: [{ Id: 'r', Polygon: polygon }],
        Stations: [{ Id: 's', X: 1, Y: 1, RoomId: 'r' }],
        Points: [{ Id: 'p', X: 1, Y: 1, RoomId: 'r', StationId: 's' }],
      }).success,
    ).toBe(true);
    expect(
      messages(
        measurePointsSchema.safeParse({
          Rooms: [{ Id: 'r', Polygon: polygon }],
          Points: [{ Id: 'r', X: 0, Y: 0 }],
        }),
      ),
    ).toEqual(['houseMaps.duplicateId']);
    expect(
      messages(measurePointsSchema.safeParse({ Stations: [{ Id: 's', X: 0, Y: 0, RoomId: 'x' }] })),
    ).toEqual(['houseMaps.unknownRoom']);
    expect(
      messages(measurePointsSchema.safeParse({ Points: [{ Id: 'p', X: 0, Y: 0, StationId: 'x' }] })),
    ).toEqual(['houseMaps.unknownStation']);
    expect(
      measurePointsSchema.safeParse({ Points: [{ Id: 'p', X: Number.POSITIVE_INFINITY, Y: 0 }] }).success,
    ).toBe(false);
    const rooms = Array.from({ length: 2001 }, (_, index) => ({ Id: `r${index}`, Polygon: polygon }));
    expect(measurePointsSchema.safeParse({ Rooms: rooms }).success).toBe(false);
    expect(measurePointsSchema.safeParse({ Rooms: rooms.slice(0, 2000) }).success).toBe(true);
  });
});
