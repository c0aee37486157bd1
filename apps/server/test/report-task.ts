import { runRobot } from '@measure/robot';
import { FileStore } from '../src/core/file-store.ts';
import { createObjectStore } from '../src/core/storage/create-object-store.ts';
import { type ReportExtension, ReportRenderer } from '../src/modules/reports/report-job.ts';
import type { TestApp } from './app.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltUser,
} from './factories.ts';
import { buildTask } from './task-factories.ts';

/**
 * A company's task of one household (1# floor 1, house type assigned) measured by the simulated
 * robot through the device API and finished, so its report is queued; with a renderer writing to
 * the app's store, DATA_DIR or S3_URL (run it with `runQueuedRenders`).
 */
export async function robotReportTask(
  t: TestApp,
  options: { projectName: string; itemCodes: string[]; seed: number; publicBase?: string },
): Promise<{ companyId: string; admin: BuiltUser; taskId: string; renderer: ReportRenderer }> {
  const companyId = (await buildCompany(t)).id;
  const admin = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  const device = await buildDevice(t, { companyId });
  const projectId = (await buildProject(t, { companyId, name: options.projectName })).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 1 });
  const taskId = await buildTask(t, admin, {
    ProjectId: projectId,
    ItemCodes: options.itemCodes,
    DeviceGuid: device.id,
  });
  const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await runRobot({ server, key: device.key, seed: options.seed, errorRate: 0.3, batchSites: 5 });
  const renderer = new ReportRenderer({
    db: t.db,
    files: new FileStore<ReportExtension>(createObjectStore(t.config), 'reports', ['pdf', 'xlsx']),
    publicBase: options.publicBase,
  });
  return { companyId, admin, taskId, renderer };
}
