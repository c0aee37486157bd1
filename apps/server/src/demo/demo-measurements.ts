import {
  apiRoutes,
  houseMapFieldsSchema,
  permissionsOfRoles,
  type RouteBody,
  type RouteBodyInput,
  type ResultBatch,
  type ResultSite,
  type Role,
  type WorkPackage,
} from '@measure/contract';
import { seededRandom } from '@measure/robot/random';
import { designGuess, readingFor } from '@measure/robot/readings';
import type { Database } from '../db/client.ts';
import { AuditRepository } from '../modules/audit/audit-repository.ts';
import type { AuthContext } from '../modules/auth/auth-context.ts';
import { DevicesService } from '../modules/devices/devices-service.ts';
import type { PlanFileStore } from '../modules/house-maps/file-store.ts';
import { HouseMapAssignmentService } from '../modules/house-maps/house-map-assignment-service.ts';
import { HouseMapService } from '../modules/house-maps/house-map-service.ts';
import { inspectPlanFile } from '../modules/house-maps/plan-file.ts';
import { PlanSceneStore } from '../modules/house-maps/plan-scene.ts';
import { PointTypeService } from '../modules/house-maps/point-type-service.ts';
import { ProjectStandardsService } from '../modules/project-standards/project-standards-service.ts';
import { ResultsService, type ResultsSender } from '../modules/results/results-service.ts';
import { TaskDeviceService } from '../modules/tasks/task-device-service.ts';
import { toWorkItem } from '../modules/tasks/task-rows.ts';
import { TasksRepository } from '../modules/tasks/tasks-repository.ts';
import { TasksService } from '../modules/tasks/tasks-service.ts';
import {
  DEMO_ROOMS,
  DEMO_SITE_TYPES,
  type DemoSiteTypeKey,
  demoMeasurePoints,
  demoPlanPng,
} from './demo-plan.ts';
import { DEMO_DEVICES, DEMO_HOUSE_TYPES, DEMO_TASKS, type DemoTask, sourceOf } from './demo-tasks.ts';
import { seedDemoScans } from './demo-scans.ts';
import { DEMO_FACADE_TASK, type DemoFacadeTask, seedDemoFacadeTask } from './demo-facade.ts';
import { withDemoPictures } from './demo-pictures.ts';
import type { ObjectStore } from '../core/storage/object-store.ts';

/** What the company seed made: ids by login and by project name. */
export interface SeededCompany {
  companyId: string;
  userIds: Map<string, string>;
  projectIds: Map<string, string>;
}

/** What a measurement seed makes, acting as `actor` (a login of the company). */
export interface DemoMeasurementPlan {
  actor: string;
  houseTypes: readonly DemoHouseType[];
  devices: readonly { number: string; type: 'robot' | 'scanner'; holder: string | null }[];
  tasks: readonly DemoTask[];
  /** The external-wall task measured panel by panel (the main demo company's, the demo area's). */
  facade?: DemoFacadeTask;
}
interface DemoHouseType {
  project: string;
  name: string;
  area: number;
  building: string;
  floors: readonly [number, number];
}
const MAIN_DEMO_PLAN: DemoMeasurementPlan = {
  actor: 'admin@example.com',
  houseTypes: DEMO_HOUSE_TYPES,
  devices: DEMO_DEVICES,
  tasks: DEMO_TASKS,
  facade: DEMO_FACADE_TASK,
};

const WALLS = ['北墙', '东墙', '南墙', '西墙'] as const;
const SITES_PER_BATCH = 50;
const DAY_MS = 86_400_000;
const SEED = 20261125;

/** The company administrator acting in the seed, as a session of that user would. */
function actingAs(company: SeededCompany, login: string, role: Role): AuthContext {
  const userId = company.userIds.get(login);
  if (!userId) throw new Error(`demo user ${login} missing`);
  return {
    sessionId: 'demo-seed',
    userId,
    companyId: company.companyId,
    roles: [role],
    permissions: new Set(permissionsOfRoles([role])),
    projectScope: 'company',
  };
}

/** A request body as the route's schema reads it (defaults applied), as registerRoute would pass it. */
function bodyOf<R extends { body?: { parse(input: unknown): unknown } }>(
  route: R,
  input: RouteBodyInput<R>,
): RouteBody<R> {
  if (!route.body) throw new Error('route without a body');
  return route.body.parse(input) as RouteBody<R>;
}

const idOf = <T>(map: Map<string, T>, key: string): T => {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo: ${key} missing`);
  return value;
};

/**
 * The measurement data of the main demo company, made through the services real requests use:
 * site types with measure items and design values, a house type with a generated plan and its
 * MeasurePoints given to floors of a building, two activated devices, tasks in every state and
 * their results (readings shaped like the robot simulator's, ingested and judged by ResultsService).
 * Deterministic: one seeded random for every reading.
 */
export async function seedDemoMeasurements(
  db: Database,
  files: PlanFileStore,
  company: SeededCompany,
  /** Where the scans' uploads go (the server's object store). */
  objects: ObjectStore,
  /** What to make: the main demo company's by default; the demo area passes its own (demo-area.ts). */
  what: DemoMeasurementPlan = MAIN_DEMO_PLAN,
): Promise<void> {
  const admin = actingAs(company, what.actor, 'CompanyAdmin');
  const audit = new AuditRepository(db);
  const projectStandards = new ProjectStandardsService({ db });
  const pointTypes = new PointTypeService({ db });
  const houseMaps = new HouseMapService({ db, files, scenes: new PlanSceneStore(objects) });
  const assignments = new HouseMapAssignmentService({ db });
  const devices = new DevicesService({ db, audit, offlineSeconds: 60 });
  const tasks = new TasksService({ db });
  const taskDevice = new TaskDeviceService({ db, files });
  const results = new ResultsService({ db });
  const random = seededRandom(SEED);
  const plan = await inspectPlanFile(
    { fileName: 'demo-plan.png', contentType: 'image/png', data: await demoPlanPng() },
    'image',
  );

  for (const houseType of what.houseTypes) {
    const ProjectId = idOf(company.projectIds, houseType.project);
    const copies = await projectStandards.listByProject(admin, ProjectId, 'zh-CN');
    const items = copies.flatMap((copy) => copy.Classes);
    // Design values where items need them, the robot's typical sizes; one net height per site type.
    const firstHeight = items.find((item) => item.NeedsDesign && item.Dimension === 'height');
    const MeasureItems = items.map((item) => ({
      MeasureItemId: item.MeasureItemId,
      DesignValue:
        item.NeedsDesign && (item.Dimension !== 'height' || item === firstHeight)
          ? designGuess(item.NameEn)
          : null,
    }));
    const siteTypeIds = {} as Record<DemoSiteTypeKey, string>;
    for (const [key, Name] of Object.entries(DEMO_SITE_TYPES) as [DemoSiteTypeKey, string][]) {
      const saved = await pointTypes.save(
        admin,
        bodyOf(apiRoutes.houseMaps.savePointType, { ProjectId, Name }),
      );
      siteTypeIds[key] = saved.Id;
      await projectStandards.savePointTypeItems(
        admin,
        bodyOf(apiRoutes.projectStandards.savePointTypeMeasureItem, {
          ProjectId,
          Id: saved.Id,
          MeasureItems,
          Confirmed: true,
        }),
      );
    }
    const row = await houseMaps.save(
      admin,
      houseMapFieldsSchema.parse({
        ProjectId,
        Name: houseType.name,
        FloorArea: houseType.area,
        MapType: 'image',
      }),
      plan,
    );
    await houseMaps.saveMeasurePoints(admin, row.HouseMapId, demoMeasurePoints(siteTypeIds));
    await assignments.assign(
      admin,
      bodyOf(apiRoutes.houseMaps.assignHouseMapToFloors, {
        ProjectId,
        HouseMapId: row.HouseMapId,
        BuildingNumber: houseType.building,
        FloorFrom: houseType.floors[0],
        FloorTo: houseType.floors[1],
      }),
    );
  }

  const deviceIds = new Map<string, string>();
  for (const device of what.devices) {
    const id = await devices.add(
      admin,
      bodyOf(apiRoutes.devices.addDevice, { DeviceNumber: device.number, DeviceType: device.type }),
    );
    // The key is shown once and not kept: an administrator activates again to get one.
    await devices.activate(admin, id, null);
    if (device.holder) await devices.assign(admin, [id], idOf(company.userIds, device.holder));
    deviceIds.set(device.number, id);
  }

  const now = Date.now();
  for (const demo of what.tasks) {
    const deviceId = demo.device ? idOf(deviceIds, demo.device) : null;
    const Households = [];
    for (let floor = demo.floors[0]; floor <= demo.floors[1]; floor += 1) {
      for (let household = 1; household <= demo.households; household += 1) {
        Households.push({ BuildingNumber: demo.building, Floor: floor, Household: household });
      }
    }
    const taskId = await tasks.add(
      admin,
      bodyOf(apiRoutes.tasks.addTask, {
        ProjectId: idOf(company.projectIds, demo.project),
        Stage: demo.stage,
        MeasureKind: demo.measureKind,
        InspectionKind: demo.inspectionKind,
        Households,
        DeviceGuid: deviceId,
        SurveyorIds: demo.surveyors.map((login) => idOf(company.userIds, login)),
        PlannedDate: new Date(now - demo.daysAgo[0] * DAY_MS).toISOString().slice(0, 10),
      }),
      'zh-CN',
      undefined,
      {
        kind: 'scope',
        building: demo.building,
        floors: demo.floors,
        stage: demo.stage,
        inspection: demo.inspectionKind,
      },
    );
    if (demo.state === 'cancelled') {
      await tasks.cancel(admin, taskId, 'zh-CN');
      continue;
    }
    if (demo.state === 'pending') continue;
    const device = deviceId ? { companyId: company.companyId, deviceId } : undefined;
    if (device) await taskDevice.move(device, taskId, 'inProgress', 'zh-CN');
    const sender: ResultsSender = device ?? {
      companyId: company.companyId,
      userId: idOf(company.userIds, demo.surveyors[0] ?? what.actor),
    };
    const task = await new TasksRepository(db).find(company.companyId, taskId);
    if (!task) throw new Error('demo task vanished');
    const items = task.standard.Items.map(toWorkItem);
    const planned = demoSites(demo, items, Households, random, now);
    const sites = demo.pictures && device ? await withDemoPictures(db, objects, device, planned) : planned;
    for (let start = 0; start < sites.length; start += SITES_PER_BATCH) {
      const batch: ResultBatch = {
        Source: sourceOf(demo),
        Sites: sites.slice(start, start + SITES_PER_BATCH),
      };
      await results.ingest(
        sender,
        taskId,
        batch,
        `demo:${taskId}:${start / SITES_PER_BATCH}`,
        JSON.stringify(batch),
      );
    }
    if (demo.scans && device) {
      const houseType = what.houseTypes.find((type) => type.project === demo.project);
      await seedDemoScans(db, objects, device, taskId, { area: houseType?.area ?? 90 }, items, sites, SEED);
    }
    if (demo.state !== 'inProgress') {
      if (device) await taskDevice.move(device, taskId, 'uploaded', 'zh-CN');
      else await tasks.move(admin, taskId, 'uploaded', 'zh-CN');
      if (demo.state === 'completed') await tasks.audit(admin, taskId, 'zh-CN');
    }
    // Measured over past days: the task started at its first reading and finished at its last (a
    // task in progress is not finished), so its readings lie in its window and its time is worked.
    const times = sites.map((site) => Date.parse(site.MeasuredAt ?? ''));
    await new TasksRepository(db).setWindow(
      company.companyId,
      taskId,
      new Date(Math.min(...times)),
      demo.state === 'inProgress' ? null : new Date(Math.max(...times)),
    );
  }
  // The external-wall task: the facades of a building, measured panel by panel, one panel scanned.
  if (what.facade) {
    await seedDemoFacadeTask(
      { db, objects, tasks, taskDevice, results },
      what.facade,
      admin,
      {
        projectId: idOf(company.projectIds, what.facade.project),
        deviceId: idOf(deviceIds, what.facade.device),
      },
      random,
      SEED,
    );
  }
}

/**
 * The sites of a task as the robot walks them (every room of each household, wall by wall), the
 * first `done` share of them, measured evenly over the task's days during working hours.
 */
function demoSites(
  demo: DemoTask,
  items: WorkPackage['Items'],
  households: { BuildingNumber: string; Floor: number; Household: number }[],
  random: () => number,
  now: number,
): ResultSite[] {
  const all = households.flatMap((household) =>
    DEMO_ROOMS.flatMap((room) => WALLS.map((wall) => ({ household, room, wall }))),
  );
  const count = Math.max(1, Math.round(all.length * demo.done));
  const [from, to] = demo.daysAgo;
  return all.slice(0, count).map(({ household, room, wall }, index) => {
    const day = Math.floor(from - ((from - to) * index) / count);
    const workingHours = new Date(now - day * DAY_MS);
    // 09:00-17:00 China time (01:00-09:00 UTC), a minute or so per site.
    workingHours.setUTCHours(1 + Math.floor((index % 480) / 60), index % 60, Math.floor(random() * 60), 0);
    // Today's working hours may not have come yet (a seed before 17:00 China time): never stamp a site
    // in the future, which the server refuses; a second apart, before now, keeps them in order.
    const measuredAt = new Date(Math.min(workingHours.getTime(), now - (count - index) * 1000));
    const wallMm = 2400 + Math.round(random() * 2400);
    return {
      PointIndex: index + 1,
      ...household,
      RoomId: room.id,
      StationId: `s-${room.id.slice(2)}`,
      // The room and wall only: the place is the site's own fields (shown once beside the name).
      Name: `${room.name} ${wall}`,
      Surface: 'wall',
      AreaM2: Math.round((wallMm / 1000) * 2.8 * 100) / 100,
      MeasuredAt: measuredAt.toISOString(),
      PictureFileIds: [],
      PointCloudFileId: null,
      Readings: items.map((item) => readingFor(item, wallMm, demo.errorRate, random)),
    };
  });
}
