import {
  apiRoutes,
  type RegisterScanBody,
  type ResultBatch,
  type ResultSite,
  type WorkPackage,
} from '@measure/contract';
import { facadePanels } from '@measure/robot/facade-panels';
import { facadeBulge, panelCloud } from '@measure/robot/facade-scans';
import { readingFor } from '@measure/robot/readings';
import type { ObjectStore } from '../core/storage/object-store.ts';
import type { Database } from '../db/client.ts';
import type { AuthContext } from '../modules/auth/auth-context.ts';
import { DeviceFileStore } from '../modules/results/device-file-store.ts';
import type { ResultsService } from '../modules/results/results-service.ts';
import { ScansService } from '../modules/scans/scans-service.ts';
import type { TaskDeviceService } from '../modules/tasks/task-device-service.ts';
import { toWorkItem } from '../modules/tasks/task-rows.ts';
import { TasksRepository } from '../modules/tasks/tasks-repository.ts';
import type { TasksService } from '../modules/tasks/tasks-service.ts';
import { type DemoDevice, storeUpload } from './demo-scans.ts';

/**
 * The main demo company's external-wall task (issue 33): the facades of one building over a floor
 * band, measured by the scanner panel by panel as the robot simulator walks them (its facade grid and
 * reading generator), one panel scanned. Planned through AddTask and measured through the results
 * service like the other demo tasks, then finished and audited.
 */
export interface DemoFacadeTask {
  project: string;
  building: string;
  stage: 'plaster';
  floors: [number, number];
  sides: { Side: string; Name: string; WidthM: number }[];
  /** The scanner (by number) that measures it. */
  device: string;
  errorRate: number;
  /** When it was measured, in days before the seeding: from, to. */
  daysAgo: [number, number];
}

export const DEMO_FACADE_TASK: DemoFacadeTask = {
  project: '滨江花园一期',
  building: '2#',
  stage: 'plaster',
  floors: [1, 6],
  sides: [
    { Side: 'N', Name: '北立面', WidthM: 32.4 },
    { Side: 'E', Name: '东立面', WidthM: 14.6 },
    { Side: 'S', Name: '南立面', WidthM: 32.4 },
    { Side: 'W', Name: '西立面', WidthM: 14.6 },
  ],
  device: 'DEMO-S01',
  errorRate: 0.1,
  /** Measured 10 to 7 days before the seeding. */
  daysAgo: [10, 7],
};

/** Points of the demo panel's cloud. */
export const DEMO_FACADE_SCAN_POINTS = 20_000;
const DAY_MS = 86_400_000;
const SITES_PER_BATCH = 50;

export interface FacadeSeedDeps {
  db: Database;
  objects: ObjectStore;
  tasks: TasksService;
  taskDevice: TaskDeviceService;
  results: ResultsService;
}

/** The facade panels as the simulator sends them: a grid per floor of each side, readings per item. */
export function demoFacadeSites(
  plan: DemoFacadeTask,
  work: Pick<WorkPackage, 'FloorFrom' | 'FloorTo' | 'Sides' | 'Items'>,
  random: () => number,
  now: number,
  seed: number,
): ResultSite[] {
  const panels = facadePanels(work, { seed });
  const [from, to] = plan.daysAgo;
  return panels.map(({ Name, ...panel }, index) => {
    const day = Math.floor(from - ((from - to) * index) / panels.length);
    const at = new Date(now - day * DAY_MS);
    // Working hours in China time (01:00-09:00 UTC), a minute or so per panel, never ahead of now.
    at.setUTCHours(1 + Math.floor((index % 480) / 60), index % 60, Math.floor(random() * 60), 0);
    const widthMm = Math.round((panel.X1 - panel.X0) * 1000);
    return {
      PointIndex: index + 1,
      BuildingNumber: plan.building,
      ...panel,
      Name,
      Surface: 'facade',
      AreaM2: Math.round((panel.X1 - panel.X0) * (panel.Z1 - panel.Z0) * 100) / 100,
      MeasuredAt: new Date(Math.min(at.getTime(), now - (panels.length - index) * 1000)).toISOString(),
      PictureFileIds: [],
      PointCloudFileId: null,
      Readings: work.Items.map((item) => readingFor(item, widthMm, plan.errorRate, random)),
    };
  });
}

/** Plans, measures, scans one panel of, finishes and audits the demo's external-wall task. */
export async function seedDemoFacadeTask(
  deps: FacadeSeedDeps,
  plan: DemoFacadeTask,
  admin: AuthContext,
  ids: { projectId: string; deviceId: string },
  random: () => number,
  seed: number,
): Promise<string> {
  const now = Date.now();
  const addTaskBody = apiRoutes.tasks.addTask.body;
  if (!addTaskBody) throw new Error('AddTask without a body');
  const taskId = await deps.tasks.add(
    admin,
    addTaskBody.parse({
      ProjectId: ids.projectId,
      Stage: plan.stage,
      MeasureKind: 'first',
      InspectionKind: 'self',
      TaskKind: 'externalWall',
      BuildingNumber: plan.building,
      Sides: plan.sides,
      FloorFrom: plan.floors[0],
      FloorTo: plan.floors[1],
      DeviceGuid: ids.deviceId,
      SurveyorIds: [],
      PlannedDate: new Date(now - plan.daysAgo[0] * DAY_MS).toISOString().slice(0, 10),
    }),
    'zh-CN',
  );
  const device: DemoDevice = { companyId: admin.companyId, deviceId: ids.deviceId };
  await deps.taskDevice.move(device, taskId, 'inProgress', 'zh-CN');
  const task = await new TasksRepository(deps.db).find(admin.companyId, taskId);
  if (!task) throw new Error('demo facade task vanished');
  const Items = task.standard.Items.map(toWorkItem);
  const sites = demoFacadeSites(
    plan,
    { FloorFrom: task.floorFrom, FloorTo: task.floorTo, Sides: task.facadeSides, Items },
    random,
    now,
    seed,
  );
  for (let start = 0; start < sites.length; start += SITES_PER_BATCH) {
    const batch: ResultBatch = { Source: 'scanner', Sites: sites.slice(start, start + SITES_PER_BATCH) };
    const key = `demo:${taskId}:${start / SITES_PER_BATCH}`;
    await deps.results.ingest(device, taskId, batch, key, JSON.stringify(batch));
  }
  await scanOnePanel(deps, device, taskId, Items, sites, seed);
  await deps.taskDevice.move(device, taskId, 'uploaded', 'zh-CN');
  await deps.tasks.audit(admin, taskId, 'zh-CN');
  const times = sites.map((site) => Date.parse(site.MeasuredAt ?? ''));
  await new TasksRepository(deps.db).setWindow(
    admin.companyId,
    taskId,
    new Date(Math.min(...times)),
    new Date(Math.max(...times)),
  );
  return taskId;
}

/**
 * One panel's cloud (the first with an exploded reading, else the first panel), stored as the
 * scanner's finished upload and registered through the device route's service with its Side and
 * PointIndex; its `scans:process` job runs once the server's worker starts.
 */
async function scanOnePanel(
  deps: FacadeSeedDeps,
  device: DemoDevice,
  taskId: string,
  items: WorkPackage['Items'],
  sites: readonly ResultSite[],
  seed: number,
): Promise<void> {
  const rect = (site: ResultSite) => ({
    X0: site.X0 ?? 0,
    X1: site.X1 ?? 1,
    Z0: site.Z0 ?? 0,
    Z1: site.Z1 ?? 1,
  });
  const site = sites.find((candidate) => facadeBulge(rect(candidate), items, candidate.Readings)) ?? sites[0];
  if (!site?.Side) return;
  const bulge = facadeBulge(rect(site), items, site.Readings);
  const cloud = panelCloud(rect(site), bulge, { seed, sitePoints: DEMO_FACADE_SCAN_POINTS });
  const fileName = `${site.BuildingNumber}-${site.Side}-${site.PointIndex}.ply`;
  const fileId = await storeUpload(deps.db, deps.objects, device, cloud, fileName, 'pointcloud');
  const body: RegisterScanBody = {
    FileId: fileId,
    Kind: 'pointcloud',
    BuildingNumber: site.BuildingNumber,
    Floor: site.Floor,
    Side: site.Side,
    PointIndex: site.PointIndex,
    Name: `${site.Side} ${site.Floor}层 ${site.Name ?? ''}`.trim(),
  };
  const scans = new ScansService({
    db: deps.db,
    objects: deps.objects,
    deviceFiles: new DeviceFileStore(deps.objects),
    removeUpload: async () => {},
  });
  await scans.register(device, taskId, body, `demo:${taskId}:scan:${fileId}`, JSON.stringify(body));
}
