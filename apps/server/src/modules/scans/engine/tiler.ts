/**
 * Writes a cloud as an OGC 3D Tiles 1.1 tileset: an octree with additive refinement (every point is
 * in exactly one tile), glTF binary point tiles (POSITION float32, COLOR_0 normalized unsigned byte),
 * flat file names `t-0.glb` (root), `t-0-3.glb` (its child in octant 3), ...
 *
 * Frames: the tileset is z-up in the scan's frame, metres; the root's `transform` moves the store's
 * origin back into place. glTF content is y-up, so a point (x, y, z) is written as (x, z, -y): the
 * runtime's y-up to z-up rotation (3D Tiles 1.1, "glTF transforms") brings it back.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Document, NodeIO } from '@gltf-transform/core';
import type { PointStore } from './point-store.ts';

/** Points kept by an inner tile (a random sample of its points); the rest go to its children. */
const SAMPLE_FRACTION = 0.5;
const MAX_DEPTH = 18;

interface TileJson {
  boundingVolume: { box: number[] };
  geometricError: number;
  refine?: 'ADD';
  transform?: number[];
  content: { uri: string };
  children?: TileJson[];
}

export interface TilingResult {
  files: string[];
  tiles: number;
}

/** sRGB byte to linear byte (glTF vertex colours are linear). */
const LINEAR = Uint8Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return Math.round(255 * (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
});

/** A hash of a point's index in [0, 1): the same point is picked the same way on every run. */
function unit(index: number, salt: number): number {
  let h = Math.imul(index ^ Math.imul(salt, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

export async function writeTileset(
  store: PointStore,
  outputDir: string,
  options: { pointsPerTile: number; onProgress?: (done: number) => void },
): Promise<TilingResult> {
  const { positions, colors, count } = store;
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i += 1) order[i] = i;
  const scratch = new Uint32Array(count);
  const io = new NodeIO();
  const files: string[] = [];
  let written = 0;

  const boxOf = (start: number, end: number) => {
    const lo = [Infinity, Infinity, Infinity];
    const hi = [-Infinity, -Infinity, -Infinity];
    for (let j = start; j < end; j += 1) {
      const at = (order[j] as number) * 3;
      for (let k = 0; k < 3; k += 1) {
        const v = positions[at + k] as number;
        if (v < (lo[k] as number)) lo[k] = v;
        if (v > (hi[k] as number)) hi[k] = v;
      }
    }
    return { lo, hi };
  };

  const writeTile = async (name: string, start: number, end: number) => {
    const n = end - start;
    const xyz = new Float32Array(n * 3);
    const rgb = new Uint8Array(n * 3);
    for (let j = 0; j < n; j += 1) {
      const at = (order[start + j] as number) * 3;
      xyz[j * 3] = positions[at] as number;
      xyz[j * 3 + 1] = positions[at + 2] as number;
      xyz[j * 3 + 2] = -(positions[at + 1] as number);
      rgb[j * 3] = LINEAR[colors[at] as number] as number;
      rgb[j * 3 + 1] = LINEAR[colors[at + 1] as number] as number;
      rgb[j * 3 + 2] = LINEAR[colors[at + 2] as number] as number;
    }
    const doc = new Document();
    const buffer = doc.createBuffer();
    const position = doc.createAccessor().setType('VEC3').setArray(xyz).setBuffer(buffer);
    const colour = doc.createAccessor().setType('VEC3').setArray(rgb).setNormalized(true).setBuffer(buffer);
    const primitive = doc
      .createPrimitive()
      .setMode(0) // POINTS
      .setAttribute('POSITION', position)
      .setAttribute('COLOR_0', colour);
    const mesh = doc.createMesh(name).addPrimitive(primitive);
    doc.createScene().addChild(doc.createNode(name).setMesh(mesh));
    const file = `${name}.glb`;
    await writeFile(path.join(outputDir, file), await io.writeBinary(doc));
    files.push(file);
    written += n;
    options.onProgress?.(written);
    return file;
  };

  const tile = async (
    name: string,
    start: number,
    end: number,
    centre: number[],
    half: number,
    depth: number,
  ): Promise<TileJson> => {
    const n = end - start;
    const { lo, hi } = boxOf(start, end);
    const box = [0, 1, 2].map((k) => ((lo[k] as number) + (hi[k] as number)) / 2);
    const halves = [0, 1, 2].map((k) => Math.max(((hi[k] as number) - (lo[k] as number)) / 2, 0.001));
    const boundingVolume = {
      box: [...box, halves[0] as number, 0, 0, 0, halves[1] as number, 0, 0, 0, halves[2] as number],
    };
    if (n <= options.pointsPerTile || depth >= MAX_DEPTH || half < 0.001) {
      return { boundingVolume, geometricError: 0, content: { uri: await writeTile(name, start, end) } };
    }
    // The tile's own points first, then its children's points by octant (a counting sort through
    // `scratch`), so each child is a contiguous range of `order`.
    const keep = Math.min(options.pointsPerTile * SAMPLE_FRACTION, n) / n;
    const counts = new Array<number>(9).fill(0);
    const octantOf = (at: number) =>
      ((positions[at] as number) >= (centre[0] as number) ? 1 : 0) |
      ((positions[at + 1] as number) >= (centre[1] as number) ? 2 : 0) |
      ((positions[at + 2] as number) >= (centre[2] as number) ? 4 : 0);
    const slot = new Uint8Array(n);
    for (let j = 0; j < n; j += 1) {
      const index = order[start + j] as number;
      const s = unit(index, depth) < keep ? 0 : 1 + octantOf(index * 3);
      slot[j] = s;
      counts[s] = (counts[s] as number) + 1;
    }
    const next = new Array<number>(9);
    let sum = start;
    for (let s = 0; s < 9; s += 1) {
      next[s] = sum;
      sum += counts[s] as number;
    }
    const firsts = [...next];
    for (let j = 0; j < n; j += 1) {
      const s = slot[j] as number;
      scratch[next[s] as number] = order[start + j] as number;
      next[s] = (next[s] as number) + 1;
    }
    order.set(scratch.subarray(start, end), start);
    const ownEnd = start + (counts[0] as number);
    const spacing = (2 * half) / Math.sqrt(Math.max(1, counts[0] as number));
    const children: TileJson[] = [];
    for (let octant = 0; octant < 8; octant += 1) {
      const from = firsts[octant + 1] as number;
      const to = from + (counts[octant + 1] as number);
      if (to === from) continue;
      const h = half / 2;
      const c = [0, 1, 2].map((k) => (centre[k] as number) + ((octant >> k) & 1 ? h : -h));
      children.push(await tile(`${name}-${octant}`, from, to, c, h, depth + 1));
    }
    const content = { uri: await writeTile(name, start, ownEnd) };
    return { boundingVolume, geometricError: spacing * 2, content, children };
  };

  const centre = [0, 1, 2].map((k) => ((store.min[k] as number) + (store.max[k] as number)) / 2);
  const half =
    Math.max(...[0, 1, 2].map((k) => ((store.max[k] as number) - (store.min[k] as number)) / 2), 0.01) *
    1.0001;
  const root = await tile('t-0', 0, count, centre, half, 0);
  const origin = store.origin ?? [0, 0, 0];
  root.refine = 'ADD';
  root.transform = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, origin[0], origin[1], origin[2], 1];
  const tileset = {
    asset: { version: '1.1', generator: 'Measure Cloud scan engine' },
    geometricError: Math.max(root.geometricError * 2, half),
    root,
  };
  await writeFile(path.join(outputDir, 'tileset.json'), JSON.stringify(tileset));
  return { files: ['tileset.json', ...files], tiles: files.length };
}
