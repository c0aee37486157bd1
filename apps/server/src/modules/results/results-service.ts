import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  emptyCounts,
  ErrorCode,
  RESULT_LIMITS,
  type ResultBatch,
  type ResultBatchAnswer,
  type ResultSite,
  toFigures,
} from '@measure/contract';
import { AppError, fieldError, notFound } from '../../core/app-error.ts';
import { forEachInTurns } from '../../core/in-turns.ts';
import type { Database } from '../../db/client.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { FrozenItem } from '../../db/json-types.ts';
import { TaskPlanRepository } from '../tasks/task-plan-repository.ts';
import { type TaskRecord, TasksRepository } from '../tasks/tasks-repository.ts';
import { batchHash, SITES_PER_TURN } from './batch-in-turns.ts';
import { DeviceFilesRepository } from './device-files-repository.ts';
import { addFigureCounts, judgeReading, siteCounts } from './judge-readings.ts';
import { type ReadingRow, ResultsRepository, type SiteRow } from './results-repository.ts';
import { contributions } from './site-contributions.ts';
import { dayIn, rollupDeltas } from './rollup-deltas.ts';
import { RollupsRepository } from './rollups-repository.ts';
import { queueReport } from '../reports/report-queue.ts';

/** Who sends results: a device (robot, scanner, ruler app) or a person (manual entry on the web). */
export interface ResultsSender {
  companyId: string;
  deviceId?: string;
  userId?: string;
}

const OPEN_STATES = ['pending', 'inProgress', 'uploaded'];

/** Results go only to a task that is still open: completed is locked (423), cancelled a conflict. */
function assertOpen(task: TaskRecord): void {
  if (!OPEN_STATES.includes(task.state)) {
    throw new AppError(
      task.state === 'completed' ? ErrorCode.Locked : ErrorCode.Conflict,
      'results.taskClosed',
      {
        state: task.state,
      },
    );
  }
}

/** The first results start a pending task. */
async function startIfPending(tx: DbExecutor, task: TaskRecord): Promise<void> {
  if (task.state === 'pending') {
    await new TasksRepository(tx).transition(task.companyId, task.id, ['pending'], 'inProgress');
  }
}

/** The time zone a reading's day is counted in (measurement-api.md section 6: the company's, default Asia/Shanghai). */
export const COMPANY_TIME_ZONE = 'Asia/Shanghai';

/** Household key of a task: building id, floor, position. */
const placeKey = (building: string, floor: number, household: number) => `${building}/${floor}/${household}`;

/**
 * Ingestion of results batches (measurement-api.md section 3): all or nothing in one transaction
 * that locks the task row (batches of one task are serialised), validates every part against the
 * task, judges each reading with the task's frozen standard, archives replaced sites, writes sites
 * and readings set-based and rebuilds the touched rollup buckets, so every figure read after the
 * call returns is current.
 */
export class ResultsService {
  constructor(private readonly deps: { db: Database }) {}

  async ingest(
    sender: ResultsSender,
    taskId: string,
    batch: ResultBatch,
    idempotencyKey: string,
  ): Promise<ResultBatchAnswer> {
    const bodyHash = await batchHash(batch);
    return this.deps.db.transaction(async (tx) => {
      const task = await new TasksRepository(tx).find(sender.companyId, taskId, true);
      if (!task || (sender.deviceId && task.deviceId !== sender.deviceId)) throw notFound();
      const results = new ResultsRepository(tx);
      const stored = await results.storedBatch(
        sender.companyId,
        taskId,
        idempotencyKey,
        RESULT_LIMITS.idempotencyHours,
      );
      if (stored) {
        if (stored.bodyHash !== bodyHash) {
          throw new AppError(ErrorCode.Conflict, 'results.idempotencyKeyReused', {}, [
            { field: 'Idempotency-Key', key: 'results.idempotencyKeyReused' },
          ]);
        }
        return stored.result as ResultBatchAnswer;
      }
      assertOpen(task);
      const answer = await this.write(tx, sender, task, batch);
      await startIfPending(tx, task);
      await results.expireBatches(sender.companyId, RESULT_LIMITS.idempotencyHours);
      await results.saveBatch(sender.companyId, taskId, idempotencyKey, bodyHash, answer);
      await queueReport(tx, sender.companyId, task.id);
      return answer;
    });
  }

  /**
   * Readings typed in on the web (`Source: manual`): one site, whose PointIndex `pointIndexOf` picks
   * under the task's lock (the same room's earlier manual site, or the next free index), so two people
   * saving at once never take the same index. Answers the PointIndex.
   */
  async ingestManualSite(
    sender: ResultsSender,
    taskId: string,
    site: Omit<ResultSite, 'PointIndex'>,
    pointIndexOf: (tx: DbExecutor, task: TaskRecord) => Promise<number>,
  ): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const task = await new TasksRepository(tx).find(sender.companyId, taskId, true);
      if (!task) throw notFound();
      assertOpen(task);
      const pointIndex = await pointIndexOf(tx, task);
      await this.write(tx, sender, task, { Source: 'manual', Sites: [{ ...site, PointIndex: pointIndex }] });
      await startIfPending(tx, task);
      await queueReport(tx, sender.companyId, task.id);
      return pointIndex;
    });
  }

  /** Validates, judges and writes the batch's sites; answers what was stored and its figures. */
  private async write(
    tx: DbExecutor,
    sender: ResultsSender,
    task: TaskRecord,
    batch: ResultBatch,
  ): Promise<ResultBatchAnswer> {
    const households = await new TasksRepository(tx).households(sender.companyId, task.id);
    const placeOf = new Map(
      households.map((row) => [placeKey(row.buildingNumber, row.floor, row.household), row]),
    );
    const mapIds = [...new Set(households.flatMap((row) => (row.houseMapId ? [row.houseMapId] : [])))];
    const maps = await new TaskPlanRepository(tx).houseMaps(sender.companyId, mapIds);
    const roomsOf = new Map(
      maps.map((map) => [
        map.id,
        new Map((map.measurePoints?.Rooms ?? []).map((room) => [room.Id, room.PointTypeId])),
      ]),
    );
    const items = new Map(task.standard.Items.map((item) => [item.Code.toLowerCase(), item]));
    const measuredDefault = new Date().toISOString();
    const seen = new Set<number>();
    const sites: SiteRow[] = [];
    const readings: ReadingRow[] = [];
    const total = emptyCounts();
    let valueCount = 0;

    // Judged a few sites per turn: requests waiting meanwhile are answered in between.
    await forEachInTurns(batch.Sites, SITES_PER_TURN, (site, s) => {
      const at = `Sites[${s}]`;
      if (seen.has(site.PointIndex)) {
        throw fieldError(`${at}.PointIndex`, 'results.pointIndexTwice', { index: site.PointIndex });
      }
      seen.add(site.PointIndex);
      const place = placeOf.get(placeKey(site.BuildingNumber, site.Floor, site.Household));
      if (!place) {
        throw fieldError(at, 'results.householdNotInTask', {
          building: site.BuildingNumber,
          floor: site.Floor,
          household: site.Household,
        });
      }
      const rooms = place.houseMapId ? roomsOf.get(place.houseMapId) : undefined;
      const roomId = site.RoomId ?? null;
      if (roomId !== null && !rooms?.has(roomId)) {
        throw fieldError(`${at}.RoomId`, 'results.roomNotInHouseType', { room: roomId });
      }
      const pointTypeId = roomId ? (rooms?.get(roomId) ?? null) : null;
      const siteValues = site.Readings.reduce((sum, reading) => sum + reading.Values.length, 0);
      if (siteValues > RESULT_LIMITS.maxValuesPerSite) {
        throw fieldError(`${at}.Readings`, 'results.siteTooManyValues', { count: siteValues });
      }
      const codes = new Set<string>();
      const judgedReadings = site.Readings.map((reading, r) => {
        const field = `${at}.Readings[${r}]`;
        const item = items.get(reading.ItemCode.toLowerCase());
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
        const design = this.designValue(task, item, reading.DesignValue, pointTypeId, place.houseMapId);
        const valid = reading.Values.map(() => true);
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
      addFigureCounts(total, counts);
      valueCount += siteValues;
      sites.push({
        pointIndex: site.PointIndex,
        buildingId: place.buildingId,
        buildingNumber: place.buildingNumber,
        floor: place.floor,
        household: place.household,
        roomId,
        stationId: site.StationId ?? null,
        name: site.Name ?? `${place.buildingNumber}-${place.floor}-${place.household} #${site.PointIndex}`,
        surface: site.Surface ?? null,
        areaM2: site.AreaM2 ?? null,
        measuredAt: site.MeasuredAt ?? measuredDefault,
        day: dayIn(COMPANY_TIME_ZONE, site.MeasuredAt ?? measuredDefault),
        source: batch.Source,
        deviceId: sender.deviceId ?? null,
        userId: sender.userId ?? null,
        pictureFileIds: site.PictureFileIds ?? [],
        pointCloudFileId: site.PointCloudFileId ?? null,
        version: 1,
        explodedSite: counts.explodedSites > 0,
        qualified: counts.qualified,
        warning: counts.warning,
        unqualified: counts.unqualified,
        exploded: counts.exploded,
        unjudged: counts.unjudged,
        readings: siteValues,
      });
    });

    await nextTurn();
    await this.checkFiles(tx, sender, batch);
    const results = new ResultsRepository(tx);
    const replacedBy = sender.deviceId ? `device:${sender.deviceId}` : `user:${sender.userId ?? ''}`;
    // New sites go straight in; those the task has already are corrections: archived, then replaced.
    const fresh = new Set(await results.insertSiteRows(sender.companyId, task.id, sites, true));
    const corrections = sites.filter((site) => !fresh.has(site.pointIndex));
    const archived = await results.archiveSites(
      sender.companyId,
      task.id,
      corrections.map((site) => site.pointIndex),
      replacedBy,
    );
    const versions = new Map(archived.map((row) => [row.pointIndex, row.version]));
    for (const site of corrections) site.version = (versions.get(site.pointIndex) ?? 0) + 1;
    await results.insertSiteRows(sender.companyId, task.id, corrections, false);
    await results.insertReadingRows(sender.companyId, task.id, readings);
    // Rollups move by the batch's own sites: the replaced versions' counts out, the new ones' in.
    const rollups = new RollupsRepository(tx);
    const deltas = rollupDeltas(
      archived.map((row) => row.contribution),
      contributions(sites, readings),
    );
    await rollups.applyDeltas(sender.companyId, task.projectId, task.id, deltas);
    if (archived.length > 0) await rollups.dropEmpty(sender.companyId, task.id);
    return { Sites: sites.length, Readings: valueCount, Figures: toFigures(total) };
  }

  /**
   * Files a batch names are finished uploads of the company (of the sending device, for a device) of
   * the right kind: pictures, a point cloud per site, a model per batch; anything else is refused on
   * its field.
   */
  private async checkFiles(tx: DbExecutor, sender: ResultsSender, batch: ResultBatch): Promise<void> {
    const named: { field: string; id: string; kind: string }[] = [];
    // Judged a few sites per turn: requests waiting meanwhile are answered in between.
    await forEachInTurns(batch.Sites, SITES_PER_TURN, (site, s) => {
      (site.PictureFileIds ?? []).forEach((id, p) =>
        named.push({ field: `Sites[${s}].PictureFileIds[${p}]`, id, kind: 'picture' }),
      );
      if (site.PointCloudFileId) {
        named.push({ field: `Sites[${s}].PointCloudFileId`, id: site.PointCloudFileId, kind: 'pointcloud' });
      }
    });
    if (batch.ModelFileId) named.push({ field: 'ModelFileId', id: batch.ModelFileId, kind: 'model' });
    if (named.length === 0) return;
    const files = new Map(
      (
        await new DeviceFilesRepository(tx).finished(sender.companyId, [
          ...new Set(named.map((file) => file.id)),
        ])
      ).map((file) => [file.id, file]),
    );
    for (const file of named) {
      const found = files.get(file.id);
      // A person's photo (no device) is a work order's, never a result's file.
      if (
        !found ||
        found.kind !== file.kind ||
        found.deviceId === null ||
        (sender.deviceId && found.deviceId !== sender.deviceId)
      ) {
        throw fieldError(file.field, 'results.fileInvalid', { file: file.id, kind: file.kind });
      }
    }
  }

  /** Design value of a reading: its own, else its site type's (frozen), else its house type template's. */
  private designValue(
    task: TaskRecord,
    item: FrozenItem,
    own: number | null | undefined,
    pointTypeId: string | null,
    houseMapId: string | null,
  ): number | null {
    if (item.Mode !== 'deviation') return null;
    if (own !== null && own !== undefined) return own;
    const fromSiteType = pointTypeId ? task.standard.PointTypes[pointTypeId]?.Values[item.Code] : undefined;
    if (fromSiteType !== undefined) return fromSiteType;
    return (houseMapId ? task.standard.HouseMaps[houseMapId]?.[item.Code] : undefined) ?? null;
  }
}
