import { DeviceClient } from '@measure/robot/device-client';
import { api, apiLogin, apiRoutes } from './api.ts';
import { BASE_URL, DEMO, type BrowserSession } from './browser.ts';
import { expect, type Browsers } from './fixtures.ts';
import { button } from './names.ts';
import { planPng } from './plan-files.ts';
import { signInAndLand, type Login } from './sign-in.ts';
import type { TaskProject } from './task-project.ts';

/**
 * A file uploaded by the device through tus with the robot simulator's device client (tus-js-client,
 * as the scan benchmarks upload); answers its FileId.
 */
export function uploadDeviceFile(
  deviceKey: string,
  data: Buffer,
  name: string,
  kind: 'picture' | 'pointcloud' | 'model',
): Promise<string> {
  return new DeviceClient(BASE_URL, deviceKey).upload(data, name, kind);
}

/** A device API call (`/api/device/v1/...`) with the device key; answers the envelope's Result. */
export async function deviceCall<T>(
  path: string,
  key: string,
  body: unknown,
  idempotencyKey?: string,
): Promise<T> {
  const response = await fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Device ${key}`,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { Code: number; Message: string; Result: T };
  if (envelope.Code !== 0) throw new Error(`${path}: ${envelope.Code} ${envelope.Message}`);
  return envelope.Result;
}

/** A task assigned to a new, activated robot: what the robot needs to send results. */
export interface RobotTask {
  taskId: string;
  deviceKey: string;
}

/** The household every robot task measures, as results name it. */
export const ROBOT_PLACE = { BuildingNumber: '1#', Floor: 2, Household: 1 } as const;

/**
 * A new robot (activated by the demo company administrator) and a plaster task of the project
 * assigned to it, measuring one household (1# floor 2, household 1) with the items `itemCodes`
 * (default PL-01); its house type's plan (160 x 100 pixels) gets two rooms ('living', 'bed'), a
 * station in the first and `points` measuring points there (the sites the task plans).
 */
export async function robotTask(
  setup: TaskProject,
  name: string,
  options: { plannedDate?: string; itemCodes?: string[]; points?: number } = {},
): Promise<RobotTask> {
  const admin = await apiLogin(DEMO.admin.login, DEMO.admin.password);
  const deviceId = await api(
    apiRoutes.devices.addDevice,
    { DeviceNumber: `RV-${name}`, DeviceType: 'robot' },
    admin,
  );
  const { DeviceKey } = await api(apiRoutes.devices.activateDevice, { DeviceGuid: deviceId }, admin);
  const taskId = await api(
    apiRoutes.tasks.addTask,
    {
      ProjectId: setup.project.ProjectId,
      Stage: 'plaster',
      MeasureKind: 'first',
      InspectionKind: 'self',
      Name: name,
      Households: [ROBOT_PLACE],
      ItemCodes: options.itemCodes ?? ['PL-01'],
      DeviceGuid: deviceId,
      ...(options.plannedDate && { PlannedDate: options.plannedDate }),
    },
    setup.plannerToken,
  );
  const detail = await api(apiRoutes.tasks.getTask, { TaskId: taskId }, setup.plannerToken);
  const square = (x0: number, x1: number) => [
    { X: x0, Y: 4 },
    { X: x1, Y: 4 },
    { X: x1, Y: 96 },
    { X: x0, Y: 96 },
  ];
  await api(
    apiRoutes.houseMaps.saveMeasurePoints,
    {
      HouseMapId: detail.HouseholdList[0]?.HouseMapId ?? '',
      MeasurePoints: {
        Rooms: [
          { Id: 'living', Name: 'living', Polygon: square(4, 90) },
          { Id: 'bed', Name: 'bed', Polygon: square(94, 156) },
        ],
        Stations: [{ Id: 's1', Name: 'S1', X: 40, Y: 50, RoomId: 'living' }],
        Points: Array.from({ length: options.points ?? 0 }, (_, index) => ({
          Id: `p${index + 1}`,
          X: 10 + index * 10,
          Y: 20,
          RoomId: 'living',
          StationId: 's1',
        })),
      },
    },
    setup.plannerToken,
  );
  return { taskId, deviceKey: DeviceKey };
}

/** One results batch of the robot (`Idempotency-Key`: the task and `batch`). */
export function sendResults(robot: RobotTask, sites: unknown[], batch: string): Promise<unknown> {
  return deviceCall(
    `/api/device/v1/Tasks/${robot.taskId}/Results`,
    robot.deviceKey,
    { Source: 'robot', Sites: sites },
    `${batch}-${robot.taskId}`,
  );
}

/** The robot finishes its run: the task is uploaded. */
export function finishRun(robot: RobotTask): Promise<unknown> {
  return deviceCall(`/api/device/v1/Tasks/${robot.taskId}/Finish`, robot.deviceKey, {});
}

/**
 * An uploaded task of the project measured by a robot through the device API (`robotTask`), with
 * two flatness sites in the first room (PL-01, standard [0, 4], warning up to 3). Site 1 has a
 * picture and the values 1, 2 and 6 (6 unqualified: pass rate 66.67 %) on horizontal rulers, and
 * `areaM2` as its area when given; site 2 the values 1 and 1. `siteOneValues` replaces site 1's values
 * (three, one per ruler) and `siteTwoRoom` puts site 2 in another room of the plan ('bed');
 * `siteTwoMeasuredAt` stamps site 2 (else the server stamps it on arrival), `plannedDate` is the task's.
 * `itemCodes` are the task's items (default PL-01) and `siteOneMore` readings of other items at site 1.
 * `siteOne` overrides site 1's name ('north wall') and sends its surface.
 */
export async function reviewTask(
  setup: TaskProject,
  name: string,
  options: {
    areaM2?: number;
    siteOneValues?: [number, number, number];
    siteTwoRoom?: 'living' | 'bed';
    siteTwoMeasuredAt?: string;
    plannedDate?: string;
    itemCodes?: string[];
    siteOneMore?: { ItemCode: string; Values: number[] }[];
    siteOne?: { Name: string; Surface?: string };
  } = {},
): Promise<string> {
  const robot = await robotTask(setup, name, options);
  const picture = await uploadDeviceFile(robot.deviceKey, await planPng(), 'wall.png', 'picture');
  const ruler = (y: number) => ({ X1: 100, Y1: y, X2: 2100, Y2: y });
  await sendResults(
    robot,
    [
      {
        ...ROBOT_PLACE,
        PointIndex: 1,
        RoomId: 'living',
        StationId: 's1',
        Name: 'north wall',
        ...options.siteOne,
        ...(options.areaM2 === undefined ? {} : { AreaM2: options.areaM2 }),
        PictureFileIds: [picture],
        Readings: [
          {
            ItemCode: 'PL-01',
            Values: options.siteOneValues ?? [1, 2, 6],
            Rulers: [ruler(300), ruler(1200), ruler(2100)],
          },
          ...(options.siteOneMore ?? []),
        ],
      },
      {
        ...ROBOT_PLACE,
        PointIndex: 2,
        RoomId: options.siteTwoRoom ?? 'living',
        Name: 'east wall',
        MeasuredAt: options.siteTwoMeasuredAt,
        Readings: [{ ItemCode: 'PL-01', Values: [1, 1] }],
      },
    ],
    'review',
  );
  await finishRun(robot);
  return robot.taskId;
}

/**
 * Where the work-order tests start: `planner` signed in (a fresh window in `language`), on site 1
 * ("#1 north wall") of a task `reviewTask` measured, with its New work order dialog opened by the
 * button named `newOrder`.
 */
export async function openNewWorkOrder(
  browsers: Browsers,
  planner: Login,
  language: 'zh-CN' | 'en-US',
  taskId: string,
  newOrder: string,
): Promise<{ session: BrowserSession; origin: string }> {
  const session = await browsers.open(language);
  const { page } = session;
  await signInAndLand(page, planner, language);
  const origin = new URL(page.url()).origin;
  await page.goto(`${origin}/measurerobot/mscReportData?taskId=${taskId}&point=1`);
  await expect(page.getByText('#1 north wall').first()).toBeVisible();
  await page.getByRole('button', { name: button(newOrder) }).click();
  return { session, origin };
}
