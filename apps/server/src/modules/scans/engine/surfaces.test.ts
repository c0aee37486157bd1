import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Point3, ProcessCloudResult } from './engine-types.ts';
import { processCloud } from './process-cloud.ts';
import {
  TEST_COLORS as colors,
  binaryPly,
  type Cloud,
  roomCloud,
  testItem,
  wallCloud,
} from './test-clouds.ts';

const item = testItem;
const flatness = item('flatness', 4);
const verticality = item('verticality', 4);

let dir: string;
let runs = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'surfaces-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function run(cloud: Cloud, siteScan = true): Promise<ProcessCloudResult> {
  runs += 1;
  const inputPath = path.join(dir, `c${runs}.ply`);
  await writeFile(inputPath, binaryPly(cloud));
  const outputDir = path.join(dir, `o${runs}`);
  await mkdir(outputDir);
  return processCloud({ inputPath, outputDir, siteScan, flatness, verticality, colors }, () => {});
}

/** Deterministic noise in [-1, 1] mm. */
const noise = (x: number, z: number) => Math.sin(x * 12_345.678 + z * 98_765.4321) * 0.001;
/** A flat-topped bump: `depth` within 0.1 m of (cx, cz), tapering to 0 at 0.2 m. */
const bump = (cx: number, cz: number, depth: number) => (x: number, z: number) => {
  const r = Math.hypot(x - cx, z - cz);
  return r < 0.1 ? depth : r < 0.2 ? (depth * (0.2 - r)) / 0.1 : 0;
};
const sub = (a: Point3, b: Point3): Point3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Point3, b: Point3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const unit = (a: Point3): Point3 => a.map((v) => v / Math.hypot(...a)) as Point3;

describe('a site surface', () => {
  it('has deviation figures equal to a recomputation from its points', async () => {
    const b = bump(1.2, 1.4, 0.009);
    const cloud = wallCloud({ width: 2.5, height: 2.8, step: 0.0123, bump: (x, z) => b(x, z) + noise(x, z) });
    const [surface] = (await run(cloud)).surfaces;
    if (!surface) throw new Error('no surface');
    // The plane is the wall's (the bump is dropped beyond 3 sigma), its normal faces the room (-y, the origin's side).
    expect(surface.normal.map((v) => Math.round(v * 1000) / 1000 + 0)).toEqual([0, -1, 0]);
    expect(surface.offset).toBeCloseTo(-2, 3);
    expect(surface.kind).toBe('wall');
    const n = cloud.xyz.length / 3;
    const d = Array.from({ length: n }, (_, i) => {
      const p = cloud.xyz.slice(i * 3, i * 3 + 3) as Point3;
      return (dot(surface.normal, p) - surface.offset) * 1000;
    });
    expect(surface.points).toBe(n);
    expect(surface.maxMm).toBeCloseTo(Math.max(...d), 1);
    expect(surface.minMm).toBeCloseTo(Math.min(...d), 1);
    expect(surface.rmsMm).toBeCloseTo(Math.sqrt(d.reduce((s, v) => s + v * v, 0) / n), 1);
    expect(surface.maxMm).toBeGreaterThan(9);
    // Out of tolerance: 50 mm cells from the rectangle's first corner, out when mean |d| > Right (4 mm).
    const [c0, c1, , c3] = surface.corners;
    const along = unit(sub(c1, c0));
    const up = unit(sub(c3, c0));
    const cells = new Map<string, [number, number]>();
    d.forEach((value, i) => {
      const q = sub(cloud.xyz.slice(i * 3, i * 3 + 3) as Point3, c0);
      const key = `${Math.floor(dot(q, along) / 0.05)},${Math.floor(dot(q, up) / 0.05)}`;
      const cell = cells.get(key) ?? [0, 0];
      cells.set(key, [cell[0] + Math.abs(value), cell[1] + 1]);
    });
    const out = [...cells.values()].filter(([sum, count]) => sum / count > 4).length;
    expect(surface.outOfToleranceShare).toBeGreaterThan(0.01);
    expect(surface.outOfToleranceShare).toBeCloseTo(out / cells.size, 3);
    expect(surface.areaM2).toBeCloseTo(2.5 * 2.8, 0);
  });
});

describe('virtual rulers', () => {
  it('read the depth of a dent and the height of a bulge under the 45 degree flatness rulers (to 0.05 mm)', async () => {
    // Upper-left ruler from (0.05, 2.75) down-right over 2 m: its middle at (0.757, 2.043); the
    // lower-right one from (2.45, 0.05) up-left: its middle at (1.743, 0.757).
    const dent = bump(0.05 + Math.SQRT1_2, 2.75 - Math.SQRT1_2, -0.006);
    const bulge = bump(2.45 - Math.SQRT1_2, 0.05 + Math.SQRT1_2, 0.008);
    const cloud = wallCloud({
      width: 2.5,
      height: 2.8,
      step: 0.005,
      bump: (x, z) => dent(x, z) + bulge(x, z),
    });
    const [surface] = (await run(cloud)).surfaces;
    const reading = surface?.readings.find((r) => r.itemCode === 'flatness');
    expect(reading?.rulers).toHaveLength(2);
    const [ul, lr] = reading?.rulers ?? [];
    expect(ul?.valueMm).toBeCloseTo(6, 1);
    expect(Math.abs((ul?.valueMm ?? 0) - 6)).toBeLessThanOrEqual(0.05);
    expect(Math.abs((lr?.valueMm ?? 0) - 8)).toBeLessThanOrEqual(0.05);
    // Ends in the scan's frame: 50 mm in from the upper-left corner, 2 m along the 45 degree line.
    expect(ul?.from.map((v) => Math.round(v * 1000) / 1000)).toEqual([0.05, 2, 2.75]);
    expect(ul?.to.map((v) => Math.round(v * 1000) / 1000)).toEqual([0.05 + 1.414, 2, 2.75 - 1.414]);
  });

  it('read the lean of a tilted wall under the verticality rulers, with a middle ruler on a 3.5 m wall', async () => {
    // 2 mm per metre off plumb: 4 mm over the 2 m ruler.
    const cloud = wallCloud({ width: 3.5, height: 2.8, step: 0.01, tilt: 0.002 });
    const [surface] = (await run(cloud)).surfaces;
    const plumb = surface?.readings.find((r) => r.itemCode === 'verticality');
    expect(plumb?.rulers.map((r) => r.valueMm)).toEqual([4, 4, 4]);
    expect(
      plumb?.rulers.map((r) => [r.from[0], r.from[2], r.to[2]].map((v) => Math.round(v * 1000) / 1000)),
    ).toEqual([
      [0.3, 0.2, 2.2],
      [1.75, 0.2, 2.2],
      [3.2, 0.2, 2.2],
    ]);
    // Flat (only tilted): three flatness rulers (the middle one for a wall of 3 m or more), all 0.
    const flat = surface?.readings.find((r) => r.itemCode === 'flatness');
    expect(flat?.rulers.map((r) => r.valueMm)).toEqual([0, 0, 0]);
  });

  it('skip flatness on a wall under 0.6 m and lay a single verticality ruler', async () => {
    const [surface] = (await run(wallCloud({ width: 0.5, height: 2.8, step: 0.01 }))).surfaces;
    expect(surface?.readings.map((r) => [r.itemCode, r.rulers.length])).toEqual([['verticality', 1]]);
  });
});

describe('a household cloud', () => {
  it('gives its walls, floor and ceiling, normals into the room', async () => {
    const [w, l, h] = [4, 3, 2.8];
    const result = await run(roomCloud(w, l, h, 0.03), false);
    const kinds = result.surfaces.map((s) => s.kind).sort();
    expect(kinds).toEqual(['ceiling', 'floor', 'wall', 'wall', 'wall', 'wall']);
    for (const s of result.surfaces) {
      const centre = s.corners
        .reduce((sum, c) => sum.map((v, k) => v + (c[k] as number)) as Point3, [0, 0, 0] as Point3)
        .map((v) => v / 4) as Point3;
      expect(dot(s.normal, sub([w / 2, l / 2, h / 2], centre))).toBeGreaterThan(0);
      expect(s.maxMm - s.minMm).toBeLessThan(1);
    }
    const area = (kind: string) => result.surfaces.filter((s) => s.kind === kind).map((s) => s.areaM2);
    expect(area('floor').map((a) => Math.abs(a - 12) / 12 < 0.1)).toEqual([true]);
    expect(
      area('wall')
        .sort((a, b) => a - b)
        .map((a, k) => Math.abs(a - [8.4, 8.4, 11.2, 11.2][k]!) < 1),
    ).toEqual([true, true, true, true]);
  });
});
