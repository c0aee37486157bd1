import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScanEngine } from './index.ts';
import { processCloud } from './process-cloud.ts';
import { asciiPly, binaryPly, type Cloud, las, pcd, wallCloud } from './test-clouds.ts';

const colors = { qualified: '#16a34a', warning: '#facc15', unqualified: '#dc2626', exploded: '#7c3aed' };
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

interface Tile {
  boundingVolume: { box: number[] };
  geometricError: number;
  content: { uri: string };
  children?: Tile[];
  transform?: number[];
  refine?: string;
}

/** Every tile's content read back with @gltf-transform: the POSITION counts and the uris met. */
async function readTiles(out: string) {
  const tileset = JSON.parse(await readFile(path.join(out, 'tileset.json'), 'utf8')) as {
    asset: { version: string };
    root: Tile;
  };
  const io = new NodeIO();
  const uris: string[] = [];
  let points = 0;
  const lows = [Infinity, Infinity, Infinity];
  const walk = async (tile: Tile) => {
    uris.push(tile.content.uri);
    const doc = await io.readBinary(await readFile(path.join(out, tile.content.uri)));
    for (const mesh of doc.getRoot().listMeshes())
      for (const primitive of mesh.listPrimitives()) {
        expect(primitive.getMode()).toBe(0);
        expect(primitive.getAttribute('COLOR_0')?.getNormalized()).toBe(true);
        const position = primitive.getAttribute('POSITION');
        points += position?.getCount() ?? 0;
        // glTF y-up back to the tileset's z-up: (x, y, z) -> (x, -z, y).
        for (let i = 0; i < (position?.getCount() ?? 0); i += 1) {
          const [x, y, z] = position?.getElement(i, [0, 0, 0]) as number[];
          lows[0] = Math.min(lows[0] as number, x as number);
          lows[1] = Math.min(lows[1] as number, -(z as number));
          lows[2] = Math.min(lows[2] as number, y as number);
        }
      }
    for (const child of tile.children ?? []) await walk(child);
  };
  await walk(tileset.root);
  return { tileset, uris, points, lows };
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
