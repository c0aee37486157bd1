import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Document, NodeIO } from '@gltf-transform/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanInputError } from './engine-types.ts';
import { createScanEngine } from './index.ts';
import { checkModelFile, modelIO } from './model-check.ts';
import { processCloud } from './process-cloud.ts';
import { asciiPly, binaryPly, las, pcd, wallCloud } from './test-clouds.ts';

const colors = { qualified: '#16a34a', warning: '#facc15', unqualified: '#dc2626', exploded: '#7c3aed' };
let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bad-input-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function file(data: Buffer | string): Promise<string> {
  n += 1;
  const at = path.join(dir, `f${n}`);
  await writeFile(at, data);
  return at;
}

/** The ScanInputError a cloud gets: its key and parameters. */
async function refusal(data: Buffer | string, maxPoints?: number) {
  const inputPath = await file(data);
  const outputDir = path.join(dir, `o${n}`);
  await mkdir(outputDir);
  const error = await processCloud(
    { inputPath, outputDir, siteScan: true, flatness: null, verticality: null, colors, maxPoints },
    () => {},
  ).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ScanInputError);
  return { key: (error as ScanInputError).messageKey, params: (error as ScanInputError).params };
}

const wall = wallCloud({ width: 1, height: 1, step: 0.1 });

describe('bad clouds', () => {
  it('refuses text that is not a cloud, whatever its name', async () => {
    expect(await refusal('x,y,z\n1,2,3\n')).toEqual({ key: 'scans.error.notPointCloud', params: {} });
    expect(await refusal(Buffer.alloc(0))).toEqual({ key: 'scans.error.notPointCloud', params: {} });
  });

  it('refuses an empty cloud of each kind', async () => {
    const empty = { xyz: [], rgb: [] };
    for (const data of [asciiPly(empty), binaryPly(empty), pcd(empty, 'binary'), las(empty)])
      expect(await refusal(data)).toEqual({ key: 'scans.error.noPoints', params: {} });
  });

  it('refuses NaN and infinite coordinates with their count', async () => {
    const xyz = [...wall.xyz];
    xyz[4] = Number.NaN;
    xyz[9] = Number.POSITIVE_INFINITY;
    xyz[10] = Number.NaN;
    expect(await refusal(binaryPly({ xyz, rgb: wall.rgb }))).toEqual({
      key: 'scans.error.nanCoordinates',
      params: { count: 2 },
    });
    expect(await refusal(asciiPly({ xyz, rgb: wall.rgb }))).toEqual({
      key: 'scans.error.nanCoordinates',
      params: { count: 2 },
    });
  });

  it('refuses more points than the limit', async () => {
    expect(await refusal(binaryPly(wall), 10)).toEqual({
      key: 'scans.error.tooManyPoints',
      params: { max: 10 },
    });
  });

  it('refuses a cut-off file with the reason', async () => {
    const whole = binaryPly(wall);
    const cut = await refusal(whole.subarray(0, whole.length - 100));
    expect(cut.key).toBe('scans.error.unreadable');
    expect(cut.params.detail).toMatch(/^the file ends after \d+ of 121 points$/);
  });

  it('passes the refusal through the worker thread as a ScanInputError', async () => {
    const inputPath = await file('not a cloud at all');
    const error = await createScanEngine()
      .processPointCloud({
        inputPath,
        outputDir: dir,
        siteScan: true,
        flatness: null,
        verticality: null,
        colors,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScanInputError);
    expect((error as ScanInputError).messageKey).toBe('scans.error.notPointCloud');
  });
});

/** A triangle (one mesh used by two nodes) as a .gltf with its buffer as a data: URI. */
async function triangleGltf(): Promise<{ json: Record<string, unknown>; glb: Uint8Array }> {
  const io = new NodeIO();
  const { json, resources } = await io.writeJSON(triangle(), { format: 'gltf' as never });
  const [uri, data] = Object.entries(resources)[0] as [string, Uint8Array];
  const buffers = (json.buffers ?? []).map((b) =>
    b.uri === uri
      ? { ...b, uri: `data:application/octet-stream;base64,${Buffer.from(data).toString('base64')}` }
      : b,
  );
  return { json: { ...json, buffers } as Record<string, unknown>, glb: await io.writeBinary(triangle()) };
}

function triangle(): Document {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const position = doc
    .createAccessor()
    .setType('VEC3')
    .setArray(Float32Array.from([0, 0, 0, 2, 0, 0, 0, 3, -1]))
    .setBuffer(buffer);
  const mesh = doc.createMesh().addPrimitive(doc.createPrimitive().setAttribute('POSITION', position));
  doc
    .createScene()
    .addChild(doc.createNode().setMesh(mesh))
    .addChild(doc.createNode().setMesh(mesh).setTranslation([0, 0, -4]));
  return doc;
}

describe('models', () => {
  it('makes a .gltf with embedded buffers a .glb, counting triangles of every node and bounds with z up', async () => {
    const { json } = await triangleGltf();
    const workDir = path.join(dir, 'model');
    await mkdir(workDir);
    const result = await createScanEngine().checkModel({
      inputPath: await file(JSON.stringify(json)),
      workDir,
    });
    expect(result).toEqual({
      format: 'gltf',
      glbPath: path.join(workDir, 'model.glb'),
      triangles: 2,
      // glTF (x, y, z) is (x, -z, y) in the plan: y from -(-1) .. -(-4 + 0) ... see the node at z - 4.
      bounds: { min: [0, 0, 0], max: [2, 5, 3] },
    });
    const back = await modelIO().read(result.glbPath);
    expect(back.getRoot().listMeshes()).toHaveLength(1);
  });

  it('writes a valid .glb compacted into the work folder, leaving the original as it was', async () => {
    const { glb } = await triangleGltf();
    const inputPath = await file(Buffer.from(glb));
    const workDir = path.join(dir, 'glb');
    await mkdir(workDir);
    const result = await checkModelFile({ inputPath, workDir });
    expect([result.format, result.glbPath, result.triangles]).toEqual([
      'glb',
      path.join(workDir, 'model.glb'),
      2,
    ]);
    expect(Buffer.compare(await readFile(inputPath), Buffer.from(glb))).toBe(0);
  });

  it('refuses a model whose buffers are missing, naming them', async () => {
    const { json } = await triangleGltf();
    const external = { ...json, buffers: [{ uri: 'model.bin', byteLength: 36 }] };
    const error = await checkModelFile({
      inputPath: await file(JSON.stringify(external)),
      workDir: dir,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScanInputError);
    expect([(error as ScanInputError).messageKey, (error as ScanInputError).params]).toEqual([
      'scans.error.missingBuffers',
      { detail: 'buffer 0: model.bin' },
    ]);
    const truncated = {
      ...json,
      buffers: [{ uri: 'data:application/octet-stream;base64,AAAA', byteLength: 36 }],
    };
    const short = await checkModelFile({
      inputPath: await file(JSON.stringify(truncated)),
      workDir: dir,
    }).catch((e: unknown) => e);
    expect((short as ScanInputError).messageKey).toBe('scans.error.missingBuffers');
  });

  it('refuses a .gltf that is JSON garbage, or no JSON at all', async () => {
    for (const data of ['{"hello": "world"}', '{"asset": {"version": "1.0"}}', 'not json', '[1, 2, 3]']) {
      const error = await checkModelFile({ inputPath: await file(data), workDir: dir }).catch(
        (e: unknown) => e,
      );
      expect((error as ScanInputError).messageKey).toBe('scans.error.notGltf');
    }
  });
});
