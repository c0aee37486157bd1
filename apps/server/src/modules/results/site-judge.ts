import {
  COMPANY_TIME_ZONE,
  dayIn,
  RESULT_LIMITS,
  type FigureCounts,
  type ResultBatch,
  type ResultSite,
} from '@measure/contract';
import { fieldError } from '../../core/app-error.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { FrozenItem } from '../../db/json-types.ts';
import { TaskPlanRepository } from '../tasks/task-plan-repository.ts';
import { type TaskRecord, TasksRepository } from '../tasks/tasks-repository.ts';
import { FacadePlacement, type FacadePanel } from './facade-placement.ts';
import { judgeReading, siteCounts } from './judge-readings.ts';
import { SitePlacesRepository } from './site-places-repository.ts';
import type { ReadingRow, SiteRow } from './results-repository.ts';

/** Null or undefined: a nullish field not sent. */
const absent = (value: unknown): value is null | undefined => value === null || value === undefined;

/** Where a site of the batch is: a household of the task (indoor) or a panel of its facades. */
type SitePlacement =
  | { household: Household; panel: null }
  | { household: null; panel: FacadePanel; buildingId: string; buildingNumber: string };

/** Household key of a task: building number, floor, position. */
const placeKey = (building: string, floor: number, household: number) => `${building}/${floor}/${household}`;

type Household = Awaited<ReturnType<TasksRepository['households']>>[number];

/** One site of a batch, checked and judged: its row, its readings' rows and its counts. */
export interface JudgedSite {
  site: SiteRow;
  readings: ReadingRow[];
  counts: FigureCounts;
  /** How many values the site's readings hold. */
  values: number;
}

/** Who sends the batch and how: stamped on every site it writes. */
export interface SiteOrigin {
  source: ResultBatch['Source'];
  deviceId: string | null;
  userId: string | null;
  /** MeasuredAt of a site that names none: when the batch arrived (the server's time). */
  measuredDefault: string;
}

/** How far (ms) a MeasuredAt may lie after the server's time. */
const AHEAD_MS = RESULT_LIMITS.measuredAheadMinutes * 60_000;

/**
 * Checks the sites of a batch against their task (household in the task, room in its house type, or on
 * an external-wall task the facade placement rules of facade-placement.ts; known items, each PointIndex
 * and item once, value and ruler counts) and judges each reading with the task's frozen standard. A
 * problem is refused on its field (`Sites[3].Readings[0].ItemCode`).
 */
export class SiteJudge {
  private readonly seen = new Set<number>();
  private readonly items: Map<string, FrozenItem>;

  private constructor(
    private readonly task: TaskRecord,
    private readonly placeOf: Map<string, Household>,
    private readonly roomsOf: Map<string, Map<string, string | null>>,
    private readonly facade: FacadePlacement | null,
  ) {
    this.items = new Map(task.standard.Items.map((item) => [item.Code.toLowerCase(), item]));
  }

  /**
   * The judge of one batch of a task: its households and their house types' rooms, or for an
   * external-wall task its stored panels less those the batch sends again (`replacing`).
   */
  static async of(
    tx: DbExecutor,
    companyId: string,
    task: TaskRecord,
    replacing: readonly number[],
  ): Promise<SiteJudge> {
    if (task.taskKind === 'externalWall') {
      const again = new Set(replacing);
      const stored = await new SitePlacesRepository(tx).facadePanels(companyId, task.id);
      const kept = stored.filter((panel) => !again.has(panel.pointIndex));
      return new SiteJudge(task, new Map(), new Map(), new FacadePlacement(task, kept));
    }
    const households = await new TasksRepository(tx).households(companyId, task.id);
    const mapIds = [...new Set(households.flatMap((row) => (row.houseMapId ? [row.houseMapId] : [])))];
    const maps = await new TaskPlanRepository(tx).houseMaps(companyId, mapIds);
    return new SiteJudge(
      task,
      new Map(households.map((row) => [placeKey(row.buildingNumber, row.floor, row.household), row])),
      new Map(
        maps.map((map) => [
          map.id,
          new Map((map.measurePoints?.Rooms ?? []).map((room) => [room.Id, room.PointTypeId ?? null])),
        ]),
      ),
      null,
    );
  }

  /** The household (indoor task) or facade panel (external-wall task) of a site; 400 on its field. */
  private placement(site: ResultSite, at: string): SitePlacement {
    if (this.facade) {
      return {
        household: null,
        panel: this.facade.place(site, at),
        buildingId: this.task.buildingId as string,
        buildingNumber: this.task.facadeBuildingNumber ?? site.BuildingNumber,
      };
    }
    if (!absent(site.Side) || absent(site.Household)) {
      throw fieldError(`${at}.Side`, 'externalWalls.facadeSiteOnIndoorTask');
    }
    const household = this.placeOf.get(placeKey(site.BuildingNumber, site.Floor, site.Household));
    if (!household) {
      throw fieldError(at, 'results.householdNotInTask', {
        building: site.BuildingNumber,
        floor: site.Floor,
        household: site.Household,
      });
    }
    return { household, panel: null };
  }

  /** Checks and judges `site`, the batch's `index`th; throws a field error on the first problem. */
  judge(site: ResultSite, index: number, origin: SiteOrigin): JudgedSite {
    const at = `Sites[${index}]`;
    if (this.seen.has(site.PointIndex)) {
      throw fieldError(`${at}.PointIndex`, 'results.pointIndexTwice', { index: site.PointIndex });
    }
    this.seen.add(site.PointIndex);
    // A reading cannot be made after it arrives: a time ahead of the server's is a wrong clock.
    if (site.MeasuredAt && Date.parse(site.MeasuredAt) > Date.parse(origin.measuredDefault) + AHEAD_MS) {
      throw fieldError(`${at}.MeasuredAt`, 'results.measuredInFuture', {
        measuredAt: site.MeasuredAt,
        serverTime: origin.measuredDefault,
        minutes: RESULT_LIMITS.measuredAheadMinutes,
      });
    }
    const placed = this.placement(site, at);
    const place = placed.household;
    const houseMapId = place?.houseMapId ?? null;
    const rooms = houseMapId ? this.roomsOf.get(houseMapId) : undefined;
    const roomId = site.RoomId ?? null;
    if (roomId !== null && !rooms?.has(roomId)) {
      throw fieldError(`${at}.RoomId`, 'results.roomNotInHouseType', { room: roomId });
    }
    const pointTypeId = roomId ? (rooms?.get(roomId) ?? null) : null;
    const values = site.Readings.reduce((sum, reading) => sum + reading.Values.length, 0);
    if (values > RESULT_LIMITS.maxValuesPerSite) {
      throw fieldError(`${at}.Readings`, 'results.siteTooManyValues', { count: values });
    }
    const codes = new Set<string>();
    const readings: ReadingRow[] = [];
    const judgedReadings = site.Readings.map((reading, r) => {
      const field = `${at}.Readings[${r}]`;
      const item = this.items.get(reading.ItemCode.toLowerCase());
      if (!item) throw fieldError(`${field}.ItemCode`, 'results.itemNotInTask', { code: reading.ItemCode });
      if (codes.has(item.Code))
        throw fieldError(`${field}.ItemCode`, 'results.itemTwice', { code: item.Code });
      codes.add(item.Code);
      if (reading.Rulers && reading.Rulers.length !== reading.Values.length) {
        throw fieldError(`${field}.Rulers`, 'results.rulersMismatch', {
          rulers: reading.Rulers.length,
          values: reading.Values.length,
        });
      }
      const design = this.designValue(item, reading.DesignValue, pointTypeId, houseMapId);
      const valid = new Array<boolean>(reading.Values.length).fill(true);
      const judged = judgeReading(item, reading.Values, valid, design);
      readings.push({
        pointIndex: site.PointIndex,
        itemCode: item.Code,
        vals: reading.Values,
        judged: judged.judged,
        grades: judged.grades,
        valid,
        rulers: reading.Rulers ?? null,
        designValue: item.Mode === 'deviation' ? design : null,
        qualified: judged.qualified,
        warning: judged.warning,
        unqualified: judged.unqualified,
        exploded: judged.exploded,
        unjudged: judged.unjudged,
        readings: reading.Values.length,
      });
      return judged;
    });
    const counts = siteCounts(judgedReadings);
    const measuredAt = site.MeasuredAt ?? origin.measuredDefault;
    const panel = placed.panel;
    const where =
      placed.panel === null
        ? {
            buildingId: placed.household.buildingId,
            buildingNumber: placed.household.buildingNumber,
            floor: placed.household.floor,
            household: placed.household.household,
            side: null,
            x0: null,
            x1: null,
            z0: null,
            z1: null,
          }
        : {
            buildingId: placed.buildingId,
            buildingNumber: placed.buildingNumber,
            floor: site.Floor,
            household: null,
            side: placed.panel.side,
            x0: placed.panel.x0,
            x1: placed.panel.x1,
            z0: placed.panel.z0,
            z1: placed.panel.z1,
          };
    const defaultName = place
      ? `${where.buildingNumber}-${where.floor}-${where.household} #${site.PointIndex}`
      : `${where.buildingNumber}-${where.side}-${where.floor} #${site.PointIndex}`;
    return {
      site: {
        pointIndex: site.PointIndex,
        ...where,
        roomId,
        stationId: site.StationId ?? null,
        name: site.Name ?? defaultName,
        // A facade site is a facade panel whatever surface the sender named (measurement-api.md section 9).
        surface: panel ? 'facade' : (site.Surface ?? null),
        areaM2: site.AreaM2 ?? null,
        measuredAt,
        day: dayIn(COMPANY_TIME_ZONE, measuredAt),
        source: origin.source,
        deviceId: origin.deviceId,
        userId: origin.userId,
        pictureFileIds: site.PictureFileIds ?? [],
        pointCloudFileId: site.PointCloudFileId ?? null,
        version: 1,
        explodedSite: counts.explodedSites > 0,
        qualified: counts.qualified,
        warning: counts.warning,
        unqualified: counts.unqualified,
        exploded: counts.exploded,
        unjudged: counts.unjudged,
        readings: values,
      },
      readings,
      counts,
      values,
    };
  }

  /** Design value of a reading: its own, else its site type's (frozen), else its house type template's. */
  private designValue(
    item: FrozenItem,
    own: number | null | undefined,
    pointTypeId: string | null,
    houseMapId: string | null,
  ): number | null {
    if (item.Mode !== 'deviation') return null;
    if (own !== null && own !== undefined) return own;
    const { standard } = this.task;
    const fromSiteType = pointTypeId ? standard.PointTypes[pointTypeId]?.Values[item.Code] : undefined;
    if (fromSiteType !== undefined) return fromSiteType;
    return (houseMapId ? standard.HouseMaps[houseMapId]?.[item.Code] : undefined) ?? null;
  }
}
