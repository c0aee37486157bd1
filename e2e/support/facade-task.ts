import { storeyPanel } from '@measure/robot/facade-panels';
import { api, apiLogin, apiRoutes } from './api.ts';
import { DEMO } from './browser.ts';
import { finishRun, sendResults, type RobotTask } from './review-task.ts';
import type { TaskProject } from './task-project.ts';

/**
 * A facade panel of building 1#: one floor high (3 m storeys from ±0.000), from `x0` for `width`
 * metres, flatness readings `values`.
 */
export const facadePanel = (
  pointIndex: number,
  side: string,
  floor: number,
  x0: number,
  width: number,
  values: number[],
) => ({
  PointIndex: pointIndex,
  BuildingNumber: '1#',
  ...storeyPanel(side, floor, x0, width),
  Name: `panel ${pointIndex}`,
  Readings: [{ ItemCode: 'EW-ST-01', Values: values }],
});

/**
 * An external-wall task of the project planned by its planner (structure stage, building 1#, floors
 * 1-3, sides N 20 m and E 12 m, the stage's external items), on `deviceId` when given; answers its
 * TaskId. `parentTaskId` makes it a re-measure of that task.
 */
export function addFacadeTask(
  setup: TaskProject,
  name: string,
  options: { parentTaskId?: string; deviceId?: string } = {},
): Promise<string> {
  return api(
    apiRoutes.tasks.addTask,
    {
      ProjectId: setup.project.ProjectId,
      Stage: 'structure',
      TaskKind: 'externalWall',
      MeasureKind: options.parentTaskId ? 're' : 'first',
      InspectionKind: 'self',
      Name: name,
      BuildingNumber: '1#',
      Sides: [
        { Side: 'N', WidthM: 20 },
        { Side: 'E', WidthM: 12 },
      ],
      FloorFrom: 1,
      FloorTo: 3,
      DeviceGuid: options.deviceId ?? null,
      ParentTaskId: options.parentTaskId ?? null,
    },
    setup.plannerToken,
  );
}

/**
 * An uploaded external-wall task (addFacadeTask) measured by a new robot through the device API: on
 * N panel 1 (floor 1, 0-4 m, flatness 3 and 9: out of the 0-8 mm standard) and panel 2 (floor 2,
 * 4-8 m, 2 and 3); on E panel 3 (floor 1, 0-5 m, 1).
 */
export async function facadeTask(
  setup: TaskProject,
  name: string,
  options: {
    parentTaskId?: string;
    panelOneValues?: number[];
    /** Called with the robot after its results, before the run is finished (scans go in there). */
    beforeFinish?: (robot: RobotTask) => Promise<void>;
  } = {},
): Promise<RobotTask> {
  const admin = await apiLogin(DEMO.admin.login, DEMO.admin.password);
  const deviceId = await api(
    apiRoutes.devices.addDevice,
    { DeviceNumber: `FW-${name}`, DeviceType: 'robot' },
    admin,
  );
  const { DeviceKey } = await api(apiRoutes.devices.activateDevice, { DeviceGuid: deviceId }, admin);
  const taskId = await addFacadeTask(setup, name, { parentTaskId: options.parentTaskId, deviceId });
  const robot = { taskId, deviceKey: DeviceKey };
  await sendResults(
    robot,
    [
      facadePanel(1, 'N', 1, 0, 4, options.panelOneValues ?? [3, 9]),
      facadePanel(2, 'N', 2, 4, 4, [2, 3]),
      facadePanel(3, 'E', 1, 0, 5, [1]),
    ],
    'facade',
  );
  await options.beforeFinish?.(robot);
  await finishRun(robot);
  return robot;
}
