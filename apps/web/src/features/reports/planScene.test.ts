import { type Figures, PLAN_GRADE_FILL, type SharedPlanHousehold } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import {
  buildPlanScene,
  DEFAULT_HOUSEHOLD_M,
  GAP_M,
  planScale,
  SLAB_M,
  STOREY_HEIGHT_M,
} from './planScene.ts';

const figures = (qualified: number, unqualified: number, exploded = 0): Figures => {
  const total = qualified + unqualified + exploded;
  return {
    Qualified: qualified,
    Warning: 0,
    Unqualified: unqualified,
    Exploded: exploded,
    Total: total,
    Unjudged: 0,
    PassRate: total ? Math.round((qualified * 10_000) / total) / 100 : null,
    Sites: 1,
    ExplodedSites: exploded ? 1 : 0,
    ExplodedRate: exploded ? 100 : 0,
  };
};
const rect = (x0: number, y0: number, x1: number, y1: number) => [
  { X: x0, Y: y0 },
  { X: x1, Y: y0 },
  { X: x1, Y: y1 },
  { X: x0, Y: y1 },
];
/** A 200 x 100 unit plan of two rooms, 50 m² in all: 0.05 m per unit. */
const household = (floor: number, number: number, overrides: Partial<SharedPlanHousehold> = {}) =>
  ({
    BuildingNumber: '1#',
    Floor: floor,
    Household: number,
    HouseMapName: 'A',
    MapType: 'image',
    FloorArea: 50,
    Rooms: [
      { Id: 'living', Name: '客厅', Polygon: rect(0, 0, 100, 100) },
      { Id: 'bed', Name: null, Polygon: rect(100, 0, 200, 100) },
    ],
    Sites: [
      { PointIndex: 2, RoomId: 'living', Name: 'w2', WorstGrade: 'qualified', Figures: figures(3, 0) },
      { PointIndex: 1, RoomId: 'living', Name: 'w1', WorstGrade: 'unqualified', Figures: figures(2, 1) },
      { PointIndex: 3, RoomId: null, Name: 'loose', WorstGrade: 'exploded', Figures: figures(0, 0, 1) },
    ],
    ...overrides,
  }) satisfies SharedPlanHousehold;

describe('the 3D report scene', () => {
  it('scales plan units to metres from the floor area, else fits the household to the default width', () => {
    expect(planScale(household(1, 1))).toBeCloseTo(0.05);
    expect(planScale(household(1, 1, { FloorArea: null }))).toBeCloseTo(DEFAULT_HOUSEHOLD_M / 200);
  });

  it('colours a room by the worst grade of its sites, sums their figures, grey without sites', () => {
    const scene = buildPlanScene([household(1, 1)]);
    expect(scene.rooms.map((room) => [room.name, room.grade, room.colour, room.sites])).toEqual([
      ['客厅', 'unqualified', PLAN_GRADE_FILL.unqualified, [1, 2]],
      ['bed', null, PLAN_GRADE_FILL.none, []],
    ]);
    const living = scene.rooms[0];
    expect(living?.figures.Total).toBe(6);
    expect(living?.figures.PassRate).toBe(83.33);
    expect(scene.sitesOutsideRooms).toBe(1);
    expect(living?.outline).toEqual([
      { x: 0, z: 0 },
      { x: 5, z: 0 },
      { x: 5, z: 5 },
      { x: 0, z: 5 },
    ]);
  });

  it('stacks floors a storey apart and puts the households of a floor side by side', () => {
    const scene = buildPlanScene([
      household(3, 1),
      household(3, 2),
      household(5, 1),
      household(1, 1, { Rooms: [] }),
    ]);
    const rooms = (floor: number, number: number) =>
      scene.rooms.filter((room) => room.floor === floor && room.household === number);
    expect(rooms(3, 1)[0]?.baseY).toBe(0);
    expect(rooms(5, 1)[0]?.baseY).toBe(2 * STOREY_HEIGHT_M);
    expect(rooms(5, 1)[0]?.height).toBe(STOREY_HEIGHT_M - SLAB_M);
    // Household 2 starts after household 1's 10 m and the gap.
    expect(Math.min(...(rooms(3, 2).flatMap((room) => room.outline.map((p) => p.x)) ?? []))).toBeCloseTo(
      10 + GAP_M,
    );
    expect(scene.withoutPlan.map((row) => row.Floor)).toEqual([1]);
    expect(scene.sitesOutsideRooms).toBe(3 + 3);
    expect(scene.size.x).toBeCloseTo(20 + GAP_M);
    expect(scene.size.y).toBeCloseTo(2 * STOREY_HEIGHT_M + STOREY_HEIGHT_M - SLAB_M);
  });

  it('turns DXF plans (y up) so they read as drawn', () => {
    const scene = buildPlanScene([household(1, 1, { MapType: 'dxf' })]);
    expect(scene.rooms[0]?.outline).toEqual([
      { x: 0, z: 5 },
      { x: 5, z: 5 },
      { x: 5, z: 0 },
      { x: 0, z: 0 },
    ]);
  });
});
