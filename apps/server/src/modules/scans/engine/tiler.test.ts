import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScanEngine } from './index.ts';
import { processCloud } from './process-cloud.ts';
import {
  TEST_COLORS as colors,
  asciiPly,
  binaryPly,
  type Cloud,
  las,
  pcd,
  readTileset,
  wallCloud,
} from './test-clouds.ts';

/** A site's cloud without items: tiles only. */
const siteJob = (inputPath: string, outputDir: string) => ({
  inputPath,
  outputDir,
  siteScan: true,
  flatness: null,
  verticality: null,
  colors,
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tiler-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** The tiles' POSITION counts, the uris met and the lowest coordinates (z-up, relative to the root transform). */
async function readTiles(out: string) {
  const { tileset, tiles } = await readTileset(out);
  const lows = [Infinity, Infinity, Infinity];
  for (const { modes, normalized, points } of tiles) {
    expect(modes.every((mode) => mode === 0)).toBe(true);
    expect(normalized.every(Boolean)).toBe(true);
    for (const p of points) for (let k = 0; k < 3; k += 1) lows[k] = Math.min(lows[k]!, p[k]!);
  }
  const uris = tiles.map((t) => t.tile.content.uri);
  return { tileset, uris, points: tiles.reduce((sum, t) => sum + t.points.length, 0), lows };
}

const wall: Cloud = wallCloud({ width: 3, height: 2.5, step: 0.02 });
const count = wall.xyz.length / 3;

describe('tileset', () => {
  it.each([
    ['ascii PLY', 'ascii.ply', () => asciiPly(wall)],
    ['binary little endian PLY', 'le.ply', () => binaryPly(wall, true)],
    ['binary big endian PLY', 'be.ply', () => binaryPly(wall, false)],
    ['ascii PCD', 'ascii.pcd', () => pcd(wall, 'ascii')],
    ['binary PCD', 'binary.pcd', () => pcd(wall, 'binary')],
    ['binary_compressed PCD', 'compressed.pcd', () => pcd(wall, 'binary_compressed')],
    ['LAS', 'cloud.las', () => las(wall)],
  ])('holds every point of a %s exactly once', async (_, name, make) => {
    // A misleading name: the kind is read from the content.
    const input = path.join(dir, `${name}.bin`);
    await writeFile(input, make());
    const outputDir = path.join(dir, `${name}-out`);
    await mkdir(outputDir);
    const result = await processCloud({ ...siteJob(input, outputDir), pointsPerTile: 4000 }, () => {});
    expect(result.points).toBe(count);
    const { tileset, uris, points, lows } = await readTiles(outputDir);
    expect(points).toBe(count);
    expect(tileset.asset.version).toBe('1.1');
    expect(tileset.root.refine).toBe('ADD');
    expect(new Set(uris).size).toBe(uris.length);
    expect([...uris].sort()).toEqual(result.files.filter((f) => f !== 'tileset.json').sort());
    expect(result.files[0]).toBe('tileset.json');
    expect(uris.length).toBeGreaterThan(4);
    // Positions relative to the root transform's translation (the store's origin).
    const origin = (tileset.root.transform as number[]).slice(12, 15);
    const expected = name === 'cloud.las' ? [500_000, 4_000_002, 0] : [0, 2, 0];
    expect(lows.map((v, k) => Math.round(((v as number) + (origin[k] as number)) * 1000) / 1000)).toEqual(
      expected,
    );
    expect(result.bounds.min.map((v) => Math.round(v * 1000) / 1000)).toEqual(expected);
  });

  it('runs in a worker thread and reports progress up to 100', async () => {
    const input = path.join(dir, 'worker.ply');
    await writeFile(input, binaryPly(wall));
    const outputDir = path.join(dir, 'worker-out');
    await mkdir(outputDir);
    const seen: number[] = [];
    const result = await createScanEngine().processPointCloud({
      ...siteJob(input, outputDir),
      onProgress: (p) => seen.push(p),
    });
    expect(result.points).toBe(count);
    expect((await readTiles(outputDir)).points).toBe(count);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});
