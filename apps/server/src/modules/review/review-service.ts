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
import type { DeviceFileStore } from '../results/device-file-store.ts';
import { visibleTask } from '../tasks/task-access.ts';
import { type TaskRecord, TasksRepository } from '../tasks/tasks-repository.ts';
import { type AnnotatedRuler, annotatePicture } from './picture-annotation.ts';
import { grindingParts, grindingRow, isFlatnessItem } from './grinding.ts';
import { loadPlanView } from './plan-view-data.ts';
import { planViewSvg } from './plan-view-image.ts';
import { itemName } from './review-algorithm.ts';
import { siteFigures } from './review-changes.ts';
import { ReviewRepository } from './review-repository.ts';
import { beforeAfter, reviewReadings } from './site-links.ts';
import { messageTaskEvent } from '../notifications/message-events.ts';
import { raiseTaskEvent } from '../events/live-events.ts';
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

export const pictureUrl = (taskId: string, pointIndex: number, fileId: string, annotated: boolean) =>
  `/api/ms/Task/Picture/${taskId}/${pointIndex}/${encodeURIComponent(fileId)}${annotated ? '?Annotated=true' : ''}`;

/**
 * Reading a task's data for review (measurement-api.md section 4): one site with its pictures,
 * readings, grades and trail; the pictures themselves (plain, or annotated with sharp); the
 * plan view of every household; and the audit that closes the task.
 */
export class ReviewService {
  constructor(private readonly deps: { db: Database; deviceFiles: DeviceFileStore }) {}

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
      Side: site.side,
      X0: site.x0,
      X1: site.x1,
      Z0: site.z0,
      Z1: site.z1,
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
    // A device upload the site names (checked above).
    const data = await this.deps.deviceFiles.readPicture(file.id);
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

  /**
   * A site's first wall picture with its rulers drawn in (for reports); null when the site has no
   * picture or it cannot be read. The caller has checked the task is the company's.
   */
  async firstAnnotatedPicture(
    companyId: string,
    task: TaskRecord,
    pointIndex: number,
  ): Promise<Buffer | null> {
    const site = await new ReviewRepository(this.deps.db).site(companyId, task.id, pointIndex);
    const fileId = site?.pictureFileIds[0];
    if (!fileId) return null;
    try {
      return (await this.pictureOf(companyId, task, { PointIndex: pointIndex, FileId: fileId }, true)).data;
    } catch (error) {
      if (error instanceof AppError || (error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** One household's labelled plan as SVG (`planViewSvg`); 404 when the task has no such household. */
  async planViewImage(
    auth: AuthContext,
    params: { TaskId: string; BuildingNumber: string; Floor: number; Household: number },
    language: Language,
  ): Promise<string> {
    const { task } = await visibleTask(this.deps.db, auth, params.TaskId);
    const [household] = await loadPlanView(this.deps.db, auth.companyId, task.id, {
      buildingNumber: params.BuildingNumber,
      floor: params.Floor,
      household: params.Household,
    });
    const where = `${params.BuildingNumber} / ${params.Floor} / ${params.Household}`;
    if (!household) throw new AppError(ErrorCode.NotFound, 'review.householdNotInTask', { household: where });
    const svg = planViewSvg(household, language);
    if (!svg) throw new AppError(ErrorCode.NotFound, 'review.planNoRooms', { household: where });
    return svg;
  }

  /** Per household of the task: its house type, the plan's rooms and stations, and its sites. */
  async planView(auth: AuthContext, taskId: string): Promise<PlanHousehold[]> {
    const { task } = await visibleTask(this.deps.db, auth, taskId);
    return this.planViewOf(auth.companyId, task.id);
  }

  /** The plan view of a task the caller may see (checked by the caller: a session, or a public share). */
  async planViewOf(companyId: string, taskId: string): Promise<PlanHousehold[]> {
    return loadPlanView(this.deps.db, companyId, taskId);
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
      await queueReport(tx, auth.companyId, task.id, 'audit');
      await messageTaskEvent(tx, auth.companyId, task.id, 'reportAudited', auth.userId);
      await raiseTaskEvent(tx, auth.companyId, task.id);
      return { TaskId: task.id, State: 'completed' as const };
    });
  }
}
