import { randomUUID } from 'node:crypto';
import type { HouseholdRef, RegisterScanBody, ResultSite, WorkPackage } from '@measure/contract';
import { explodedBulge, householdScanFiles } from '@measure/robot/household-scans';
import { householdGeometry } from '@measure/robot/household-rooms';
import type { Bulge } from '@measure/robot/point-cloud';
import type { ObjectStore } from '../core/storage/object-store.ts';
import type { Database } from '../db/client.ts';
import { DeviceFileStore } from '../modules/results/device-file-store.ts';
import { DeviceFilesRepository } from '../modules/results/device-files-repository.ts';
import { ScansService } from '../modules/scans/scans-service.ts';
import { DEMO_ROOMS, demoMeasurePoints, PLAN_HEIGHT, PLAN_WIDTH } from './demo-plan.ts';

/** Null or undefined: a nullish field not sent. */
const absent = (value: unknown): value is null | undefined => value === null || value === undefined;

/** Points of a demo household's cloud: enough to look at, small enough for a quick seed (about 1.5 MB each). */
export const DEMO_SCAN_POINTS = 100_000;
const WALLS = ['北墙', '东墙', '南墙', '西墙'] as const;

export interface DemoDevice {
  companyId: string;
  deviceId: string;
}

/**
 * A device upload as tus leaves a finished one: the bytes under the device files' key and a complete
 * row of the device (the demo has no server running to upload through).
 */
export async function storeUpload(
  db: Database,
  objects: ObjectStore,
  device: DemoDevice,
  data: Uint8Array,
  fileName: string,
  kind: 'pointcloud' | 'model' | 'picture',
): Promise<string> {
  const id = randomUUID();
  await objects.put(new DeviceFileStore(objects).keyOf(id), Buffer.from(data));
  const files = new DeviceFilesRepository(db);
  await files.insert({
    id,
    companyId: device.companyId,
    deviceId: device.deviceId,
    kind,
    fileName,
    size: data.length,
  });
  await files.finish(device.companyId, id);
  return id;
}

/**
 * The scans a robot or scanner sends for a measured demo task, made by the robot simulator's generator
 * (`@measure/robot/household-scans`) and registered through the device route's service
 * (`ScansService.register`, as `POST Tasks/{TaskId}/Scans`): per household a point cloud of its rooms
 * with a bump at every wall whose reading is exploded, and a glTF model of its rooms. Registration
 * queues the `scans:process` job, so the server processes them after its first start.
 */
export async function seedDemoScans(
  db: Database,
  objects: ObjectStore,
  device: DemoDevice,
  taskId: string,
  houseType: { area: number },
  items: WorkPackage['Items'],
  sites: readonly ResultSite[],
  seed: number,
): Promise<number> {
  const geometry = householdGeometry(
    {
      HouseMapId: 'demo',
      Name: 'demo',
      MapType: 'image',
      Width: PLAN_WIDTH,
      Height: PLAN_HEIGHT,
      FloorArea: houseType.area,
      PlanUrl: '',
      MeasurePoints: demoMeasurePoints({ living: '', bedroom: '', wet: '' }),
    },
    [],
  );
  const scans = new ScansService({
    db,
    objects,
    deviceFiles: new DeviceFileStore(objects),
    removeUpload: async () => {},
  });
  const households = new Map<string, { ref: HouseholdRef; bulges: Bulge[] }>();
  for (const site of sites) {
    if (absent(site.Household)) continue; // a facade panel: scanned per side, not per household
    const key = `${site.BuildingNumber}/${site.Floor}/${site.Household}`;
    const entry = households.get(key) ?? {
      ref: { BuildingNumber: site.BuildingNumber, Floor: site.Floor, Household: site.Household },
      bulges: [],
    };
    households.set(key, entry);
    const wall = {
      room: DEMO_ROOMS.findIndex((room) => room.id === site.RoomId),
      compass: WALLS.findIndex((name) => (site.Name ?? '').endsWith(name)),
    };
    if (wall.room < 0 || wall.compass < 0) continue;
    // The demo's wall length, back from the site's area (a 2.8 m high wall).
    const wallMm = ((site.AreaM2 ?? 8) / 2.8) * 1000;
    const bulge = explodedBulge({ Wall: wall, Items: items }, site.Readings, wallMm, geometry);
    if (bulge) entry.bulges.push(bulge);
  }
  let registered = 0;
  for (const [index, { ref, bulges }] of [...households.values()].entries()) {
    const place = { BuildingNumber: ref.BuildingNumber, Floor: ref.Floor, Household: ref.Household };
    const files = await householdScanFiles(geometry, place, bulges, {
      points: DEMO_SCAN_POINTS,
      seed: seed + index,
    });
    const stem = `${ref.BuildingNumber}-${ref.Floor}-${ref.Household}`;
    const uploads = [
      [
        'pointcloud',
        await storeUpload(
          db,
          objects,
          device,
          Buffer.concat([...files.cloudChunks]),
          `${stem}.ply`,
          'pointcloud',
        ),
      ],
      ['model', await storeUpload(db, objects, device, files.model, `${stem}.glb`, 'model')],
    ] as const;
    for (const [kind, fileId] of uploads) {
      const body: RegisterScanBody = {
        FileId: fileId,
        Kind: kind,
        ...place,
        Name: `${ref.BuildingNumber} ${ref.Floor}层 ${ref.Household}户`,
      };
      await scans.register(device, taskId, body, `demo:${taskId}:scan:${fileId}`, JSON.stringify(body));
      registered += 1;
    }
  }
  return registered;
}
