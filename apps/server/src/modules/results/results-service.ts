import {
  emptyCounts,
  ErrorCode,
  RESULT_LIMITS,
  type ResultBatch,
  type ResultBatchAnswer,
  type ResultSite,
  toFigures,
} from '@measure/contract';
import { createHash } from 'node:crypto';
import { AppError, fieldError, notFound } from '../../core/app-error.ts';
import { forEachInTurns } from '../../core/in-turns.ts';
import type { Database } from '../../db/client.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import { type TaskRecord, TasksRepository } from '../tasks/tasks-repository.ts';
import { SITES_PER_TURN } from './batch-in-turns.ts';
import { BatchWriter } from './batch-writer.ts';
import { DeviceFilesRepository } from './device-files-repository.ts';
import { addFigureCounts } from './judge-readings.ts';
import { type ReadingRow, ResultsRepository, type SiteRow } from './results-repository.ts';
import { contributions } from './site-contributions.ts';
import { SiteJudge, type SiteOrigin } from './site-judge.ts';
import { rollupDeltas } from './rollup-deltas.ts';
import { RollupsRepository } from './rollups-repository.ts';
import { raiseTaskEvent } from '../events/live-events.ts';
import { queueReport } from '../reports/report-queue.ts';
import { stateWord } from '../tasks/task-rows.ts';
import { registerBatchScans } from '../scans/scan-registration.ts';

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
      { state: stateWord(task.state) },
    );
  }
}

/** The first results start a pending task. */
async function startIfPending(tx: DbExecutor, task: TaskRecord): Promise<void> {
  if (task.state === 'pending') {
    await new TasksRepository(tx).transition(task.companyId, task.id, ['pending'], 'inProgress');
  }
}

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
    bodyText: string,
  ): Promise<ResultBatchAnswer> {
    // The same key with another body is refused: the body as sent (bytes, not meaning) is compared.
    const bodyHash = createHash('sha256').update(bodyText).digest('hex');
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
      // Its point clouds and model become scans in the same transaction (scans module).
      await registerBatchScans(tx, sender, task, batch);
      await startIfPending(tx, task);
      await results.expireBatches(sender.companyId, RESULT_LIMITS.idempotencyHours);
      await results.saveBatch(sender.companyId, taskId, idempotencyKey, bodyHash, answer);
      await queueReport(tx, sender.companyId, task.id, 'results');
      await raiseTaskEvent(tx, sender.companyId, task.id);
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
      await queueReport(tx, sender.companyId, task.id, 'results');
      await raiseTaskEvent(tx, sender.companyId, task.id);
      return pointIndex;
    });
  }

  /**
   * A site derived from a scan (`Source: scanner`, scans module), written in the caller's transaction:
   * checked, judged, stored and counted like a batch's site; the task starts if pending, its report
   * is queued and `task` raised. Writes nothing and answers false when the task is closed.
   */
  async writeDerivedSite(tx: DbExecutor, sender: ResultsSender, taskId: string, site: ResultSite) {
    const task = await new TasksRepository(tx).find(sender.companyId, taskId, true);
    if (!task || !OPEN_STATES.includes(task.state)) return false;
    await this.write(tx, sender, task, { Source: 'scanner', Sites: [site] });
    await startIfPending(tx, task);
    await queueReport(tx, sender.companyId, task.id, 'results');
    await raiseTaskEvent(tx, sender.companyId, task.id);
    return true;
  }

  /**
   * Checks, judges and writes the batch's sites; answers what was stored and its figures. Sites the
   * task has already are corrections: their current versions go to history first. The new rows are
   * then written a part at a time while the next sites are judged (batch-writer.ts).
   */
  private async write(
    tx: DbExecutor,
    sender: ResultsSender,
    task: TaskRecord,
    batch: ResultBatch,
  ): Promise<ResultBatchAnswer> {
    const judge = await SiteJudge.of(
      tx,
      sender.companyId,
      task,
      batch.Sites.map((site) => site.PointIndex),
    );
    await this.checkFiles(tx, sender, batch);
    const results = new ResultsRepository(tx);
    const replacedBy = sender.deviceId ? `device:${sender.deviceId}` : `user:${sender.userId ?? ''}`;
    const archived = await results.archiveSites(
      sender.companyId,
      task.id,
      batch.Sites.map((site) => site.PointIndex),
      replacedBy,
    );
    const versions = new Map(archived.map((row) => [row.pointIndex, row.version]));
    const origin: SiteOrigin = {
      source: batch.Source,
      deviceId: sender.deviceId ?? null,
      userId: sender.userId ?? null,
      measuredDefault: new Date().toISOString(),
    };
    const sites: SiteRow[] = [];
    const readings: ReadingRow[] = [];
    const total = emptyCounts();
    let valueCount = 0;
    const writer = new BatchWriter(results, sender.companyId, task.id);
    try {
      // Judged a few sites per turn: requests waiting meanwhile are answered in between.
      await forEachInTurns(batch.Sites, SITES_PER_TURN, (site, index) => {
        const judged = judge.judge(site, index, origin);
        judged.site.version = (versions.get(site.PointIndex) ?? 0) + 1;
        sites.push(judged.site);
        readings.push(...judged.readings);
        addFigureCounts(total, judged.counts);
        valueCount += judged.values;
        writer.add(judged.site, judged.readings, judged.values);
      });
      await writer.finish();
    } catch (error) {
      await writer.abandon();
      throw error;
    }
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
}
