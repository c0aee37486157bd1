import {
  emptyCounts,
  ErrorCode,
  GRADE_NAMES,
  type Language,
  type ManualEntry,
  type RouteBody,
  type RouteResult,
  type resultsRoutes,
  TASK_KINDS,
  taskNameIn,
  toFigures,
} from '@measure/contract';
import { AppError, fieldError } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleTask } from '../tasks/task-access.ts';
import { itemName } from '../tasks/task-plan.ts';
import { oneOf, sitePlace } from '../tasks/task-rows.ts';
import { TaskPlanRepository } from '../tasks/task-plan-repository.ts';
import type { TaskRecord } from '../tasks/tasks-repository.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import { addFigureCounts, figuresOf } from './judge-readings.ts';
import { ManualEntryRepository } from './manual-entry-repository.ts';
import type { ResultsService } from './results-service.ts';

type GetResult = RouteResult<typeof resultsRoutes.getManualMeasureSummaryItems>;
type UpdateBody = RouteBody<typeof resultsRoutes.updates>;

const OPEN_STATES = ['pending', 'inProgress', 'uploaded'];
const placeKey = (building: string, floor: number, household: number) => `${building}/${floor}/${household}`;

/** The place and readings of a typed-in site, as the results service takes them, measured now. */
const typedSite = (body: UpdateBody) => ({
  BuildingNumber: body.BuildingNumber,
  Floor: body.Floor,
  Household: body.Household,
  RoomId: body.RoomId,
  Side: body.Side,
  MeasuredAt: new Date().toISOString(),
  Readings: body.Readings.map((reading) => ({ ItemCode: reading.ItemCode, Values: reading.Values })),
});

/**
 * Manual entry (spec `ManualMeasureSummaryItems`): readings typed in on the web per household, room
 * and item, stored through the results service as `Source: manual` sites and judged at once. Only
 * items whose frozen rule allows manual entry; only by a surveyor of the task, the holder of its
 * device, or a planner of its project.
 */
export class ManualEntryService {
  constructor(private readonly deps: { db: Database; results: ResultsService }) {}

  async get(auth: AuthContext, taskId: string, lang: Language): Promise<GetResult> {
    const { task, executes } = await visibleTask(this.deps.db, auth, taskId);
    const rooms = await this.roomsOf(auth.companyId, task);
    const entries = await this.entries(auth.companyId, taskId);
    const total = emptyCounts();
    for (const entry of entries.counts) addFigureCounts(total, entry);
    return {
      TaskId: task.id,
      Name: taskNameIn(task, lang),
      TaskKind: oneOf(TASK_KINDS, task.taskKind),
      BuildingNumber: task.facadeBuildingNumber,
      FloorFrom: task.floorFrom,
      FloorTo: task.floorTo,
      FacadeSides: task.facadeSides,
      Editable: OPEN_STATES.includes(task.state) && (executes || auth.permissions.has('project.distribute')),
      Items: task.standard.Items.filter((item) => item.Rule.ManualEntry).map((item) => ({
        ItemCode: item.Code,
        Name: itemName(item, lang),
        Mode: item.Mode,
        NeedsDesign: item.NeedsDesign,
        Standard: {
          Name: lang === 'zh-CN' ? item.StandardNameZh : item.StandardNameEn,
          Left: item.Left,
          Right: item.Right,
          WarnLeft: item.WarnLeft,
          WarnRight: item.WarnRight,
          Exploded: item.Exploded,
        },
        MinReadings: item.Rule.MinReadings,
        MaxReadings: item.Rule.MaxReadings,
        InitialReadings: item.Rule.InitialReadings,
      })),
      Households: rooms.households.map((row) => ({
        BuildingNumber: row.buildingNumber,
        Floor: row.floor,
        Household: row.household,
        HouseMapName: row.houseMapName,
        Rooms: row.rooms,
      })),
      Entries: entries.list,
      Figures: toFigures(total),
    };
  }

  async update(auth: AuthContext, body: UpdateBody): Promise<ManualEntry> {
    const { task, executes } = await visibleTask(this.deps.db, auth, body.TaskId);
    if (!executes && !auth.permissions.has('project.distribute')) {
      throw new AppError(ErrorCode.Forbidden, 'tasks.notYours');
    }
    const items = new Map(task.standard.Items.map((item) => [item.Code.toLowerCase(), item]));
    body.Readings.forEach((reading, index) => {
      const item = items.get(reading.ItemCode.toLowerCase());
      const code = reading.ItemCode;
      if (!item) throw fieldError(`Readings[${index}].ItemCode`, 'results.itemNotInTask', { code });
      if (!item.Rule.ManualEntry)
        throw fieldError(`Readings[${index}].ItemCode`, 'results.manualNotAllowed', { code });
      if (reading.Values.length > item.Rule.MaxReadings) {
        throw fieldError(`Readings[${index}].Values`, 'results.manualTooManyValues', {
          code,
          max: item.Rule.MaxReadings,
        });
      }
    });
    if (task.taskKind === 'externalWall') return this.updatePanel(auth, task, body);
    const rooms = await this.roomsOf(auth.companyId, task);
    const household = rooms.households.find(
      (row) =>
        placeKey(row.buildingNumber, row.floor, row.household) ===
        placeKey(body.BuildingNumber, body.Floor, body.Household ?? 0),
    );
    const room = household?.rooms.find((candidate) => candidate.RoomId === body.RoomId);
    const place = `${body.BuildingNumber} ${body.Floor}-${body.Household}`;
    const pointIndex = await this.deps.results.ingestManualSite(
      { companyId: auth.companyId, userId: auth.userId },
      task.id,
      { ...typedSite(body), Name: room ? `${place} ${room.Name}` : place },
      (tx) =>
        new ManualEntryRepository(tx).pointIndexFor(auth.companyId, task.id, {
          buildingNumber: body.BuildingNumber,
          floor: body.Floor,
          household: body.Household ?? 0,
          roomId: body.RoomId,
        }),
    );
    return this.entry(auth, task.id, pointIndex);
  }

  /**
   * A facade panel typed in on an external-wall task: placed and judged by the device rules (the
   * results service's facade placement); the same panel (side, floor, rectangle) again corrects it.
   */
  private async updatePanel(auth: AuthContext, task: TaskRecord, body: UpdateBody): Promise<ManualEntry> {
    const pointIndex = await this.deps.results.ingestManualSite(
      { companyId: auth.companyId, userId: auth.userId },
      task.id,
      { ...typedSite(body), X0: body.X0, X1: body.X1, Z0: body.Z0, Z1: body.Z1, Surface: 'facade' },
      (tx) =>
        new ManualEntryRepository(tx).panelPointIndexFor(auth.companyId, task.id, {
          side: body.Side ?? null,
          floor: body.Floor,
          rectangle: [body.X0, body.X1, body.Z0, body.Z1],
        }),
    );
    return this.entry(auth, task.id, pointIndex);
  }

  private async entry(auth: AuthContext, taskId: string, pointIndex: number): Promise<ManualEntry> {
    const entry = (await this.entries(auth.companyId, taskId, pointIndex)).list[0];
    if (!entry) throw new Error('the manual site just written is missing');
    return entry;
  }

  /** The task's households with their house type's rooms (none when it has no measure points). */
  private async roomsOf(companyId: string, task: TaskRecord) {
    const households = await new TasksRepository(this.deps.db).households(companyId, task.id);
    const mapIds = [...new Set(households.flatMap((row) => (row.houseMapId ? [row.houseMapId] : [])))];
    const maps = new Map(
      (await new TaskPlanRepository(this.deps.db).houseMaps(companyId, mapIds)).map((map) => [map.id, map]),
    );
    return {
      households: households.map((row) => {
        const map = row.houseMapId ? maps.get(row.houseMapId) : undefined;
        return {
          buildingNumber: row.buildingNumber,
          floor: row.floor,
          household: row.household,
          houseMapName: map?.name ?? '',
          rooms: (map?.measurePoints?.Rooms ?? []).map((room) => ({
            RoomId: room.Id,
            Name: room.Name || room.Id,
          })),
        };
      }),
    };
  }

  /** The manual sites (one, with `pointIndex`) with their readings, grades and figures. */
  private async entries(companyId: string, taskId: string, pointIndex?: number) {
    const repository = new ManualEntryRepository(this.deps.db);
    const sites = await repository.sites(companyId, taskId, pointIndex);
    const readings = await repository.readings(
      companyId,
      taskId,
      sites.map((site) => site.pointIndex),
    );
    const counts = sites.map((site) => ({ ...site, sites: 1, explodedSites: site.explodedSite ? 1 : 0 }));
    const list: ManualEntry[] = counts.map((site) => ({
      ...sitePlace(site),
      MeasuredAt: site.measuredAt.toISOString(),
      Readings: readings
        .filter((reading) => reading.pointIndex === site.pointIndex)
        .map((reading) => ({
          ItemCode: reading.itemCode,
          Values: reading.vals,
          Grades: (reading.grades ?? []).map((grade) => GRADE_NAMES[grade] ?? 'exploded'),
        })),
      Figures: figuresOf(site),
    }));
    return { list, counts };
  }
}
