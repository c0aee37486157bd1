import { householdModel } from '@measure/robot/household-model';
import { householdGeometry } from '@measure/robot/household-rooms';
import { api, apiRoutes } from './api.ts';
import { expect } from './fixtures.ts';
import {
  deviceCall,
  finishRun,
  ROBOT_PLACE,
  type RobotTask,
  robotTask,
  sendResults,
  uploadDeviceFile,
} from './review-task.ts';
import type { TaskProject } from './task-project.ts';

/**
 * A scanned wall as a scanner sends it: ASCII PLY of a 3 m x 2.8 m wall in the plane y = 0 (metres,
 * z up), a point every 2 cm, with a 6 mm bump into the room around (1.5, 1.4).
 */
export function wallPly(): Buffer {
  const lines: string[] = [];
  for (let x = 0; x <= 3.0001; x += 0.02)
    for (let z = 0; z <= 2.8001; z += 0.02) {
      const bump = 0.006 * Math.exp(-((x - 1.5) ** 2 + (z - 1.4) ** 2) / (2 * 0.3 ** 2));
      lines.push(`${x.toFixed(3)} ${(-bump).toFixed(4)} ${z.toFixed(3)}`);
    }
  const header =
    `ply\nformat ascii 1.0\nelement vertex ${lines.length}\nproperty float x\nproperty float y\n` +
    'property float z\nend_header\n';
  return Buffer.from(`${header}${lines.join('\n')}\n`);
}

/** Site 1 of the scan tasks: the north wall of the living room, PL-01 values 1, 2 and 6. */
const NORTH_WALL = {
  ...ROBOT_PLACE,
  PointIndex: 1,
  RoomId: 'living',
  StationId: 's1',
  Name: 'north wall',
  Readings: [{ ItemCode: 'PL-01', Values: [1, 2, 6] }],
};

export interface ScanTask {
  taskId: string;
  /** The wall's cloud (site 1), processed and ready. */
  scanId: string;
  /** A text file sent as a point cloud: its processing failed. */
  failedId: string;
  /** Bytes of the wall's PLY (what its download answers). */
  plySize: number;
}

/**
 * A robot task of the project (`robotTask`) whose site 1 ("north wall", PL-01 values 1, 2 and 6) has
 * a scanned cloud of its wall, and a second "cloud" that is not one; waits until the first is ready
 * and the second failed (through GetGltfList, as the page reads them).
 */
export async function scanTask(setup: TaskProject, name: string): Promise<ScanTask> {
  const robot = await robotTask(setup, name, { points: 2 });
  await sendResults(robot, [NORTH_WALL], 'scan');
  const ply = wallPly();
  const register = (fileId: string, scanName: string) =>
    registerScan(robot, { FileId: fileId, Kind: 'pointcloud', PointIndex: 1, Name: scanName });
  const wall = await register(await uploadDeviceFile(robot.deviceKey, ply, 'wall.ply', 'pointcloud'), 'wall');
  const broken = await register(
    await uploadDeviceFile(robot.deviceKey, Buffer.from('not a cloud at all\n'), 'broken.ply', 'pointcloud'),
    'broken',
  );
  await finishRun(robot);
  await waitForScan(setup, robot.taskId, wall.ScanId, 'ready');
  await waitForScan(setup, robot.taskId, broken.ScanId, 'failed');
  return { taskId: robot.taskId, scanId: wall.ScanId, failedId: broken.ScanId, plySize: ply.length };
}

/** Registers an uploaded file as a scan of the robot's household (ROBOT_PLACE); answers its ScanId. */
export function registerScan(
  robot: RobotTask,
  scan: { FileId: string; Kind: 'pointcloud' | 'model'; Name: string; PointIndex?: number },
): Promise<{ ScanId: string }> {
  return deviceCall<{ ScanId: string }>(
    `/api/device/v1/Tasks/${robot.taskId}/Scans`,
    robot.deviceKey,
    { ...ROBOT_PLACE, ...scan },
    `scan-${scan.FileId}`,
  );
}

/** Waits until the scan's processing reached `status`, reading GetGltfList as the page does. */
export async function waitForScan(
  setup: TaskProject,
  taskId: string,
  scanId: string,
  status: 'ready' | 'failed',
): Promise<void> {
  const statusOf = async () => {
    const list = await api(
      apiRoutes.scans.getGltfList,
      { TaskId: taskId, PageSize: 10, CurrentPage: 1 },
      setup.plannerToken,
    );
    return list.Items.find((item) => item.ScanId === scanId)?.Status;
  };
  // Jobs run one at a time: under load a scan may wait for the ones queued before it.
  await expect.poll(statusOf, { timeout: 180_000 }).toBe(status);
}

/**
 * A robot task (`robotTask`) whose site 1 is the north wall (PL-01 values 1, 2 and 6) and whose
 * household has a glTF model as the simulator builds one (two rooms, .glb); waits until it is ready.
 */
export async function modelScanTask(
  setup: TaskProject,
  name: string,
): Promise<{ taskId: string; scanId: string }> {
  const robot = await robotTask(setup, name, { points: 2 });
  await sendResults(robot, [NORTH_WALL], 'model');
  const glb = Buffer.from(await householdModel(householdGeometry(undefined, ['客厅', '卧室']), name));
  const fileId = await uploadDeviceFile(robot.deviceKey, glb, 'household.glb', 'model');
  const { ScanId } = await registerScan(robot, { FileId: fileId, Kind: 'model', Name: 'household model' });
  await finishRun(robot);
  await waitForScan(setup, robot.taskId, ScanId, 'ready');
  return { taskId: robot.taskId, scanId: ScanId };
}
