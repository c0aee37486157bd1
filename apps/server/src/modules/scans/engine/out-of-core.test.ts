import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanInputError } from './engine-types.ts';
import { type CloudJob, processCloud } from './process-cloud.ts';
import {
  TEST_COLORS as colors,
  binaryPly,
  type Cloud,
  readTileset,
  roomCloud,
  testItem,
  wallCloud,
} from './test-clouds.ts';

/** Thresholds low enough for a small cloud to go out of core, with cells split again from their files. */
const OUT_OF_CORE = { inMemoryMaxPoints: 1000, bucketMaxPoints: 3000, pointsPerTile: 500 };

let dir: string;
let runs = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'out-of-core-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** A job's own directory: the input file and outputDir inside it (the buckets' temp dir goes beside outputDir). */
async function jobFor(cloud: Cloud, siteScan: boolean, extra: Partial<CloudJob> = {}) {
  runs += 1;
  const base = path.join(dir, `job${runs}`);
  await mkdir(base);
  const inputPath = path.join(base, 'cloud.ply');
  await writeFile(inputPath, binaryPly(cloud));
  const outputDir = path.join(base, 'tiles');
  await mkdir(outputDir);
  const flatness = testItem('flatness', 4);
  const verticality = testItem('verticality', 4);
  return { base, job: { inputPath, outputDir, siteScan, flatness, verticality, colors, ...extra } };
}

/** The tileset, its uris, its points, how many lie outside their tile's box and every point as "x y z r g b". */
async function tilePoints(outputDir: string) {
  const { tileset, tiles } = await readTileset(outputDir);
  let outside = 0;
  const keys: string[] = [];
  for (const { tile, points, colours } of tiles) {
    const [cx, cy, cz, hx, , , , hy, , , , hz] = tile.boundingVolume.box as number[];
    points.forEach(([x, y, z], i) => {
      const inside =
        Math.abs(x - cx!) <= hx! + 1e-6 && Math.abs(y - cy!) <= hy! + 1e-6 && Math.abs(z - cz!) <= hz! + 1e-6;
      if (!inside) outside += 1;
      keys.push([x, y, z, ...colours[i]!].join(' '));
    });
  }
  const uris = tiles.map((t) => t.tile.content.uri);
  return { tileset, uris, points: keys.length, outside, keys: keys.sort() };
}

/** Entries the out-of-core path left beside outputDir (its bucket directory must be gone). */
const leftovers = async (base: string) =>
  (await readdir(base)).filter((name) => name.startsWith('.cloud-buckets-'));

/** Deterministic noise in [-1, 1] mm and a 9 mm bulge of 0.1 m radius at (1.2, 1.4). */
const bulged = (x: number, z: number) =>
  (Math.hypot(x - 1.2, z - 1.4) < 0.1 ? 0.009 : 0) + Math.sin(x * 12_345.678 + z * 98_765.4321) * 0.001;

describe('the out-of-core path', () => {
  it('tiles every point once, inside its tile box, with the figures of the in-memory path', async () => {
    const cloud = wallCloud({ width: 2.5, height: 2.8, step: 0.0123, bump: bulged });
    const count = cloud.xyz.length / 3;
    const inMemory = await jobFor(cloud, true, { pointsPerTile: 500 });
    const outOfCore = await jobFor(cloud, true, OUT_OF_CORE);
    const expected = await processCloud(inMemory.job, () => {});
    const seen: number[] = [];
    let bucketFiles = 0;
    const result = await processCloud(outOfCore.job, (p) => {
      seen.push(p);
      // While it tiles: the bucket files of pass 2 are on disk beside outputDir.
      const [buckets] = readdirSync(outOfCore.base).filter((name) => name.startsWith('.cloud-buckets-'));
      if (p >= 60 && buckets)
        bucketFiles = Math.max(bucketFiles, readdirSync(path.join(outOfCore.base, buckets)).length);
    });

    expect(result.points).toBe(count);
    expect(result.surfaces).toEqual(expected.surfaces);
    expect(result.surfaces[0]?.points).toBe(count);
    expect(result.surfaces[0]?.maxMm).toBeGreaterThan(9);
    expect(result.surfaces[0]?.readings.map((r) => r.itemCode)).toEqual(['flatness', 'verticality']);
    expect(result.bounds).toEqual(expected.bounds);
    expect(result.format).toBe('ply');

    const { tileset, uris, points, outside, keys } = await tilePoints(outOfCore.job.outputDir);
    expect(points).toBe(count);
    expect(outside).toBe(0);
    // The same points in the same deviation colours as the in-memory tileset.
    const memoryKeys = (await tilePoints(inMemory.job.outputDir)).keys;
    expect(new Set(memoryKeys.map((key) => key.split(' ').slice(3).join(' '))).size).toBeGreaterThan(1);
    expect(keys).toEqual(memoryKeys);
    expect(tileset.asset.version).toBe('1.1');
    expect(tileset.root.refine).toBe('ADD');
    expect(tileset.root.transform?.slice(12, 15)).toEqual([0, 2, 0]);
    expect(tileset.root.content.uri).toBe('t-0.glb');
    expect(uris.every((uri) => /^t-0(-[0-7])*\.glb$/.test(uri))).toBe(true);
    expect(new Set(uris).size).toBe(uris.length);
    expect(result.files[0]).toBe('tileset.json');
    expect([...uris].sort()).toEqual(result.files.slice(1).sort());
    // Deeper than the in-memory split levels: cells over bucketMaxPoints were split again from their files.
    expect(Math.max(...uris.map((uri) => uri.split('-').length))).toBeGreaterThan(4);

    expect(bucketFiles).toBeGreaterThan(4);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(await leftovers(outOfCore.base)).toEqual([]);
  });

  it('finds and measures a household the same way as in memory', async () => {
    const cloud = roomCloud(4, 3, 2.8, 0.04);
    const expected = await processCloud((await jobFor(cloud, false)).job, () => {});
    const outOfCore = await jobFor(cloud, false, OUT_OF_CORE);
    const result = await processCloud(outOfCore.job, () => {});
    expect(result.surfaces.map((s) => s.kind).sort()).toEqual([
      'ceiling',
      'floor',
      'wall',
      'wall',
      'wall',
      'wall',
    ]);
    expect(result.surfaces).toEqual(expected.surfaces);
    const { points, outside } = await tilePoints(outOfCore.job.outputDir);
    expect(points).toBe(cloud.xyz.length / 3);
    expect(outside).toBe(0);
    expect(await leftovers(outOfCore.base)).toEqual([]);
  });

  it('removes its bucket files when tiling fails after they are written', async () => {
    const { base, job } = await jobFor(wallCloud({ width: 1, height: 1, step: 0.01 }), true, OUT_OF_CORE);
    // No outputDir: the first tile write fails, after pass 2 has filled the bucket files.
    await rm(job.outputDir, { recursive: true });
    const error = await processCloud(job, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toContain('ENOENT');
    expect(await leftovers(base)).toEqual([]);
  });

  it('refuses NaN coordinates and leaves nothing behind', async () => {
    const wall = wallCloud({ width: 1, height: 1, step: 0.02 });
    const xyz = [...wall.xyz];
    xyz[301] = Number.NaN;
    const { base, job } = await jobFor({ xyz, rgb: wall.rgb }, true, OUT_OF_CORE);
    const error = await processCloud(job, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScanInputError);
    expect((error as ScanInputError).messageKey).toBe('scans.error.nanCoordinates');
    expect((error as ScanInputError).params).toEqual({ count: 1 });
    expect(await leftovers(base)).toEqual([]);
  });

  it('still refuses a cloud over maxPoints', async () => {
    const { job } = await jobFor(wallCloud({ width: 1, height: 1, step: 0.02 }), true, {
      ...OUT_OF_CORE,
      maxPoints: 2000,
    });
    const error = await processCloud(job, () => {}).catch((e: unknown) => e);
    expect((error as ScanInputError).messageKey).toBe('scans.error.tooManyPoints');
  });
});
