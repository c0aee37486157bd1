import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { apiRoutes } from '@measure/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk } from '../../../test/call-route.ts';
import { buildCompany, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { buildPlannedProject, buildWorkOrder } from '../../../test/task-factories.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { pngBytes } from '../../../test/plan-files.ts';
import { FileStore } from '../../core/file-store.ts';
import { LocalObjectStore } from '../../core/storage/local-object-store.ts';
import { deviceFiles, workOrders } from '../../db/schema.ts';
import { jobDefinitions } from '../../jobs/jobs.ts';
import { DeviceFilesRepository } from '../results/device-files-repository.ts';
import { WorkOrderPicturesService } from './work-order-pictures-service.ts';
import { DeviceFileStore } from '../results/device-file-store.ts';

/**
 * Issue 18: photos people uploaded for a completion that never came are swept after 24 hours (rows,
 * then files); a photo a work order names stays, a fresh one stays, and a completion in flight that
 * names an old photo keeps it. The sweep finds old photos across companies but deletes them per
 * company: one company's delete never reaches another company's photo.
 */
let t: TestApp;
let admin: BuiltUser;
let worker: BuiltUser;
let companyId: string;
let projectId: string;
let service: WorkOrderPicturesService;
const silent = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} };
const pictureDir = () => path.join(t.config.dataDir, 'uploads', 'work-order-pictures');

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  worker = await buildUser(t, { companyId, roles: ['Surveyor'] });
  projectId = await buildPlannedProject(t, { companyId, stories: 3, households: 2, staff: [worker] });
  service = new WorkOrderPicturesService({
    db: t.db,
    files: new FileStore<'jpg' | 'png'>(
      new LocalObjectStore(t.config.dataDir),
      'uploads/work-order-pictures',
      ['jpg', 'png'],
    ),
    deviceFiles: new DeviceFileStore(new LocalObjectStore(t.config.dataDir)),
  });
});
afterAll(async () => t.close());

async function startedOrder(): Promise<string> {
  const id = await buildWorkOrder(t, admin, { ProjectId: projectId, AssigneeId: worker.id });
  await callRouteOk(t.app, apiRoutes.workOrders.start, { WorkOrderId: id }, { as: worker });
  return id;
}

async function upload(workOrderId: string): Promise<string> {
  const body = multipartBody([{ name: '墙面.png', data: pngBytes(32, 24), type: 'image/png' }], {
    WorkOrderId: workOrderId,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: apiRoutes.workOrders.uploadPicture.path,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${worker.token}` },
  });
  const answer = response.json<{ Code: number; Result: { FileId: string } }>();
  expect(answer.Code).toBe(0);
  return answer.Result.FileId;
}

/** Makes uploads look as if they were made 25 hours ago. */
async function age(ids: string[]): Promise<void> {
  await t.db
    .update(deviceFiles)
    .set({ createdAt: sql`now() - interval '25 hours'` })
    .where(inArray(deviceFiles.id, ids));
}

const rows = async (ids: string[]) =>
  (await t.db.select({ id: deviceFiles.id }).from(deviceFiles).where(inArray(deviceFiles.id, ids)))
    .map((row) => row.id)
    .sort();
const onDisk = (id: string) => existsSync(path.join(pictureDir(), id));

describe('orphan work order photos', () => {
  it('is an hourly job', () => {
    const jobs = jobDefinitions(t.db, silent as never, { workOrderPictures: service });
    expect(jobs.crontab).toMatch(/^\d+ \* \* \* \* workOrders:sweepPictures$/m);
    expect(jobs.tasks['workOrders:sweepPictures']).toBeTypeOf('function');
  });

  it('removes old photos no work order names (row and file), keeping attached and fresh ones', async () => {
    const completed = await startedOrder();
    const attached = await upload(completed);
    const fresh = await upload(completed);
    const orphan = await upload(completed);
    await callRouteOk(
      t.app,
      apiRoutes.workOrders.complete,
      { WorkOrderId: completed, Remark: '已处理', PictureFileIds: [attached] },
      { as: worker },
    );
    await age([attached, orphan]);
    const all = [attached, fresh, orphan];
    expect(all.every(onDisk)).toBe(true);

    const sweep = jobDefinitions(t.db, silent as never, { workOrderPictures: service }).tasks[
      'workOrders:sweepPictures'
    ] as (payload: unknown, helpers: unknown) => Promise<void>;
    await sweep({}, {});
    expect(await rows(all)).toEqual([attached, fresh].sort());
    expect([onDisk(attached), onDisk(fresh), onDisk(orphan)]).toEqual([true, true, false]);
    // The attached photo is still served with its work order.
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/rs/WorkOrder/Picture/${completed}/${encodeURIComponent(attached)}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(served.statusCode).toBe(200);
    // A day later the fresh one is old too, and goes.
    expect(await service.sweepOrphans(new Date(Date.now() + 25 * 3600_000))).toEqual([fresh]);
    expect(await rows(all)).toEqual([attached]);
    expect(onDisk(fresh)).toBe(false);
  });

  it('waits for a completion in flight that names an old photo, and keeps it', async () => {
    const order = await startedOrder();
    const photo = await upload(order);
    await age([photo]);
    // A completion's transaction: it holds the photo (as WorkOrder/Complete does) and names it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const hasLock = new Promise<void>((resolve) => (locked = resolve));
    const completion = t.db.transaction(async (tx) => {
      expect(await new DeviceFilesRepository(tx).finished(companyId, [photo], true)).toHaveLength(1);
      locked();
      await held;
      await tx
        .update(workOrders)
        .set({ pictureFileIds: [photo] })
        .where(eq(workOrders.id, order));
    });
    await hasLock;
    const sweeping = service.sweepOrphans();
    // The sweep waits for the completion's lock before it decides.
    await expect
      .poll(async () => {
        const waiting = await t.db.execute<{ n: number }>(
          sql`select count(*)::int n from pg_stat_activity where wait_event_type = 'Lock'`,
        );
        return waiting.rows[0]?.n ?? 0;
      })
      .toBeGreaterThan(0);
    release();
    await completion;
    expect(await sweeping).toEqual([]);
    expect(await rows([photo])).toEqual([photo]);
    expect(onDisk(photo)).toBe(true);
  });

  it("deletes per company: a delete naming another company's photo leaves it, the sweep removes it in its own", async () => {
    const other = await buildCompany(t);
    const otherUser = await buildUser(t, { companyId: other.id, roles: ['Surveyor'] });
    const repository = new DeviceFilesRepository(t.db);
    const mine = `${randomUUID()}.png`;
    const theirs = `${randomUUID()}.png`;
    const picture = { fileName: '墙面.png', size: 10 };
    await repository.insertPersonPicture({ ...picture, id: mine, companyId, uploadedBy: worker.id });
    await repository.insertPersonPicture({
      ...picture,
      id: theirs,
      companyId: other.id,
      uploadedBy: otherUser.id,
    });

    expect(await repository.removeUnattachedPersonPictures(companyId, [mine, theirs])).toEqual([mine]);
    expect(await rows([mine, theirs])).toEqual([theirs]);

    await age([theirs]);
    expect(await service.sweepOrphans()).toEqual([theirs]);
    expect(await rows([theirs])).toEqual([]);
  });
});
