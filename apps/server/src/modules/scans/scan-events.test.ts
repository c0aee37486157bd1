import { apiRoutes } from '@measure/contract';
import { householdModel } from '@measure/robot/household-model';
import { householdGeometry } from '@measure/robot/household-rooms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk } from '../../../test/call-route.ts';
import { deviceFilesEndpoint, uploadDeviceFile } from '../../../test/device-uploads.ts';
import { listenAs, type OpenedStream, type ReadEvent } from '../../../test/event-stream-client.ts';
import { buildScanTestbed, type ScanTestbed, setModeling } from '../../../test/scan-testbed.ts';
import { runScanJobs, scanProcessor } from '../../../test/scan-jobs.ts';
import { createScanEngine } from './engine/index.ts';
import type { ScanProcessor } from './scan-job.ts';

/** The `scan` live event follows the modelling gate: none while it is off, the scan still kept. */
let t: TestApp;
let bed: ScanTestbed;
let url: string;
let processor: ScanProcessor;
let model: Buffer;
const streams: OpenedStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  bed = await buildScanTestbed(t);
  url = (await deviceFilesEndpoint(t)).replace('/api/device/v1/Files', '');
  const engine = createScanEngine();
  processor = scanProcessor(t, () => Promise.resolve(engine));
  model = Buffer.from(await householdModel(householdGeometry(undefined, ['客厅']), '1#-1-1'));
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

const listen = () => listenAs(url, bed.planner.token, streams);

const scanEvents = (stream: OpenedStream) =>
  stream.events.filter((event) => event.event === 'scan').map((event) => event.data);

/** Uploads and registers the model as the device at 1#/1/1; answers its ScanId. */
async function sendModel(name: string): Promise<string> {
  const fileId = await uploadDeviceFile(t, bed.device.key, model, { kind: 'model', fileName: name });
  const answer = await bed.register(
    { FileId: fileId, Kind: 'model', BuildingNumber: '1#', Floor: 1, Household: 1, Name: name },
    name,
  );
  expect(answer.body.Code, JSON.stringify(answer.body)).toBe(0);
  return answer.body.Result.ScanId;
}

const ofScan = (scanId: string, status: string) => (event: ReadEvent) =>
  event.event === 'scan' &&
  (event.data as { ScanId: string; Status: string }).ScanId === scanId &&
  (event.data as { Status: string }).Status === status;

describe('scan events and the modelling gate', () => {
  it('raises queued, processing and ready while modelling is on', async () => {
    const stream = await listen();
    const scanId = await sendModel('on.glb');
    await stream.find(ofScan(scanId, 'queued'));
    await runScanJobs(t, processor);
    await stream.find(ofScan(scanId, 'ready'), 5_000);
    expect(scanEvents(stream)).toEqual([
      { ScanId: scanId, TaskId: bed.taskId, ProjectId: bed.projectId, Status: 'queued', Progress: 0 },
      { ScanId: scanId, TaskId: bed.taskId, ProjectId: bed.projectId, Status: 'processing', Progress: 0 },
      { ScanId: scanId, TaskId: bed.taskId, ProjectId: bed.projectId, Status: 'ready', Progress: 100 },
    ]);
  });

  it('raises none while it is off; the scan is stored, processed and listed once it is on', async () => {
    const stream = await listen();
    await setModeling(t, bed.companyId, false);
    let scanId: string;
    try {
      scanId = await sendModel('off.glb');
      await runScanJobs(t, processor);
      // Without the gate these three would have arrived within a few ms of their commits.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(scanEvents(stream)).toEqual([]);
    } finally {
      await setModeling(t, bed.companyId, true);
    }
    const list = await callRouteOk(
      t.app,
      apiRoutes.scans.getGltfList,
      { TaskId: bed.taskId },
      { as: bed.planner },
    );
    expect(list.Items.find((item) => item.ScanId === scanId)?.Status).toBe('ready');
  });
});
