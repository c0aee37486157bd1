import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CellSplitter, type MemberPoints, type SplitNode, bucketChunks, pointsOf } from './bucket-split.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bucket-split-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** `n` points in a 4 x 2 x 1 box, point i coloured and assigned by its index (so each is recognisable). */
function cloud(n: number): MemberPoints {
  const points = pointsOf(n);
  let seed = 3;
  const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296;
  for (let i = 0; i < n; i += 1) {
    points.positions.set([rand() * 4, rand() * 2, rand()], i * 3);
    points.colors.set([i & 255, (i >> 8) & 255, (i >> 16) & 255], i * 3);
    points.member[i] = i % 7;
  }
  points.count = n;
  return points;
}

const keyOf = (p: MemberPoints, i: number) =>
  [...p.positions.subarray(i * 3, i * 3 + 3), ...p.colors.subarray(i * 3, i * 3 + 3), p.member[i]].join(' ');

describe('CellSplitter', () => {
  it('puts every point in exactly one reservoir or bucket, with subtree counts and bounds', async () => {
    const n = 50_000;
    const input = cloud(n);
    const splitter = new CellSplitter('t-0', { centre: [2, 2, 2], half: 2, depth: 0 }, 2, 300, dir);
    // In slices, as the readers hand them on.
    for (let from = 0; from < n; from += 10_000) {
      const slice = pointsOf(10_000);
      slice.positions.set(input.positions.subarray(from * 3, (from + 10_000) * 3));
      slice.colors.set(input.colors.subarray(from * 3, (from + 10_000) * 3));
      slice.member.set(input.member.subarray(from, from + 10_000));
      slice.count = 10_000;
      splitter.add(slice);
    }
    const root = splitter.finish();

    const found: string[] = [];
    const check = (node: SplitNode, depth: number): number => {
      let own = 0;
      const inside = (p: MemberPoints, i: number) => {
        for (let k = 0; k < 3; k += 1) {
          const v = p.positions[i * 3 + k]!;
          expect(v >= node.lo[k]! && v <= node.hi[k]!).toBe(true);
          expect(Math.abs(v - node.cell.centre[k]!)).toBeLessThanOrEqual(node.cell.half);
        }
        found.push(keyOf(p, i));
      };
      if (depth < 2) {
        expect(node.bucket).toBeNull();
        expect(node.reservoir?.count).toBe(Math.min(300, node.count));
      } else {
        expect(node.reservoir).toBeNull();
        const chunk = pointsOf(1000);
        for (const slice of bucketChunks(node.bucket!.file, node.count, chunk))
          for (let i = 0; i < slice.count; i += 1) inside(slice, i);
        own = node.count;
      }
      for (let i = 0; i < (node.reservoir?.count ?? 0); i += 1) inside(node.reservoir!, i);
      own += node.reservoir?.count ?? 0;
      const below = node.children.reduce((sum, child) => sum + (child ? check(child, depth + 1) : 0), 0);
      expect(node.count).toBe(own + below);
      return node.count;
    };
    expect(check(root, 0)).toBe(n);
    expect(found.sort()).toEqual(Array.from({ length: n }, (_, i) => keyOf(input, i)).sort());
    // The box fills 4 x 2 x 1 of the 4 x 4 x 4 cells two levels down.
    expect((await readdir(dir)).length).toBe(8);
  });
});
