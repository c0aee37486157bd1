import {
  ErrorCode,
  type MeasurePoints,
  type RouteBody,
  type WorkOrderPlan,
  WORK_ORDER_PINNED_PLACES_MAX,
  type WorkOrderState,
  type workOrderPictureRoutes,
} from '@measure/contract';
import { AppError, fieldError, notFound } from '../../core/app-error.ts';
import type { FileStore } from '../../core/file-store.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { raiseWorkOrderEvents } from '../events/live-events.ts';
import { visibleProject } from '../projects/project-access.ts';
import { DeviceFilesRepository } from '../results/device-files-repository.ts';
import type { DeviceFileStore } from '../results/device-file-store.ts';
import { TaskPlanRepository } from '../tasks/task-plan-repository.ts';
import { checkPicture, type CheckedPicture, type PictureExtension } from './work-order-picture-file.ts';
import { filterQuery, WorkOrdersRepository } from './work-orders-repository.ts';

type PlanBody = RouteBody<typeof workOrderPictureRoutes.getPlan>;
type PinnedPlacesBody = RouteBody<typeof workOrderPictureRoutes.getPinnedPlaces>;

/** A photo a person uploaded that no completion took is removed after this many hours. */
export const ORPHAN_PICTURE_HOURS = 24;

/**
 * Completion photos a person uploads from the browser (stored under the key prefix
 * uploads/work-order-pictures of the object store, recorded in device_files without a device so that WorkOrder/Complete takes
 * them like a robot's finished picture uploads), the photos of a work order, and a household's plan
 * with the pins of its work orders.
 */
export class WorkOrderPicturesService {
  constructor(
    private readonly deps: { db: Database; files: FileStore<PictureExtension>; deviceFiles: DeviceFileStore },
  ) {}

  /**
   * A completion photo, in this order: who may add it first (a caller who may not learns nothing
   * of the file's checks), then its content, then it is stored and recorded.
   */
  async upload(
    auth: AuthContext,
    workOrderId: string,
    file: { fileName: string; data: Buffer } | undefined,
  ): Promise<{ FileId: string; FileName: string; Size: number }> {
    await this.checkUploader(auth, workOrderId);
    return this.store(auth, workOrderId, await checkPicture(file));
  }

  /** Who may add photos: the work order is visible, in progress, the caller may complete it. */
  private async checkUploader(auth: AuthContext, workOrderId: string): Promise<void> {
    const found = await new WorkOrdersRepository(this.deps.db).find(auth, workOrderId);
    if (!found) throw notFound();
    if (found.order.assigneeId !== auth.userId && !auth.permissions.has('project.distribute')) {
      throw new AppError(ErrorCode.Forbidden, 'workOrders.notAssignee');
    }
    if (found.order.state !== 'start')
      throw new AppError(ErrorCode.Conflict, 'workOrders.pictureNotInProgress');
  }

  /**
   * Writes the bytes atomically, then records them and tells the work order's open pages (a
   * `workOrder` event in the same transaction); if recording fails the bytes are removed.
   */
  private async store(auth: AuthContext, workOrderId: string, picture: CheckedPicture) {
    const storedName = await this.deps.files.write(picture.data, picture.extension);
    try {
      await this.deps.db.transaction(async (tx) => {
        await new DeviceFilesRepository(tx).insertPersonPicture({
          id: storedName,
          companyId: auth.companyId,
          uploadedBy: auth.userId,
          fileName: picture.fileName,
          size: picture.data.length,
        });
        await raiseWorkOrderEvents(tx, auth.companyId, [workOrderId]);
      });
    } catch (error) {
      await this.deps.files.remove([storedName]);
      throw error;
    }
    return { FileId: storedName, FileName: picture.fileName, Size: picture.data.length };
  }

  /**
   * Removes the photos people uploaded more than `ORPHAN_PICTURE_HOURS` before `now` that no work order
   * names (the completion dialog was closed, the browser gone): rows first, in one transaction that
   * waits for any completion naming them; their files once it committed. The rows are deleted per
   * company (each delete names its company). Answers the removed ids.
   */
  async sweepOrphans(now = new Date()): Promise<string[]> {
    const before = new Date(now.getTime() - ORPHAN_PICTURE_HOURS * 3600_000);
    const removed = await this.deps.db.transaction(async (tx) => {
      const repository = new DeviceFilesRepository(tx);
      const byCompany = new Map<string, string[]>();
      for (const { companyId, id } of await repository.lockUnattachedPersonPictures(before)) {
        byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), id]);
      }
      const deleted: string[] = [];
      for (const [companyId, ids] of byCompany) {
        deleted.push(...(await repository.removeUnattachedPersonPictures(companyId, ids)));
      }
      return deleted;
    });
    await this.deps.files.remove(removed);
    return removed;
  }

  /** A photo a visible work order names: a person's from the store, a robot's from the device uploads. */
  async picture(
    auth: AuthContext,
    workOrderId: string,
    fileId: string,
  ): Promise<{ data: Buffer; contentType: string; fileName: string }> {
    const found = await new WorkOrdersRepository(this.deps.db).find(auth, workOrderId);
    if (!found) throw notFound();
    const file = found.order.pictureFileIds.includes(fileId)
      ? await new DeviceFilesRepository(this.deps.db).finishedPicture(auth.companyId, fileId)
      : undefined;
    if (!file) throw notFound('workOrders.pictureNotFound');
    const data =
      file.deviceId === null
        ? await this.deps.files.read(file.id)
        : // A device upload the work order names (checked above).
          await this.deps.deviceFiles.readPicture(file.id);
    const contentType = data[0] === 0xff && data[1] === 0xd8 ? 'image/jpeg' : 'image/png';
    return { data, contentType, fileName: file.fileName };
  }

  /** The households where visible work orders of the filter are pinned (the plan view's places). */
  async pinnedPlaces(auth: AuthContext, body: PinnedPlacesBody) {
    const { rows, total } = await new WorkOrdersRepository(this.deps.db).pinnedPlaces(
      auth,
      filterQuery(body),
      WORK_ORDER_PINNED_PLACES_MAX,
    );
    return {
      Items: rows.map((row) => ({
        ProjectId: row.projectId,
        ProjectName: row.projectName,
        BuildingNumber: row.buildingNumber,
        Floor: row.floor,
        Household: row.household,
        Count: row.count,
      })),
      Total: total,
    };
  }

  /** The household's house type plan and the pins of the work orders there the caller sees. */
  async plan(auth: AuthContext, body: PlanBody): Promise<WorkOrderPlan | null> {
    await visibleProject(this.deps.db, auth, body.ProjectId);
    const buildings = await new TaskPlanRepository(this.deps.db).buildings(auth.companyId, body.ProjectId);
    const building = buildings.find((candidate) => candidate.number === body.BuildingNumber);
    if (!building) {
      throw fieldError('BuildingNumber', 'tasks.buildingNotInProject', { building: body.BuildingNumber });
    }
    const repository = new WorkOrdersRepository(this.deps.db);
    const houseType = await repository.houseTypeOf(auth.companyId, building.id, body.Floor, body.Household);
    if (!houseType) return null;
    const pins = await repository.pins(auth, {
      projectId: body.ProjectId,
      buildingId: building.id,
      floor: body.Floor,
      household: body.Household,
    });
    const points: MeasurePoints = houseType.measurePoints ?? { Rooms: [], Stations: [], Points: [] };
    return {
      HouseMapId: houseType.id,
      HouseMapName: houseType.name,
      MapType: houseType.mapType as WorkOrderPlan['MapType'],
      Width: houseType.width,
      Height: houseType.height,
      MeasurePoints: points,
      Pins: pins.map((pin) => ({
        WorkOrderId: pin.id,
        OrderNumber: pin.orderNumber,
        State: pin.state as WorkOrderState,
        X: pin.x as number,
        Y: pin.y as number,
      })),
    };
  }
}
