import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Document, getBounds } from '@gltf-transform/core';
import { householdModel } from '@measure/robot/household-model';
import { householdGeometry } from '@measure/robot/household-rooms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkModelFile, MODEL_POSITION_BITS, modelIO } from './model-check.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'model-compaction-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const vertices = (doc: Document) =>
  doc
    .getRoot()
    .listMeshes()
    .flatMap((mesh) => mesh.listPrimitives())
    .reduce((sum, primitive) => sum + (primitive.getAttribute('POSITION')?.getCount() ?? 0), 0);

const boundsOf = (doc: Document) => getBounds(doc.getRoot().listScenes()[0] as never);

describe('model compaction (KHR_mesh_quantization, no WebAssembly to decode)', () => {
  it("makes the simulator's household model smaller, with the same vertices and bounds within a step", async () => {
    const rooms = ['客厅', '主卧', '次卧', '厨房', '卫生间', '阳台'];
    const original = await householdModel(householdGeometry(undefined, rooms), '1#-2-1');
    const inputPath = path.join(dir, 'household.glb');
    await writeFile(inputPath, original);

    const result = await checkModelFile({ inputPath, workDir: dir });
    const compact = await readFile(result.glbPath);
    // 6 rooms: 7,340 bytes sent, 3,116 kept (58 % smaller; measured when this was written).
    expect(compact.length).toBeLessThan(original.length * 0.5);

    const io = modelIO();
    const before = await io.readBinary(original);
    const after = await io.readBinary(new Uint8Array(compact));
    expect(
      after
        .getRoot()
        .listExtensionsUsed()
        .map((extension) => extension.extensionName),
    ).toEqual(['KHR_mesh_quantization']);
    expect(vertices(after)).toBe(vertices(before));
    expect(result.triangles).toBe(rooms.length * (2 + 8));
    // One quantization step of the largest mesh's extent (a room's walls: 4 m x 2.8 m here).
    const step = 4 / (2 ** MODEL_POSITION_BITS - 1);
    const [a, b] = [boundsOf(before), boundsOf(after)];
    for (const corner of ['min', 'max'] as const)
      for (const axis of [0, 1, 2]) expect(Math.abs(b[corner][axis]! - a[corner][axis]!)).toBeLessThan(step);
    // The original is what a download gives: untouched.
    expect(Buffer.compare(await readFile(inputPath), Buffer.from(original))).toBe(0);
  });
});
