import { NodeIO } from '@gltf-transform/core';
import type { WorkPackage } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { householdModel, triangulate } from './household-model.ts';
import { householdGeometry, signedArea, WALL_HEIGHT_M, wallFacing, wallsOf } from './household-rooms.ts';
import { explodedBulge, geometryOf } from './household-scans.ts';
import { type Bulge, DEFAULT_NOISE_MM, householdCloud, readSimulatorPly, wallCloud } from './point-cloud.ts';

type HouseMap = WorkPackage['HouseMaps'][number];
type Item = WorkPackage['Items'][number];

/** Two rooms on a 640 x 480 image plan (like the demo's), 60 m² of floor. */
const rect = (id: string, [l, t, r, b]: number[]) => ({
  Id: id,
  Name: id,
  PointTypeId: null,
  Polygon: [
    { X: l as number, Y: t as number },
    { X: r as number, Y: t as number },
    { X: r as number, Y: b as number },
    { X: l as number, Y: b as number },
  ],
});
const MAP: HouseMap = {
  HouseMapId: 'hm',
  Name: 'A1',
  MapType: 'image',
  Width: 640,
  Height: 480,
  FloorArea: 60,
  PlanUrl: '',
  MeasurePoints: {
    Rooms: [rect('r-living', [0, 0, 300, 200]), rect('r-bed', [300, 0, 500, 200])],
    Stations: [],
    Points: [],
  },
};
const geometry = householdGeometry(MAP, []);
/** Metres per plan unit: sqrt(60 m² / (300*200 + 200*200) units²). */
const SCALE = Math.sqrt(60 / 100_000);

/** Distance (m) from a point to the nearest wall of the household, and that wall's offset along its inward normal. */
function nearestWall(x: number, y: number) {
  let best = { distance: Infinity, offset: 0 };
  for (const room of geometry.rooms) {
    for (const wall of wallsOf(room)) {
      const dx = (wall.to.x - wall.from.x) / wall.length;
      const dy = (wall.to.y - wall.from.y) / wall.length;
      const along = (x - wall.from.x) * dx + (y - wall.from.y) * dy;
      if (along < -1e-4 || along > wall.length + 1e-4) continue;
      const offset = (x - wall.from.x) * wall.inward.x + (y - wall.from.y) * wall.inward.y;
      if (Math.abs(offset) < best.distance) best = { distance: Math.abs(offset), offset };
    }
  }
  return best;
}

describe('household geometry', () => {
  it('scales plan units by sqrt(FloorArea / rooms area) and keeps the plan axes', () => {
    expect(geometry.metresPerUnit).toBeCloseTo(SCALE, 12);
    expect(geometry.rooms[0]?.outline[2]).toEqual({ x: 300 * SCALE, y: 200 * SCALE });
    const area = geometry.rooms.reduce((sum, room) => sum + Math.abs(signedArea(room.outline)), 0);
    expect(area).toBeCloseTo(60, 9);
  });

  it('finds the compass walls of an image plan (north is up, -y)', () => {
    const room = geometry.rooms[0]!;
    expect(wallFacing(geometry, room, 0)?.from.y).toBe(0);
    expect(wallFacing(geometry, room, 1)?.from.x).toBeCloseTo(300 * SCALE, 12);
    expect(wallFacing(geometry, room, 2)?.from.y).toBeCloseTo(200 * SCALE, 12);
    expect(wallFacing(geometry, room, 3)?.from.x).toBe(0);
    // Inward of the north wall points south (+y on an image plan).
    expect(wallFacing(geometry, room, 0)?.inward).toEqual({ x: -0, y: 1 });
  });

  it('generates rooms side by side when the house type has none', () => {
    const generated = householdGeometry(undefined, ['a', 'b']);
    expect(generated.rooms.map((room) => room.outline[1])).toEqual([
      { x: 4, y: 0 },
      { x: 8, y: 0 },
    ]);
  });
});

describe('household point cloud', () => {
  it('puts every point on a wall within the noise (3 sigma), between floor and ceiling height', () => {
    const xyz = readSimulatorPly(householdCloud(geometry, { points: 20_000, seed: 7, floor: false }));
    expect(xyz.length).toBe(60_000);
    let worst = 0;
    for (let index = 0; index < xyz.length; index += 3) {
      worst = Math.max(worst, nearestWall(xyz[index]!, xyz[index + 1]!).distance);
      expect(xyz[index + 2]).toBeGreaterThanOrEqual(0);
      expect(xyz[index + 2]).toBeLessThanOrEqual(WALL_HEIGHT_M + 1e-6);
    }
    const limit = (3 * DEFAULT_NOISE_MM) / 1000;
    expect(worst).toBeLessThanOrEqual(limit + 1e-5);
    // Noise is there: some points are more than one sigma off.
    expect(worst).toBeGreaterThan(DEFAULT_NOISE_MM / 1000);
  });

  it('is the same file for the same seed, another for another', () => {
    const options = { points: 1000, seed: 3 };
    expect(householdCloud(geometry, options).equals(householdCloud(geometry, options))).toBe(true);
    expect(householdCloud(geometry, options).equals(householdCloud(geometry, { ...options, seed: 4 }))).toBe(
      false,
    );
  });

  it('shows a bulge as deep as asked, into the room, and nothing beyond it', () => {
    const room = geometry.rooms[0]!;
    const wall = wallFacing(geometry, room, 1)!;
    const bulge: Bulge = { wall, alongM: 2, heightM: 1.4, depthMm: 24, sigmaM: 0.3 };
    const xyz = readSimulatorPly(
      wallCloud(wall, { points: 80_000, seed: 11, bulges: [bulge], noiseMm: 0.5 }),
    );
    const near: number[] = [];
    const far: number[] = [];
    const dx = (wall.to.x - wall.from.x) / wall.length;
    const dy = (wall.to.y - wall.from.y) / wall.length;
    for (let index = 0; index < xyz.length; index += 3) {
      const [x, y, z] = [xyz[index]!, xyz[index + 1]!, xyz[index + 2]!];
      const along = (x - wall.from.x) * dx + (y - wall.from.y) * dy;
      const offsetMm = ((x - wall.from.x) * wall.inward.x + (y - wall.from.y) * wall.inward.y) * 1000;
      const r = Math.hypot(along - 2, z - 1.4);
      if (r < 0.05) near.push(offsetMm);
      if (r > 1.5) far.push(Math.abs(offsetMm));
    }
    expect(near.length).toBeGreaterThan(30);
    const mean = near.reduce((sum, value) => sum + value, 0) / near.length;
    // Within 5 cm of the top of a 0.3 m gaussian the bump averages 99.3% of its depth; noise 0.5 mm.
    expect(mean).toBeGreaterThan(23.4);
    expect(mean).toBeLessThan(24.5);
    expect(Math.max(...far)).toBeLessThan(1.6);
  });
});

describe('exploded bulge', () => {
  const flatness: Item = {
    ItemCode: 'PL-01',
    Name: '表面平整度',
    NameEn: 'Flatness',
    Mode: 'absolute',
    Standard: { Left: 0, Right: 4, WarnLeft: 0, WarnRight: 3, Exploded: 8 },
    Rule: {} as Item['Rule'],
    NeedsDesign: false,
  };
  const work = {
    Households: [{ BuildingNumber: '1#', Floor: 2, Household: 1, HouseMapId: 'hm' }],
    HouseMaps: [MAP],
  };
  const household = geometryOf(work as WorkPackage, { BuildingNumber: '1#', Floor: 2, Household: 1 });
  const site = { Wall: { room: 0, compass: 0 }, Items: [flatness] };

  it('puts the bump at the exploded value, as deep as its value', () => {
    const bulge = explodedBulge(
      site,
      [
        {
          ItemCode: 'PL-01',
          Values: [2, 14.5],
          Rulers: [
            { X1: 50, Y1: 300, X2: 2050, Y2: 300 },
            { X1: 1000, Y1: 1500, X2: 3000, Y2: 1500 },
          ],
        },
      ],
      4000,
      household,
    );
    expect(bulge?.depthMm).toBe(14.5);
    expect(bulge?.heightM).toBe(1.5);
    // The ruler's middle (2000 of 4000 mm) is the middle of the real north wall.
    expect(bulge?.alongM).toBeCloseTo((300 * SCALE) / 2, 12);
    expect(bulge?.wall.from.y).toBe(0);
  });

  it('answers null without an exploded reading (12 = 4 + 8 is not beyond)', () => {
    expect(explodedBulge(site, [{ ItemCode: 'PL-01', Values: [12] }], 4000, household)).toBeNull();
  });
});

describe('household model', () => {
  it('is a glTF 2.0 binary that glTF Transform reads: a node per room with floor and walls', async () => {
    const glb = await householdModel(geometry, '1#-2-1');
    expect(Buffer.from(glb.subarray(0, 4)).toString('latin1')).toBe('glTF');
    const document = await new NodeIO().readBinary(glb);
    const root = document.getRoot();
    expect(root.getAsset().version).toBe('2.0');
    const rooms = root.listNodes().filter((node) => node.getMesh());
    expect(rooms.map((node) => node.getExtras().RoomId)).toEqual(['r-living', 'r-bed']);
    const [floor, walls] = rooms[0]!.getMesh()!.listPrimitives();
    expect(floor!.getIndices()!.getCount()).toBe(6);
    expect(walls!.getIndices()!.getCount()).toBe(4 * 6);
    expect(walls!.getAttribute('POSITION')!.getMax([])).toEqual([
      Math.fround(300 * SCALE),
      Math.fround(200 * SCALE),
      Math.fround(WALL_HEIGHT_M),
    ]);
  });

  it('triangulates a concave room to its own area', () => {
    const outline = [
      { x: 0, y: 0 },
      { x: 4, y: 0 },
      { x: 4, y: 2 },
      { x: 2, y: 2 },
      { x: 2, y: 4 },
      { x: 0, y: 4 },
    ];
    const indices = triangulate(outline);
    expect(indices.length).toBe(12);
    let area = 0;
    for (let index = 0; index < indices.length; index += 3) {
      area += Math.abs(
        signedArea([outline[indices[index]!]!, outline[indices[index + 1]!]!, outline[indices[index + 2]!]!]),
      );
    }
    expect(area).toBe(12);
  });
});
