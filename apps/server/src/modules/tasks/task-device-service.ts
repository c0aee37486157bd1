import type { Language, RouteResult, TaskState, taskDeviceRoutes, WorkPackage } from '@measure/contract';
import { ErrorCode, taskNameIn } from '@measure/contract';
import { AppError, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { PlanFileStore } from '../house-maps/file-store.ts';
import type { DeviceContext } from '../devices/device-context.ts';
import { TaskPlanRepository } from './task-plan-repository.ts';
import { designValues, stateWord, toRemeasureSites, toWorkItem } from './task-rows.ts';
import { type TaskRecord, TasksRepository } from './tasks-repository.ts';
import { messageTaskEvent } from '../notifications/message-events.ts';
import { raiseTaskEvent } from '../events/live-events.ts';
import { queueReport } from '../reports/report-queue.ts';

type DeviceTaskRow = RouteResult<typeof taskDeviceRoutes.tasks>[number];

/** States in which a device sees and works on a task. */
const WORKABLE: readonly TaskState[] = ['pending', 'inProgress'];

const toDeviceRow = (task: TaskRecord, lang: Language): DeviceTaskRow => ({
  TaskId: task.id,
  Name: taskNameIn(task, lang),
  State: task.state as TaskState,
  ProjectName: task.projectName,
  UpdatedAt: task.updatedAt.toISOString(),
});

/**
 * The task side of the device API: a device sees only the tasks assigned to it in its company;
 * any other id answers 404 exactly like an unknown one.
 */
export class TaskDeviceService {
  constructor(private readonly deps: { db: Database; files: PlanFileStore }) {}

  private async ownTask(device: DeviceContext, taskId: string, forUpdate = false) {
    const task = await new TasksRepository(this.deps.db).find(device.companyId, taskId, forUpdate);
    if (!task || task.deviceId !== device.deviceId) throw notFound();
    return task;
  }

  /** The device's tasks; a name the system made is rendered in the device's Accept-Language. */
  async tasks(device: DeviceContext, lang: Language): Promise<DeviceTaskRow[]> {
    const rows = await new TasksRepository(this.deps.db).ofDevice(
      device.companyId,
      device.deviceId,
      WORKABLE,
    );
    return rows.map((row) => toDeviceRow(row, lang));
  }

  async workPackage(
    device: DeviceContext,
    taskId: string,
    baseUrl: string,
    lang: Language,
  ): Promise<WorkPackage> {
    const task = await this.ownTask(device, taskId);
    const households = await new TasksRepository(this.deps.db).households(device.companyId, taskId);
    const mapIds = [...new Set(households.flatMap((row) => (row.houseMapId ? [row.houseMapId] : [])))];
    const maps = await new TaskPlanRepository(this.deps.db).houseMaps(device.companyId, mapIds);
    const remeasureSites = await new TasksRepository(this.deps.db).remeasureSites(device.companyId, task);
    return {
      TaskId: task.id,
      Name: taskNameIn(task, lang),
      State: task.state as TaskState,
      ProjectId: task.projectId,
      ProjectName: task.projectName,
      Stage: task.stage,
      TaskKind: task.taskKind === 'externalWall' ? 'externalWall' : 'indoor',
      MeasureKind: task.measureKind,
      InspectionKind: task.inspectionKind,
      PlannedDate: task.plannedDate,
      BuildingNumber: task.facadeBuildingNumber,
      FloorFrom: task.floorFrom,
      FloorTo: task.floorTo,
      Sides: task.facadeSides,
      Households: households.map((row) => ({
        BuildingNumber: row.buildingNumber,
        Floor: row.floor,
        Household: row.household,
        HouseMapId: row.houseMapId ?? '',
      })),
      HouseMaps: maps.map((map) => ({
        HouseMapId: map.id,
        Name: map.name,
        MapType: map.mapType,
        Width: map.width,
        Height: map.height,
        FloorArea: Number(map.floorArea),
        PlanUrl: `${baseUrl}/api/device/v1/Tasks/${task.id}/HouseMaps/${map.id}/Plan`,
        MeasurePoints: map.measurePoints,
      })),
      Items: task.standard.Items.map(toWorkItem),
      DesignValues: designValues(task),
      RemeasureSites: toRemeasureSites(task, remeasureSites),
    };
  }

  /** The plan file of one of the task's house types. */
  async planFile(device: DeviceContext, taskId: string, houseMapId: string) {
    await this.ownTask(device, taskId);
    const households = await new TasksRepository(this.deps.db).households(device.companyId, taskId);
    if (!households.some((row) => row.houseMapId === houseMapId)) throw notFound();
    const [map] = await new TaskPlanRepository(this.deps.db).houseMaps(device.companyId, [houseMapId]);
    if (!map) throw notFound();
    try {
      return { houseMap: map, data: await this.deps.files.read(map.storedName) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound();
      throw error;
    }
  }

  /** pending -> inProgress (start) or inProgress -> uploaded (finish); repeating a move is a no-op. */
  async move(
    device: DeviceContext,
    taskId: string,
    to: 'inProgress' | 'uploaded',
    lang: Language,
  ): Promise<DeviceTaskRow> {
    return this.deps.db.transaction(async (tx) => {
      const repository = new TasksRepository(tx);
      const task = await repository.find(device.companyId, taskId, true);
      if (!task || task.deviceId !== device.deviceId) throw notFound();
      if (task.state !== to) {
        const from: TaskState = to === 'inProgress' ? 'pending' : 'inProgress';
        if (task.state !== from) {
          throw new AppError(
            ErrorCode.Conflict,
            to === 'inProgress' ? 'tasks.notStartable' : 'tasks.notFinishable',
            { state: stateWord(task.state) },
          );
        }
        await repository.transition(device.companyId, taskId, [from], to);
        if (to === 'uploaded') {
          await queueReport(tx, device.companyId, taskId, 'finished');
          await messageTaskEvent(tx, device.companyId, taskId, 'taskFinished', null);
        }
        await raiseTaskEvent(tx, device.companyId, taskId);
      }
      const updated = await repository.find(device.companyId, taskId);
      return toDeviceRow(updated as TaskRecord, lang);
    });
  }
}
