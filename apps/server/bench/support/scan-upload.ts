/**
 * A synthetic room scan as a scanner sends it, for the scan benchmarks: binary little-endian PLY
 * (float x, y, z in metres, z up; uchar red, green, blue) of the four walls of a `width` x `depth`
 * room, 2.8 m high, with 1.5 mm of noise and a 12 mm bump on the first wall; uploaded through tus
 * with the device key (the robot simulator's device client) and registered on Tasks/{TaskId}/Scans.
 */
import { DeviceClient } from '@measure/robot/device-client';
import { seededRandom } from '@measure/robot/random';
import { ok } from './bench-server.ts';

const HEIGHT_M = 2.8;
const BYTES_PER_POINT = 15;

export function roomPly(points: number, width = 6, depth = 4): Buffer {
  const header = Buffer.from(
    `ply\nformat binary_little_endian 1.0\nelement vertex ${points}\nproperty float x\nproperty float y\n` +
      'property float z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n',
  );
  const body = Buffer.alloc(points * BYTES_PER_POINT);
  const next = seededRandom(32); // the same cloud every run
  const perimeter = 2 * (width + depth);
  for (let index = 0; index < points; index += 1) {
    const along = next() * perimeter;
    const z = next() * HEIGHT_M;
    const noise = (next() + next() + next() - 1.5) * 0.0017;
    let x: number;
    let y: number;
    if (along < width) {
      const bump = 0.012 * Math.exp(-((along - width / 2) ** 2 + (z - 1.4) ** 2) / (2 * 0.4 ** 2));
      [x, y] = [along, noise + bump];
    } else if (along < width + depth) [x, y] = [width + noise, along - width];
    else if (along < 2 * width + depth) [x, y] = [2 * width + depth - along, depth + noise];
    else [x, y] = [noise, perimeter - along];
    const offset = index * BYTES_PER_POINT;
    body.writeFloatLE(x, offset);
    body.writeFloatLE(y, offset + 4);
    body.writeFloatLE(z, offset + 8);
    body[offset + 12] = 180;
    body[offset + 13] = 170;
    body[offset + 14] = 160;
  }
  return Buffer.concat([header, body]);
}

/** Uploads `data` through the device API's tus endpoint with the robot's device client; answers the FileId. */
export function uploadDeviceFile(
  port: number,
  deviceKey: string,
  data: Buffer,
  name: string,
  kind: 'pointcloud' | 'model',
): Promise<string> {
  return new DeviceClient(`http://127.0.0.1:${port}`, deviceKey).upload(data, name, kind);
}

interface ScanRow {
  ScanId: string;
  Status: string;
  Progress: number;
  Error: string | null;
  Points: number | null;
}

/** Registers an uploaded cloud as a scan of household 1# floor 1, 1 and waits until it is ready. */
export async function registerAndWait(
  port: number,
  token: string,
  deviceKey: string,
  taskId: string,
  fileId: string,
  timeoutMs = 15 * 60_000,
): Promise<ScanRow> {
  const { ScanId } = await ok<{ ScanId: string }>(
    port,
    `/api/device/v1/Tasks/${taskId}/Scans`,
    { FileId: fileId, Kind: 'pointcloud', BuildingNumber: '1#', Floor: 1, Household: 1, Name: 'bench room' },
    { authorization: `Device ${deviceKey}`, 'idempotency-key': `bench-${fileId}` },
  );
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const list = await ok<{ Items: ScanRow[] }>(
      port,
      '/api/ms/Report/GetGltfList',
      { TaskId: taskId, PageSize: 10, CurrentPage: 1 },
      token,
    );
    const scan = list.Items.find((item) => item.ScanId === ScanId);
    if (scan?.Status === 'ready') return scan;
    if (scan?.Status === 'failed') throw new Error(`the scan failed: ${scan.Error ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the scan was not ready in time');
}
