import { type Language, type SharedPlanHousehold, type SharedSite, taskNameIn } from '@measure/contract';
import { notFound } from '../../core/app-error.ts';
import type { FileStore } from '../../core/file-store.ts';
import type { Database } from '../../db/client.ts';
import type { ReviewService } from '../review/review-service.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import type { ReportExtension } from './report-job.ts';
import { reportFilesIn } from './report-files.ts';
import { ReportsRepository } from './reports-repository.ts';

/** The address of a site picture through a share (no session). */
export const sharedPictureUrl =
  (shareId: string) => (_taskId: string, pointIndex: number, fileId: string, annotated: boolean) =>
    `/api/share/${encodeURIComponent(shareId)}/Picture/${pointIndex}/${encodeURIComponent(fileId)}` +
    (annotated ? '?Annotated=true' : '');

/**
 * The public reads of a share besides its report (the supplement pages): one site with its pictures
 * (taskReportDetail), the plan of the measured households (taskReportThreeDimensional) and the report
 * PDF (pdfView). The open share is the only key: expired, revoked
 * and unknown shares answer 404 alike, and nothing outside the shared task is reachable.
 */
export class ReportSharesService {
  constructor(
    private readonly deps: { db: Database; files: FileStore<ReportExtension>; review: ReviewService },
  ) {}

  private async sharedTask(shareId: string) {
    const share = await new ReportsRepository(this.deps.db).openShare(shareId);
    if (!share) throw notFound();
    const task = await new TasksRepository(this.deps.db).find(share.companyId, share.taskId);
    if (!task) throw notFound();
    return { companyId: share.companyId, task };
  }

  async site(shareId: string, pointIndex: number, lang: Language): Promise<SharedSite> {
    const { companyId, task } = await this.sharedTask(shareId);
    const site = await this.deps.review.siteOf(companyId, task, pointIndex, lang, sharedPictureUrl(shareId));
    const { Changes: _changes, Editable: _editable, ...shared } = site;
    return shared;
  }

  async picture(shareId: string, params: { PointIndex: number; FileId: string }, annotated: boolean) {
    const { companyId, task } = await this.sharedTask(shareId);
    return this.deps.review.pictureOf(companyId, task, params, annotated);
  }

  /**
   * The measured households of the shared task for the 3D view: the review's plan view (house type,
   * rooms, sites with worst grades) without stations, points and item codes.
   */
  async plan(shareId: string): Promise<SharedPlanHousehold[]> {
    const { companyId, task } = await this.sharedTask(shareId);
    const households = await this.deps.review.planViewOf(companyId, task.id);
    return households.map((household) => ({
      BuildingNumber: household.BuildingNumber,
      Floor: household.Floor,
      Household: household.Household,
      HouseMapName: household.HouseMapName,
      MapType: household.MapType,
      FloorArea: household.FloorArea,
      Rooms: household.MeasurePoints.Rooms.map((room) => ({
        Id: room.Id,
        Name: room.Name ?? null,
        Polygon: room.Polygon,
      })),
      Sites: household.Sites.map((site) => ({
        PointIndex: site.PointIndex,
        RoomId: site.RoomId,
        Name: site.Name,
        WorstGrade: site.WorstGrade,
        Figures: site.Figures,
      })),
    }));
  }

  /** The report PDF of the shared task in the viewer's language; no ready report: 404. */
  async pdf(shareId: string, lang: Language): Promise<{ data: Buffer; fileName: string }> {
    const { companyId, task } = await this.sharedTask(shareId);
    const report = await new ReportsRepository(this.deps.db).ofTask(companyId, task.id);
    const stored = report?.status === 'ready' ? reportFilesIn(report, lang).pdf : null;
    if (!report || !stored) throw notFound();
    return { data: await this.deps.files.read(stored), fileName: `${taskNameIn(report, lang)}.pdf` };
  }
}
