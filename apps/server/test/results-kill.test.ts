import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiRoutes } from '@measure/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteReadings, taskSites } from '../src/db/schema.ts';
import { freePort, waitReady } from '../bench/support/bench-server.ts';
import { createTestApp, type TestApp } from './app.ts';
import { sendResultsBatch } from './results-batch-request.ts';
import { callRoute, callRouteOk } from './call-route.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
} from './factories.ts';

let t: TestApp;
let device: { id: string; key: string };
let taskId: string;

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  const planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  device = await buildDevice(t, { companyId });
  const projectId = (await buildProject(t, { companyId })).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 2 });
  taskId = await callRouteOk(
    t.app,
    apiRoutes.tasks.addTask,
    {
      ProjectId: projectId,
      Stage: 'plaster',
      MeasureKind: 'first',
      InspectionKind: 'self',
      Households: [{ BuildingNumber: '1#', Floor: 1, Household: 1 }],
      ItemCodes: ['PL-01'],
      DeviceGuid: device.id,
    },
    { as: planner },
  );
});
afterAll(async () => t.close());

/** A large batch: 1,500 sites of 400 values (600,000 values, about 2.5 MB of JSON). */
const SITES = 1_500;
const batch = {
  Source: 'robot',
  Sites: Array.from({ length: SITES }, (_, index) => ({
    PointIndex: index + 1,
    BuildingNumber: '1#',
    Floor: 1,
    Household: 1,
    Readings: [{ ItemCode: 'PL-01', Values: Array.from({ length: 400 }, (_, v) => ((index + v) % 40) / 10) }],
  })),
};

const stored = async () => ({
  sites: (await t.db.select({ n: count() }).from(taskSites).where(eq(taskSites.taskId, taskId)))[0]?.n ?? 0,
  readings:
    (await t.db.select({ n: count() }).from(siteReadings).where(eq(siteReadings.taskId, taskId)))[0]?.n ?? 0,
});

describe('a server killed while a results batch is being stored', () => {
  it('leaves the whole batch or none of it, and the same batch with its key is then stored once', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-kill-'));
    const port = await freePort();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/server.ts')],
      {
        env: {
          ...process.env,
          DATABASE_URL: t.connectionString,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          DEMO: 'false',
          JOBS: 'false',
          LOG_LEVEL: 'silent',
        },
        stdio: 'ignore',
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await waitReady(port, '/readyz');
      const body = JSON.stringify(batch);
      // The batch goes up whole; the server is killed while it validates, judges and writes it.
      const answered = sendResultsBatch({
        port,
        taskId,
        deviceKey: device.key,
        idempotencyKey: 'killed',
        body,
        onSent: () => setTimeout(() => child.kill('SIGKILL'), 30),
      });
      const outcome = await answered;
      await exited;
      const after = await stored();
      // All or nothing, whatever moment the kill hit.
      expect([0, SITES]).toContain(after.sites);
      expect(after.readings).toBe(after.sites);
      if (outcome.startsWith('cut')) expect(after.sites).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }

    // The robot sends the same batch again with its key: stored once.
    const again = await callRoute(
      t.app,
      apiRoutes.resultsDevice.results,
      { TaskId: taskId, ...batch } as never,
      {
        headers: { authorization: `Device ${device.key}`, 'idempotency-key': 'killed' },
      },
    );
    expect(again.Code).toBe(0);
    expect(await stored()).toEqual({ sites: SITES, readings: SITES });
  }, 120_000);
});
