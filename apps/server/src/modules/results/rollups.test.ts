import { apiRoutes } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk } from '../../../test/call-route.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
} from '../../../test/factories.ts';
import { RollupsRepository } from './rollups-repository.ts';
import { buildTask } from '../../../test/task-factories.ts';

let t: TestApp;
let companyId: string;
let taskId: string;
let device: { key: string; id: string };

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  const planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  device = await buildDevice(t, { companyId });
  const projectId = (await buildProject(t, { companyId })).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 3 });
  taskId = await buildTask(t, planner, {
    ProjectId: projectId,
    Households: [1, 2, 3].map((floor) => ({ BuildingNumber: '1#', Floor: floor, Household: 1 })),
    ItemCodes: ['PL-01', 'PL-02'],
    DeviceGuid: device.id,
  });
});
afterAll(async () => t.close());

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

describe('rollups kept by the batches themselves', () => {
  it('equal a recomputation from the readings after every batch, corrections moving sites included', async () => {
    const next = random(20261124);
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
    const rollups = new RollupsRepository(t.db);
    for (let batch = 0; batch < 12; batch += 1) {
      // Sites 1-8 over and over: later batches correct earlier ones, moving them between floors,
      // days, items and grades (values up to 30 mm: qualified to exploded).
      const indexes = [...new Set(Array.from({ length: 4 }, () => 1 + Math.floor(next() * 8)))];
      const sites = indexes.map((index) => ({
        PointIndex: index,
        BuildingNumber: '1#',
        Floor: pick([1, 2, 3]),
        Household: 1,
        AreaM2: Math.round(next() * 1000) / 100,
        MeasuredAt: pick(['2026-11-20T10:00:00Z', '2026-11-21T17:30:00Z', '2026-11-22T02:00:00Z']),
        Readings: (next() < 0.5 ? ['PL-01'] : ['PL-01', 'PL-02']).map((code) => ({
          ItemCode: code,
          Values: Array.from({ length: 1 + Math.floor(next() * 4) }, () => Math.round(next() * 300) / 10),
        })),
      }));
      await callRouteOk(
        t.app,
        apiRoutes.resultsDevice.results,
        { TaskId: taskId, Source: 'robot', Sites: sites } as never,
        { headers: { authorization: `Device ${device.key}`, 'idempotency-key': `batch-${batch}` } },
      );
      expect(await rollups.differences(companyId), `after batch ${batch}`).toEqual([]);
    }
  });
});
