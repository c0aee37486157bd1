import { api, apiRoutes } from './api.ts';
import { facadeTask } from './facade-task.ts';
import { expect } from './fixtures.ts';
import { deviceCall, uploadDeviceFile } from './review-task.ts';
import type { TaskProject } from './task-project.ts';

/** The scanned panel: side N, floor 3, X 0-4 m, Z 6-9 m (floors are 3 m high from ±0.000). */
export const SCANNED_PANEL = {
  PointIndex: 4,
  BuildingNumber: '1#',
  Floor: 3,
  Side: 'N',
  X0: 0,
  X1: 4,
  Z0: 6,
  Z1: 9,
};

/**
 * The panel's facade as a scanner sends it: ASCII PLY in the building frame (x along the side, z up,
 * y out of the facade), a point every 4 cm, with a 6 mm bulge under the middle flatness ruler.
 */
export function facadePanelPly(): Buffer {
  const lines: string[] = [];
  for (let i = 0; i <= 100; i += 1)
    for (let k = 0; k <= 75; k += 1) {
      const x = SCANNED_PANEL.X0 + i * 0.04;
      const z = SCANNED_PANEL.Z0 + k * 0.04;
      const bulge = x >= 1.5 && x <= 1.8 && z >= 7.3 && z <= 7.7 ? -0.006 : 0;
      lines.push(`${x.toFixed(3)} ${bulge.toFixed(4)} ${z.toFixed(3)}`);
    }
  const header =
    `ply\nformat ascii 1.0\nelement vertex ${lines.length}\nproperty float x\nproperty float y\n` +
    'property float z\nend_header\n';
  return Buffer.from(`${header}${lines.join('\n')}\n`);
}

/**
 * `facadeTask` whose scanner also sent a cloud of a panel it measured no readings for
 * (SCANNED_PANEL): the platform derives its readings; waits until the scan is ready.
 */
export async function scannedFacadeTask(setup: TaskProject, name: string) {
  let scanId = '';
  const robot = await facadeTask(setup, name, {
    beforeFinish: async ({ taskId, deviceKey }) => {
      const fileId = await uploadDeviceFile(deviceKey, facadePanelPly(), 'panel-4.ply', 'pointcloud');
      const registered = await deviceCall<{ ScanId: string }>(
        `/api/device/v1/Tasks/${taskId}/Scans`,
        deviceKey,
        { FileId: fileId, Kind: 'pointcloud', ...SCANNED_PANEL, Name: 'panel 4 scan' },
        `facade-scan-${fileId}`,
      );
      scanId = registered.ScanId;
      const status = async () =>
        (
          await api(
            apiRoutes.scans.getGltfList,
            { TaskId: taskId, PageSize: 10, CurrentPage: 1 },
            setup.plannerToken,
          )
        ).Items.find((item) => item.ScanId === scanId)?.Status;
      await expect.poll(status, { timeout: 240_000 }).toBe('ready');
    },
  });
  return { ...robot, scanId };
}
