import { createHash } from 'node:crypto';
import {
  emptyCounts,
  type Figures,
  formatMessage,
  GRADE_NAMES,
  type GradeName,
  type TaskDetail,
  toFigures,
} from '@measure/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStore } from '../../core/file-store.ts';
import type { ObjectStore } from '../../core/storage/object-store.ts';
import type { Database } from '../../db/client.ts';
import { figuresOf } from '../results/judge-readings.ts';
import { loadPlanView } from '../review/plan-view-data.ts';
import { loadTaskDetail } from '../tasks/task-detail.ts';
import { type TaskRecord, TasksRepository } from '../tasks/tasks-repository.ts';
import { type ModelView, modelTriangles, modelView } from './household-model-view.ts';
import { raiseHouseholdReportEvents } from './household-report-events.ts';
import { HouseholdReportsRepository, type HouseholdPlace } from './household-reports-repository.ts';
import type { ReportReading, ReportSource } from './report-document.ts';
import { REPORT_LANGUAGES, type ReportExtension } from './report-job.ts';
import { pictureSites, type ReportPicture } from './report-pictures.ts';
import { renderReport } from './report-render.ts';
import { type ReportVerificationMark, verificationMarks } from './report-verification.ts';
import { ReportsRepository } from './reports-repository.ts';

export interface HouseholdRenderPayload {
  companyId: string;
  householdReportId: string;
}

export const isHouseholdRenderPayload = (value: unknown): value is HouseholdRenderPayload =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as HouseholdRenderPayload).companyId === 'string' &&
  typeof (value as HouseholdRenderPayload).householdReportId === 'string';

const samePlace = (
  a: HouseholdPlace,
  b: { BuildingNumber: string; Floor: number; Household: number | null },
) => a.buildingNumber === b.BuildingNumber && a.floor === b.Floor && a.household === b.Household;

/** An item's figures at one household, counted from its readings' grades (one value, one grade). */
function itemFigures(readings: ReportReading[], itemCode: string): Figures {
  const counts = emptyCounts();
  for (const reading of readings.filter((row) => row.ItemCode === itemCode)) {
    counts.sites += 1;
    if (reading.Grades.length === 0) counts.unjudged += reading.Values.length;
    for (const grade of reading.Grades) counts[grade] += 1;
    if (reading.Grades.includes('exploded')) counts.explodedSites += 1;
  }
  return toFigures(counts);
}

/**
 * The task's detail narrowed to one household: its sites, its households' list entry, its building
 * and floor rows and the task figures replaced by the household's (the rollups' sums), items counted
 * at the household; the name says which household.
 */
function householdDetail(
  detail: TaskDetail,
  place: HouseholdPlace,
  figures: Figures,
  readings: ReportReading[],
): TaskDetail {
  return {
    ...detail,
    Figures: figures,
    Households: 1,
    Sites: detail.Sites.filter((site) => samePlace(place, site)),
    HouseholdList: detail.HouseholdList.filter((row) => samePlace(place, row)),
    Buildings: [{ BuildingNumber: place.buildingNumber, Figures: figures }],
    Floors: [{ BuildingNumber: place.buildingNumber, Floor: place.floor, Figures: figures }],
    Items: detail.Items.map((item) => ({ ...item, Figures: itemFigures(readings, item.ItemCode) })),
  };
}

/**
 * The `reports:renderHousehold` job: one household's report (queued by GetApartmentReports when its
 * stamp changed), the task report's document narrowed to the household, plus a rendered view of its
 * ready scans; PDF and workbook per language, written under the reports/ keys, then ready in one
 * update unless queued again meanwhile (the newer job renders), or failed with the reason. Each move
 * (rendering, ready, failed) raises `report` with it.
 */
export class HouseholdReportRenderer {
  constructor(
    private readonly deps: {
      db: Database;
      files: FileStore<ReportExtension>;
      objects: ObjectStore;
      log?: FastifyBaseLogger;
      publicBase?: string;
      sitePicture?: (companyId: string, task: TaskRecord, pointIndex: number) => Promise<Buffer | null>;
    },
  ) {}

  async render({
    companyId,
    householdReportId,
  }: HouseholdRenderPayload): Promise<'ready' | 'failed' | 'skipped'> {
    const started = await this.deps.db.transaction(async (tx) => {
      const row = await new HouseholdReportsRepository(tx).startRendering(companyId, householdReportId);
      if (row) await raiseHouseholdReportEvents(tx, companyId, [row.id]);
      return row;
    });
    if (!started) return 'skipped';
    let written: string[] = [];
    try {
      const read = await this.snapshot(companyId, started);
      if (!read) return 'skipped';
      const view = await this.view(companyId, started.taskId, started);
      const marks = verificationMarks(REPORT_LANGUAGES, this.deps.publicBase ?? 'http://127.0.0.1:8080/');
      const source: ReportSource = {
        ...read.source,
        modelView: view,
        pictures: await this.pictures(companyId, read.task, read.source.versions[0]?.task),
        versions: read.source.versions.map((version) => ({
          ...version,
          verification: marks.get(version.language) as ReportVerificationMark,
        })),
      };
      const rendered = await renderReport(source);
      const files: Record<string, string> = {};
      for (const file of rendered) {
        const suffix = file.language === 'en-US' ? 'En' : '';
        files[`pdfName${suffix}`] = await this.deps.files.write(file.pdf, 'pdf');
        written.push(files[`pdfName${suffix}`] as string);
        files[`xlsxName${suffix}`] = await this.deps.files.write(file.xlsx, 'xlsx');
        written.push(files[`xlsxName${suffix}`] as string);
        files[`pdfSha256${suffix}`] = createHash('sha256').update(file.pdf).digest('hex');
      }
      const replaced = await this.deps.db.transaction(async (tx) => {
        const repository = new HouseholdReportsRepository(tx);
        const old = await repository.finishRendering(companyId, started.id, started.mark, {
          pdfName: files.pdfName as string,
          xlsxName: files.xlsxName as string,
          pdfSha256: files.pdfSha256 as string,
          pdfNameEn: files.pdfNameEn as string,
          xlsxNameEn: files.xlsxNameEn as string,
          pdfSha256En: files.pdfSha256En as string,
          hasModelView: view !== null,
        });
        if (old) {
          await raiseHouseholdReportEvents(tx, companyId, [started.id]);
          await repository.recordRenditions(
            source.versions.map((version) => ({
              code: version.verification.code,
              companyId,
              taskId: started.taskId,
              language: version.language,
              reportName: `${formatMessage(version.language, 'reports.doc.title')} ${version.task.Name}`,
              projectName: version.task.ProjectName,
              taskName: version.task.Name,
              figures: version.task.Figures,
              sha256: files[`pdfSha256${version.language === 'en-US' ? 'En' : ''}`] as string,
              renderedAt: new Date(source.renderedAt),
            })),
          );
        }
        return old;
      });
      if (!replaced) return 'skipped';
      written = replaced;
      return 'ready';
    } catch (error) {
      this.deps.log?.error(
        { component: 'reports', householdReportId, err: error },
        'household report failed',
      );
      await this.deps.db.transaction(async (tx) => {
        const message = (error as Error).message;
        if (
          await new HouseholdReportsRepository(tx).failRendering(companyId, started.id, started.mark, message)
        )
          await raiseHouseholdReportEvents(tx, companyId, [started.id]);
      });
      return 'failed';
    } finally {
      await this.deps.files.remove(written);
    }
  }

  /** The household's part of the task report's data, read in one repeatable-read snapshot. */
  private async snapshot(companyId: string, place: HouseholdPlace & { id: string; taskId: string }) {
    return this.deps.db.transaction(
      async (tx) => {
        const task = await new TasksRepository(tx).find(companyId, place.taskId);
        if (!task) return null;
        const repository = new ReportsRepository(tx);
        const counts = (await repository.householdCounts(companyId, place.taskId)).find(
          (row) =>
            row.buildingNumber === place.buildingNumber &&
            row.floor === place.floor &&
            row.household === place.household,
        );
        const figures = counts ? figuresOf(counts) : toFigures(emptyCounts());
        const readings: ReportReading[] = (await repository.readings(companyId, place.taskId))
          .filter(
            (row) =>
              row.buildingNumber === place.buildingNumber &&
              row.floor === place.floor &&
              row.household === place.household,
          )
          .map((row) => ({
            PointIndex: row.pointIndex,
            BuildingNumber: row.buildingNumber,
            Floor: row.floor,
            Household: row.household,
            RoomId: row.roomId,
            SiteName: row.name,
            ItemCode: row.itemCode,
            Values: row.vals,
            Grades: (row.grades ?? []).map((code): GradeName => GRADE_NAMES[code] ?? 'exploded'),
            Valid: row.valid,
          }));
        const versions = [];
        for (const language of REPORT_LANGUAGES) {
          const detail = await loadTaskDetail(tx, companyId, task, language, { inTransaction: true });
          const narrowed = householdDetail(detail, place, figures, readings);
          narrowed.Name = formatMessage(language, 'reports.doc.householdTitle', {
            task: detail.Name,
            building: place.buildingNumber,
            floor: place.floor,
            household: place.household,
          });
          versions.push({ language, task: narrowed });
        }
        const plans = await loadPlanView(tx, companyId, place.taskId, place);
        const source: Omit<ReportSource, 'pictures' | 'versions'> & { versions: typeof versions } = {
          reportId: place.id,
          renderedAt: new Date().toISOString(),
          audited: task.state === 'completed',
          versions,
          plans: plans
            .filter((plan) => plan.Sites.length > 0 && plan.MeasurePoints.Rooms.length > 0)
            .map((plan) => ({ ...plan, MeasurePoints: { ...plan.MeasurePoints, Points: [] } })),
          beforeAfter: null,
          households: [
            {
              BuildingNumber: place.buildingNumber,
              Floor: place.floor,
              Household: place.household,
              Figures: figures,
            },
          ],
          readings,
        };
        return { task, source };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** The household's ready scans drawn: its models' triangles and its clouds' scanned surfaces. */
  private async view(companyId: string, taskId: string, place: HouseholdPlace): Promise<ModelView | null> {
    const repository = new HouseholdReportsRepository(this.deps.db);
    const scans = (await repository.readyScans(companyId, taskId)).filter(
      (scan) =>
        scan.buildingNumber === place.buildingNumber &&
        scan.floor === place.floor &&
        scan.household === place.household,
    );
    const triangles = [];
    for (const scan of scans) {
      if (scan.kind !== 'model' || !scan.modelKey) continue;
      triangles.push(...(await modelTriangles(new Uint8Array(await this.deps.objects.read(scan.modelKey)))));
    }
    const surfaces = await repository.surfaces(
      companyId,
      scans.filter((scan) => scan.kind === 'pointcloud').map((scan) => scan.id),
    );
    return modelView(triangles, surfaces);
  }

  private async pictures(companyId: string, task: TaskRecord, detail: TaskDetail | undefined) {
    const sitePicture = this.deps.sitePicture;
    if (!sitePicture || !detail) return [];
    const pictures: ReportPicture[] = [];
    for (const site of pictureSites(detail)) {
      const png = await sitePicture(companyId, task, site.PointIndex);
      pictures.push({ PointIndex: site.PointIndex, png: png ? new Uint8Array(png) : null });
    }
    return pictures;
  }
}
