import type { ResultBatch, ScanKind } from '@measure/contract';
import { fieldError } from '../../core/app-error.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import { DeviceFilesRepository } from '../results/device-files-repository.ts';
import type { TaskRecord } from '../tasks/tasks-repository.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import { raiseScanEvent } from './scan-events.ts';
import { checkNewPanelScan } from './scan-facade-panel.ts';
import { type NewScan, type ScanRecord, ScansRepository } from './scans-repository.ts';

/** How often the processing job runs before a scan fails as unreadable (graphile-worker attempts). */
export const SCAN_JOB_ATTEMPTS = 3;

/** Where a scan was taken: a household, a facade side, or one site (PointIndex). */
export interface ScanPlace {
  BuildingNumber: string;
  Floor: number;
  Household?: number | null;
  Side?: string | null;
  PointIndex?: number | null;
  /** A facade panel scan's rectangle, for a panel not stored yet. */
  X0?: number | null;
  X1?: number | null;
  Z0?: number | null;
  Z1?: number | null;
}

const placeText = (place: ScanPlace) =>
  [place.BuildingNumber, place.Floor, place.Household ?? null].filter((part) => part !== null).join(' / ');

/**
 * The place must be the task's (Code 400 naming the field): its building, a floor of it with a
 * household of the task, that household when named. A PointIndex names a site: an existing site must
 * stand at the same place; a new one (derived from the scan) needs the household it will belong to.
 */
export async function checkScanPlace(
  tx: DbExecutor,
  companyId: string,
  task: TaskRecord,
  place: ScanPlace,
): Promise<void> {
  if (task.taskKind === 'externalWall') return checkFacadeScanPlace(tx, companyId, task, place);
  const households = await new TasksRepository(tx).households(companyId, task.id);
  const household = place.Household ?? null;
  const pointIndex = place.PointIndex ?? null;
  const text = { place: placeText(place) };
  const inBuilding = households.filter((row) => row.buildingNumber === place.BuildingNumber);
  if (inBuilding.length === 0) throw fieldError('BuildingNumber', 'scans.placeNotInTask', text);
  const onFloor = inBuilding.filter((row) => row.floor === place.Floor);
  if (onFloor.length === 0) throw fieldError('Floor', 'scans.placeNotInTask', text);
  if (household !== null && !onFloor.some((row) => row.household === household))
    throw fieldError('Household', 'scans.placeNotInTask', text);
  if (pointIndex === null) return;
  const pointText = { place: `${placeText(place)} #${pointIndex}` };
  const site = await new ScansRepository(tx).siteAt(companyId, task.id, pointIndex);
  const samePlace =
    site === null
      ? household !== null
      : site.buildingNumber === place.BuildingNumber &&
        site.floor === place.Floor &&
        (household === null || site.household === household);
  if (!samePlace) throw fieldError('PointIndex', 'scans.placeNotInTask', pointText);
}

/**
 * An external-wall task's scan: its building, a floor of its band, one of its sides and no household
 * (Code 400 naming the field). A PointIndex names a panel stored on that side and floor, or a new
 * panel at the rectangle X0..X1, Z0..Z1 sent with it (placed as facade sites are): its readings are
 * then derived from the cloud by virtual rulers (scan-derived-site.ts).
 */
async function checkFacadeScanPlace(
  tx: DbExecutor,
  companyId: string,
  task: TaskRecord,
  place: ScanPlace,
): Promise<void> {
  const text = { place: [place.BuildingNumber, place.Side ?? '', place.Floor].join(' / ') };
  if (place.BuildingNumber !== task.facadeBuildingNumber)
    throw fieldError('BuildingNumber', 'scans.placeNotInTask', text);
  if (place.Floor < (task.floorFrom ?? 1) || place.Floor > (task.floorTo ?? 0))
    throw fieldError('Floor', 'scans.placeNotInTask', text);
  if ((place.Household ?? null) !== null) throw fieldError('Household', 'scans.placeNotInTask', text);
  if (!task.facadeSides.some((side) => side.Side === place.Side))
    throw fieldError('Side', 'scans.placeNotInTask', text);
  if ((place.PointIndex ?? null) === null) return;
  const pointIndex = place.PointIndex as number;
  const site = await new ScansRepository(tx).siteAt(companyId, task.id, pointIndex);
  if (!site) {
    const side = place.Side as string;
    return checkNewPanelScan(tx, companyId, task, { ...place, PointIndex: pointIndex, Side: side });
  }
  if (site.side !== place.Side || site.floor !== place.Floor)
    throw fieldError('PointIndex', 'scans.placeNotInTask', {
      place: `${text.place} #${place.PointIndex}`,
    });
}

/**
 * Registers a scan in the caller's transaction and queues its processing; the same FileId again
 * answers the scan already registered (nothing queued twice). Raises `scan` for a new one.
 */
export async function registerScan(tx: DbExecutor, scan: NewScan): Promise<ScanRecord> {
  const repository = new ScansRepository(tx);
  const { scan: row, created } = await repository.register(scan);
  if (created) {
    await repository.queueProcessing(row.companyId, row.id, SCAN_JOB_ATTEMPTS);
    await raiseScanEvent(tx, row.companyId, row);
  }
  return row;
}

/**
 * The scans a results batch names, registered in the batch's transaction (its files were checked by
 * the results service): each site's `PointCloudFileId` becomes a `pointcloud` scan of that site; the
 * batch's `ModelFileId` one `model` scan of the household of the batch's first site (a FileId is one
 * scan: a batch spanning several households registers the model once, at the first; the same FileId in
 * a later batch answers that scan and registers nothing).
 */
export async function registerBatchScans(
  tx: DbExecutor,
  sender: { companyId: string; deviceId?: string },
  task: TaskRecord,
  batch: ResultBatch,
): Promise<void> {
  const named = batch.Sites.flatMap((site) => (site.PointCloudFileId ? [site.PointCloudFileId] : []));
  if (batch.ModelFileId) named.push(batch.ModelFileId);
  if (named.length === 0) return;
  const files = new Map(
    (await new DeviceFilesRepository(tx).finished(sender.companyId, [...new Set(named)])).map((file) => [
      file.id,
      file,
    ]),
  );
  const scanOf = (
    fileId: string,
    kind: ScanKind,
    site: ResultBatch['Sites'][number],
    pointIndex: number | null,
  ): NewScan => {
    const file = files.get(fileId);
    return {
      companyId: sender.companyId,
      projectId: task.projectId,
      taskId: task.id,
      deviceId: sender.deviceId ?? null,
      fileId,
      kind,
      name: (pointIndex !== null ? site.Name : null) ?? file?.fileName ?? fileId,
      buildingNumber: site.BuildingNumber,
      floor: site.Floor,
      household: site.Household ?? null,
      side: site.Side ?? null,
      pointIndex,
      ...(pointIndex !== null && site.Side ? { x0: site.X0, x1: site.X1, z0: site.Z0, z1: site.Z1 } : {}),
      size: file?.size ?? 0,
    };
  };
  for (const site of batch.Sites) {
    if (site.PointCloudFileId)
      await registerScan(tx, scanOf(site.PointCloudFileId, 'pointcloud', site, site.PointIndex));
  }
  const first = batch.Sites[0];
  if (batch.ModelFileId && first) await registerScan(tx, scanOf(batch.ModelFileId, 'model', first, null));
}
