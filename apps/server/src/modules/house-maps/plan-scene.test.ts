/** The floor-plan editor's scene of a DXF plan: built by the houseMaps:buildScene job, served by GetHouseMapScene. */
import { brotliDecompressSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocalObjectStore } from '../../core/storage/local-object-store.ts';
import { houseMaps } from '../../db/schema.ts';
import { type TestApp } from '../../../test/app.ts';
import { dxfText } from '../../../test/plan-files.ts';
import { newHouseMap, newProject, post, useHouseMapTestApp } from '../../../test/house-maps.ts';
import { PlanFileStore } from './file-store.ts';
import { PLAN_SCENE_JOB, PlanSceneBuilder, PlanSceneStore } from './plan-scene.ts';

const context = useHouseMapTestApp();
let t: TestApp;
let builder: PlanSceneBuilder;
let scenes: PlanSceneStore;
let files: PlanFileStore;
beforeAll(() => {
  t = context.t;
  const objects = new LocalObjectStore(t.config.dataDir);
  files = new PlanFileStore(objects);
  scenes = new PlanSceneStore(objects);
  builder = new PlanSceneBuilder({ files, scenes, log: t.app.log });
});

/** Four walls and a circle on WALLS, and a Chinese room name on a layer the LAYER table lacks. */
const drawing = () => {
  const text = dxfText().replace(
    '0\nENDSEC\n0\nEOF',
    '0\nTEXT\n8\nROOMS\n10\n5\n20\n5\n40\n2\n1\n客厅\n0\nENDSEC\n0\nEOF',
  );
  return { name: 'plan.dxf', data: Buffer.from(text, 'utf8'), type: 'application/dxf' };
};

const storedNameOf = async (houseMapId: string) => {
  const [row] = await t.db
    .select({ storedName: houseMaps.storedName })
    .from(houseMaps)
    .where(eq(houseMaps.id, houseMapId));
  return row!.storedName;
};

const sceneReply = (houseMapId: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ms/Project/GetHouseMapScene',
    payload: { id: houseMapId },
    headers: { authorization: `Bearer ${context.admin}`, ...headers },
  });

/** The header of an encoded scene (plan-scene-format.mjs). */
function sceneHeader(bytes: Buffer) {
  expect(bytes.subarray(0, 8).toString('latin1')).toBe('MCDXFSC1');
  const length = bytes.readUInt32LE(8);
  return JSON.parse(bytes.subarray(12, 12 + length).toString('utf8')) as {
    viewer: string;
    layers: { name: string }[];
    batches: unknown[];
    hasMissingChars: boolean;
    vertices: number;
    transforms: number;
    indices: number;
  };
}

describe('plan scenes', () => {
  it('queues the job with the upload; the job stores the scene, which GetHouseMapScene serves', async () => {
    const row = await newHouseMap(await newProject(), '场景户型', drawing());
    const storedName = await storedNameOf(row.HouseMapId);
    const jobs = await t.db.execute<{ payload: { storedName: string } }>(
      sql`select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
        where k.identifier = ${PLAN_SCENE_JOB} and j.key = ${`plan-scene:${storedName}`}`,
    );
    expect(jobs.rows.map((job) => job.payload)).toEqual([{ storedName }]);
    // Not built yet: the editor reads the DXF.
    expect((await post('/api/ms/Project/GetHouseMapScene', { id: row.HouseMapId })).Code).toBe(404);

    expect(await builder.run({ storedName })).toBe('built');
    expect(await builder.run({ storedName })).toBe('skipped');
    const reply = await sceneReply(row.HouseMapId);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/octet-stream');
    const header = sceneHeader(reply.rawPayload);
    expect(header.viewer).toBe('1.0.49');
    expect(header.layers.map((layer) => layer.name).sort()).toEqual(['ROOMS', 'WALLS']);
    // The Chinese text was turned into outlines with the Noto Sans SC slices on the server.
    expect(header.hasMissingChars).toBe(false);
    expect(header.batches.length).toBeGreaterThan(1);
    const start = Math.ceil((12 + reply.rawPayload.readUInt32LE(8)) / 4) * 4;
    expect(reply.rawPayload.length).toBe(start + header.vertices + header.transforms + header.indices);
    expect(header.vertices).toBeGreaterThan(0);

    // A browser takes it as stored: brotli, in ranges of the encoded bytes.
    const stored = await scenes.read(PlanSceneStore.nameOf(storedName)!);
    expect(brotliDecompressSync(stored).equals(reply.rawPayload)).toBe(true);
    expect(stored.length).toBeLessThan(reply.rawPayload.length);
    const encoded = await sceneReply(row.HouseMapId, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(encoded.headers['content-encoding']).toBe('br');
    expect(encoded.headers.vary).toBe('Accept-Encoding');
    expect(encoded.headers['content-length']).toBe(String(stored.length));
    expect(encoded.rawPayload.equals(stored)).toBe(true);
    const part = await sceneReply(row.HouseMapId, { 'accept-encoding': 'br', range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${stored.length}`);
    expect(part.rawPayload.equals(stored.subarray(10, 20))).toBe(true);
    // Refused with q=0: decoded on the way, without ranges.
    const refused = await sceneReply(row.HouseMapId, { 'accept-encoding': 'br;q=0', range: 'bytes=10-19' });
    expect(refused.statusCode).toBe(200);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload.equals(reply.rawPayload)).toBe(true);

    // Another company sees neither the house type nor its scene.
    expect((await post('/api/ms/Project/GetHouseMapScene', { id: row.HouseMapId }, context.other)).Code).toBe(
      404,
    );
    // Removing the house type removes its scene.
    expect((await post('/api/ms/Project/RemoveHouseMap', { id: row.HouseMapId })).Code).toBe(0);
    expect(await scenes.stat(PlanSceneStore.nameOf(storedName)!)).toBeUndefined();
  });

  it('a scene stored before compression (<plan>.scene) is still served, and removed with its plan', async () => {
    const row = await newHouseMap(await newProject(), '旧场景', drawing());
    const storedName = await storedNameOf(row.HouseMapId);
    const legacy = PlanSceneStore.namesOf(storedName)[1]!;
    expect(legacy.endsWith('.scene')).toBe(true);
    const raw = Buffer.concat([Buffer.from('MCDXFSC1', 'latin1'), Buffer.alloc(64, 7)]);
    await scenes.store.put(scenes.keyOf(legacy), raw);
    const reply = await sceneReply(row.HouseMapId, { 'accept-encoding': 'br' });
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.rawPayload.equals(raw)).toBe(true);
    // The job sees a scene there and leaves it.
    expect(await builder.run({ storedName })).toBe('skipped');
    expect((await post('/api/ms/Project/RemoveHouseMap', { id: row.HouseMapId })).Code).toBe(0);
    expect(await scenes.stat(legacy)).toBeUndefined();
  });

  it('a drawing dxf-viewer cannot read fails the job cleanly: no scene, the DXF is still served', async () => {
    const row = await newHouseMap(await newProject(), '坏图纸', drawing());
    const storedName = await storedNameOf(row.HouseMapId);
    const corrupt = Buffer.from('0\nSECTION\n2\nENTITIES\n0\nLINE\n10\nnot-a-number\n0\nSECTION\n', 'utf8');
    await files.store.put(files.keyOf(storedName), corrupt);
    expect(await builder.run({ storedName })).toBe('failed');
    expect(await scenes.stat(PlanSceneStore.nameOf(storedName)!)).toBeUndefined();
    expect((await post('/api/ms/Project/GetHouseMapScene', { id: row.HouseMapId })).Code).toBe(404);
    const base = await t.app.inject({
      method: 'POST',
      url: '/api/ms/Project/GetHouseMapBase',
      payload: { id: row.HouseMapId },
      headers: { authorization: `Bearer ${context.admin}` },
    });
    expect(base.rawPayload.equals(corrupt)).toBe(true);
  });

  it('an image plan has no scene and queues no job', async () => {
    const row = await newHouseMap(await newProject());
    const storedName = await storedNameOf(row.HouseMapId);
    expect(PlanSceneStore.nameOf(storedName)).toBeNull();
    expect(await builder.run({ storedName })).toBe('skipped');
    expect((await post('/api/ms/Project/GetHouseMapScene', { id: row.HouseMapId })).Code).toBe(404);
  });
});
