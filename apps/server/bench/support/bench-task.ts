/**
 * What the benchmarks that send results share: a project of one building with a house type on every
 * floor, an activated robot (device key), and tasks of that robot, all made through the API.
 */
import { ok, type BenchServer } from './bench-server.ts';

/** A tiny valid PNG (1 x 1) for the house type's plan. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface BenchHousehold {
  BuildingNumber: string;
  Floor: number;
  Household: number;
}

/** Households of building 1# floor by floor, `perFloor` on each, `count` in all. */
export const benchHouseholds = (count: number, perFloor = 4): BenchHousehold[] =>
  Array.from({ length: count }, (_, index) => ({
    BuildingNumber: '1#',
    Floor: Math.floor(index / perFloor) + 1,
    Household: (index % perFloor) + 1,
  }));

/**
 * A project named `name` with building 1# of `stories` floors of 4 households, a house type on all
 * floors and an activated device; `addTask` plans a plaster task of the device.
 */
export async function benchProject(
  server: BenchServer,
  token: string,
  name: string,
  stories: number,
  deviceNumber = 'BENCH-1',
) {
  const project = await ok<{ ProjectId: string }>(
    server.port,
    '/api/ms/Project/Add',
    {
      Name: name,
      DetailsInfo: [{ BuildingNumber: '1#', Stories: stories, Households: 4, DeliveryStandard: 'fine' }],
    },
    token,
  );
  const form = new FormData();
  form.set('ProjectId', project.ProjectId);
  form.set('Name', '压测户型');
  form.set('FloorArea', '90');
  form.set('file', new Blob([PNG], { type: 'image/png' }), 'plan.png');
  const uploaded = await fetch(`http://127.0.0.1:${server.port}/api/ms/Project/HouseMapUpdate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const houseMap = ((await uploaded.json()) as { Result: { HouseMapId: string } }).Result;
  await ok(
    server.port,
    '/api/ms/Project/AssignHouseMapToFloors',
    {
      ProjectId: project.ProjectId,
      HouseMapId: houseMap.HouseMapId,
      BuildingNumber: '1#',
      FloorFrom: 1,
      FloorTo: stories,
    },
    token,
  );
  const deviceId = await ok<string>(
    server.port,
    '/api/sys/SysDevice/AddDevice',
    { DeviceNumber: deviceNumber },
    token,
  );
  const { DeviceKey } = await ok<{ DeviceKey: string }>(
    server.port,
    '/api/sys/SysDevice/ActivateDevice',
    { DeviceGuid: deviceId },
    token,
  );
  const addTask = (households: BenchHousehold[], itemCodes: string[]) =>
    ok<string>(
      server.port,
      '/api/ms/MsTask/AddTask',
      {
        ProjectId: project.ProjectId,
        Stage: 'plaster',
        MeasureKind: 'first',
        InspectionKind: 'self',
        Households: households,
        ItemCodes: itemCodes,
        DeviceGuid: deviceId,
      },
      token,
    );
  return { projectId: project.ProjectId, deviceKey: DeviceKey, addTask };
}

/** Sequential GetSelf calls until `until()` is true; their latencies in ms. */
export async function probeGetSelf(port: number, token: string, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!until()) {
    const before = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/sys/User/GetSelf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - before);
  }
  return latencies;
}

/** The 99th percentile of latencies. */
export const p99 = (latencies: readonly number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};
