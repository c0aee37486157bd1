import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ErrorCode,
  GRADE_NAMES,
  type GradeName,
  type Language,
  type PlanHousehold,
  RESULT_SOURCES,
  type ReviewSite,
  type ReviewSiteView,
  rulerOrientation,
} from '@measure/contract';
import { AppError, fieldError, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleTask } from '../tasks/task-access.ts';
import { TaskPlanRepository } from '../tasks/task-plan-repository.ts';
import { type TaskRecord, TasksRepository } from '../tasks/tasks-repository.ts';
import { type AnnotatedRuler, annotatePicture } from './picture-annotation.ts';
import { grindingParts, grindingRow, isFlatnessItem } from './grinding.ts';
import { planViewSvg } from './plan-view-image.ts';
import { itemName } from './review-algorithm.ts';
import { siteFigures } from './review-changes.ts';
import { ReviewRepository } from './review-repository.ts';
import { beforeAfter, reviewReadings } from './site-links.ts';
import { messageTaskEvent } from '../notifications/message-events.ts';
import { queueReport } from '../reports/report-queue.ts';

/** Colours of the grades on annotated pictures; invalid values grey. */
const GRADE_COLOURS: Record<GradeName, [number, number, number]> = {
  qualified: [22, 163, 74],
  warning: [217, 119, 6],
  unqualified: [220, 38, 38],
  exploded: [126, 34, 206],
};
const INVALID_COLOUR: [number, number, number] = [120, 120, 120];

const gradeName = (code: number): GradeName => GRADE_NAMES[code] ?? 'exploded';
const sourceOf = (source: string) =>
  (RESULT_SOURCES as readonly string[]).includes(source)
    ? (source as (typeof RESULT_SOURCES)[number])
    : 'robot';

/** The worst grade a site's counts hold; null when nothing was judged. */
export function worstGrade(counts: {
  qualified: number;
  warning: number;
  unqualified: number;
  exploded: number;
}): GradeName | null {
  if (counts.exploded > 0) return 'exploded';
  if (counts.unqualified > 0) return 'unqualified';
  if (counts.warning > 0) return 'warning';
  if (counts.qualified > 0) return 'qualified';
  return null;
}

export const pictureUrl = (taskId: string, pointIndex: number, fileId: string, annotated: boolean) =>
  `/api/ms/Task/Picture/${taskId}/${pointIndex}/${encodeURIComponent(fileId)}${annotated ? '?Annotated=true' : ''}`;

/**
 * Reading a task's data for review (measurement-api.md section 4): one site with its pictures,
 * readings, grades and trail; the pictures themselves (plain, or annotated in a worker thread); the
 * plan view of every household; and the audit that closes the task.
 */
export class ReviewService {
  constructor(private readonly deps: { db: Database; dataDir: string }) {}

  /** One site for the site view, with what it re-measures and what re-measured it (`beforeAfter`). */
  async site(auth: AuthContext, taskId: string, pointIndex: number, lang: Language): Promise<ReviewSiteView> {
    const { task } = await visibleTask(this.deps.db, auth, taskId);
    const site = await this.siteOf(auth.companyId, task, pointIndex, lang, pictureUrl);
    return { ...site, ...(await beforeAfter(this.deps.db, auth, task, pointIndex, lang)) };
  }

  /**
   * One site of a task the caller may see (checked by the caller: a session's project scope, or a
   * public share); `urlOf` makes the picture addresses (the session's, or the share's).
   */
  async siteOf(
    companyId: string,
    task: TaskRecord,
    pointIndex: number,
    lang: Language,
    urlOf: typeof pictureUrl,
  ): Promise<ReviewSite> {
    const repository = new ReviewRepository(this.deps.db);
    const site = await repository.site(companyId, task.id, pointIndex);
    if (!site) throw fieldError('PointIndex', 'review.siteNotFound', { index: pointIndex });
    const readings = await repository.readings(companyId, task.id, pointIndex);
    const changes = await repository.changes(companyId, task.id, pointIndex);
    const items = new Map(task.standard.Items.map((item) => [item.Code, item]));
    return {
      TaskId: task.id,
      PointIndex: site.pointIndex,
      BuildingNumber: site.buildingNumber,
      Floor: site.floor,
      Household: site.household,
      RoomId: site.roomId,
      StationId: site.stationId,
      Name: site.name,
      Surface: site.surface,
      AreaM2: site.areaM2,
      MeasuredAt: site.measuredAt.toISOString(),
      Source: sourceOf(site.source),
      Version: site.version,
      Pictures: site.pictureFileIds.map((fileId) => ({
        FileId: fileId,
        Url: urlOf(task.id, site.pointIndex, fileId, false),
        AnnotatedUrl: urlOf(task.id, site.pointIndex, fileId, true),
      })),
      Readings: reviewReadings(readings, task, lang),
      Figures: siteFigures(site),
      Grinding: readings.flatMap((reading) => {
        const item = items.get(reading.itemCode);
        if (!item || !isFlatnessItem(item)) return [];
        const parts = grindingParts(reading.vals, reading.valid, item.Right, site.areaM2);
        return [grindingRow(item, itemName(item, lang), parts)];
      }),
      Changes: changes.map((change) => ({
        ChangeId: change.id,
        Kind: change.kind === 'valid' ? 'valid' : 'value',
        ItemCode: change.itemCode,
        RulerIndex: change.rulerIndex,
        Before: change.before,
        After: change.after,
        UserId: change.userId,
        UserName: change.userName,
        ChangedAt: change.changedAt.toISOString(),
      })),
      Editable: task.state !== 'completed' && task.state !== 'cancelled',
    };
  }

  /**
   * A picture of a site, read from the device uploads; `annotated` draws the site's rulers with their
   * values, coloured by grade (grey when invalid), the vertical and horizontal ones only as `show` says
   * (ShowVerHor). A picture the site does not name is 404.
   */
  async picture(
    auth: AuthContext,
    params: { TaskId: string; PointIndex: number; FileId: string },
    annotated: boolean,
    show: { vertical: boolean; horizontal: boolean } = { vertical: true, horizontal: true },
  ): Promise<{ data: Buffer; contentType: string; fileName: string }> {
    const { task } = await visibleTask(this.deps.db, auth, params.TaskId);
    return this.pictureOf(auth.companyId, task, params, annotated, show);
  }

  /** A picture of a site of a task the caller may see (checked by the caller, as `siteOf`). */
  async pictureOf(
    companyId: string,
    task: TaskRecord,
    params: { PointIndex: number; FileId: string },
    annotated: boolean,
    show: { vertical: boolean; horizontal: boolean } = { vertical: true, horizontal: true },
  ): Promise<{ data: Buffer; contentType: string; fileName: string }> {
    const repository = new ReviewRepository(this.deps.db);
    const site = await repository.site(companyId, task.id, params.PointIndex);
    const file = site?.pictureFileIds.includes(params.FileId)
      ? await repository.picture(companyId, params.FileId)
      : undefined;
    if (!site || !file) throw notFound('review.pictureNotFound');
    // The tus file store keeps an upload under its id; ids are checked against the site above.
    const data = await readFile(
      path.join(this.deps.dataDir, 'uploads', 'device-files', path.basename(file.id)),
    );
    const contentType = data[0] === 0xff && data[1] === 0xd8 ? 'image/jpeg' : 'image/png';
    if (!annotated) return { data, contentType, fileName: file.fileName };
    const rulers: AnnotatedRuler[] = [];
    for (const reading of await repository.readings(companyId, task.id, site.pointIndex)) {
      const ranged = (reading.grades?.length ?? 0) === 1 && reading.vals.length > 1;
      reading.rulers?.forEach((ruler, index) => {
        const orientation = rulerOrientation(ruler);
        if (
          (orientation === 'vertical' && !show.vertical) ||
          (orientation === 'horizontal' && !show.horizontal)
        )
          return;
        const grade = reading.grades?.[ranged ? 0 : index];
        rulers.push({
          ...ruler,
          label: String(Math.round((reading.vals[index] ?? 0) * 10) / 10),
          colour:
            !reading.valid[index] || grade === undefined ? INVALID_COLOUR : GRADE_COLOURS[gradeName(grade)],
        });
      });
    }
    const result = await annotatePicture(data, rulers);
    if (!result.ok)
      throw new AppError(ErrorCode.BadRequest, 'review.pictureUndecodable', { reason: result.reason });
    return { data: result.png, contentType: 'image/png', fileName: `${file.fileName}.annotated.png` };
  }

  /** One household's labelled plan as SVG (`planViewSvg`); 404 when the task has no such household. */
  async planViewImage(
    auth: AuthContext,
    params: { TaskId: string; BuildingNumber: string; Floor: number; Household: number },
    language: Language,
  ): Promise<string> {
    const household = (await this.planView(auth, params.TaskId)).find(
      (row) =>
        row.BuildingNumber === params.BuildingNumber &&
        row.Floor === params.Floor &&
        row.Household === params.Household,
    );
    const where = `${params.BuildingNumber} / ${params.Floor} / ${params.Household}`;
    if (!household) throw new AppError(ErrorCode.NotFound, 'review.householdNotInTask', { household: where });
    const svg = planViewSvg(household, language);
    if (!svg) throw new AppError(ErrorCode.NotFound, 'review.planNoRooms', { household: where });
    return svg;
  }

  /** Per household of the task: its house type, the plan's rooms and stations, and its sites. */
  async planView(auth: AuthContext, taskId: string): Promise<PlanHousehold[]> {
    const { task } = await visibleTask(this.deps.db, auth, taskId);
    const households = await new TasksRepository(this.deps.db).households(auth.companyId, task.id);
    const mapIds = [...new Set(households.flatMap((row) => (row.houseMapId ? [row.houseMapId] : [])))];
    const maps = new Map(
      (await new TaskPlanRepository(this.deps.db).houseMaps(auth.companyId, mapIds)).map((map) => [
        map.id,
        map,
      ]),
    );
    const sites = await new ReviewRepository(this.deps.db).planSites(auth.companyId, task.id);
    const key = (building: string, floor: number, household: number) => `${building}/${floor}/${household}`;
    const sitesOf = new Map<string, PlanHousehold['Sites']>();
    for (const site of sites) {
      const k = key(site.buildingNumber, site.floor, site.household);
      let list = sitesOf.get(k);
      if (!list) sitesOf.set(k, (list = []));
      list.push({
        PointIndex: site.pointIndex,
        RoomId: site.roomId,
        StationId: site.stationId,
        Name: site.name,
        ItemCodes: site.itemCodes,
        WorstGrade: worstGrade(site),
        Figures: siteFigures(site),
      });
    }
    return households.map((row) => {
      const map = row.houseMapId ? maps.get(row.houseMapId) : undefined;
      return {
        BuildingNumber: row.buildingNumber,
        Floor: row.floor,
        Household: row.household,
        HouseMapId: map?.id ?? null,
        HouseMapName: map?.name ?? null,
        MapType: map?.mapType ?? null,
        MeasurePoints: {
          Rooms: map?.measurePoints?.Rooms ?? [],
          Stations: map?.measurePoints?.Stations ?? [],
          Points: map?.measurePoints?.Points ?? [],
        },
        Sites: sitesOf.get(key(row.buildingNumber, row.floor, row.household)) ?? [],
      };
    });
  }

  /** Audit: uploaded -> completed under the task's lock; any other state 409. */
  async audit(auth: AuthContext, taskId: string): Promise<{ TaskId: string; State: 'completed' }> {
    return this.deps.db.transaction(async (tx) => {
      const { task } = await visibleTask(tx, auth, taskId, true);
      const moved = await new TasksRepository(tx).transition(
        auth.companyId,
        task.id,
        ['uploaded'],
        'completed',
      );
      if (!moved) throw new AppError(ErrorCode.Conflict, 'review.auditState');
      await queueReport(tx, auth.companyId, task.id);
      await messageTaskEvent(tx, auth.companyId, task.id, 'reportAudited', auth.userId);
      return { TaskId: task.id, State: 'completed' as const };
    });
  }
}
