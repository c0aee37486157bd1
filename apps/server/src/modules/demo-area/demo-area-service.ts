import {
  type DemoTaskDetail,
  type ExternalWallTask,
  type Language,
  type PageResult,
  permissionsOfRoles,
  type ProjectRow,
  type ReviewSiteView,
  type TaskRow,
} from '@measure/contract';
import { notFound } from '../../core/app-error.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { ExternalWallsService } from '../external-walls/external-walls-service.ts';
import type { ProjectService } from '../projects/project-service.ts';
import type { ReviewService } from '../review/review-service.ts';
import type { ScansService } from '../scans/scans-service.ts';
import type { TasksService } from '../tasks/tasks-service.ts';
import { DemoAreaRepository } from './demo-area-repository.ts';

interface Deps {
  db: DbExecutor;
  projects: ProjectService;
  tasks: TasksService;
  review: ReviewService;
  scans: ScansService;
  externalWalls: ExternalWallsService;
}

/** A demo site's picture address: the demo picture route's, which any session may read. */
export const demoPictureUrl = (taskId: string, pointIndex: number, fileId: string, annotated: boolean) =>
  `/api/ms/DemoArea/Picture/${taskId}/${pointIndex}/${encodeURIComponent(fileId)}${annotated ? '?Annotated=true' : ''}`;

type Page = { PageSize: number; CurrentPage: number };

/**
 * The demo area's reads: the real services, called as the demo area company's own reader, so every
 * query is scoped to that company (another company's ids are 404, as ever) and the caller's company
 * is never read. Only reads: the module has no route that writes.
 */
export class DemoAreaService {
  constructor(private readonly deps: Deps) {}

  /** The demo area's reader, or null while no demo area exists (a database before its first start). */
  private async reader(): Promise<AuthContext | null> {
    const actor = await new DemoAreaRepository(this.deps.db).actor();
    if (!actor) return null;
    return {
      sessionId: 'demo-area',
      userId: actor.userId,
      companyId: actor.companyId,
      roles: ['CompanyAdmin'],
      permissions: new Set(permissionsOfRoles(['CompanyAdmin'])),
      projectScope: 'company',
    };
  }

  private async requireReader(): Promise<AuthContext> {
    const reader = await this.reader();
    if (!reader) throw notFound();
    return reader;
  }

  async projects(page: Page): Promise<PageResult<Omit<ProjectRow, 'UserIds'>>> {
    const reader = await this.reader();
    if (!reader) return { Items: [], Total: 0, ...page };
    const result = await this.deps.projects.page(reader, { ...page, OrderBy: 'CreateTime' });
    return { ...result, Items: result.Items.map(({ UserIds: _staff, ...row }) => row) };
  }

  async tasks(body: Page & { ProjectId: string }, lang: Language): Promise<PageResult<TaskRow>> {
    const reader = await this.requireReader();
    // Only the demo area's projects: any other id is 404 (the task list alone would answer it empty).
    const project = await this.deps.projects.page(reader, {
      ProjectId: body.ProjectId,
      PageSize: 1,
      CurrentPage: 1,
    });
    if (project.Total === 0) throw notFound();
    return this.deps.tasks.list(reader, { ...body, StartDate: null, EndDate: null }, lang);
  }

  async task(taskId: string, lang: Language): Promise<DemoTaskDetail> {
    const reader = await this.requireReader();
    const detail = await this.deps.tasks.get(reader, taskId, lang);
    const scans = await this.deps.scans.list(reader, { TaskId: taskId, PageSize: 100, CurrentPage: 1 }, lang);
    return { ...detail, Scans: scans.Items };
  }

  /** The review's site view with the demo picture route's addresses (the company one would be 404). */
  async site(taskId: string, pointIndex: number, lang: Language): Promise<ReviewSiteView> {
    const site = await this.deps.review.site(await this.requireReader(), taskId, pointIndex, lang);
    const Pictures = site.Pictures.map(({ FileId }) => ({
      FileId,
      Url: demoPictureUrl(taskId, site.PointIndex, FileId, false),
      AnnotatedUrl: demoPictureUrl(taskId, site.PointIndex, FileId, true),
    }));
    return { ...site, Pictures, Editable: false };
  }

  /** A demo site's picture, plain or with its rulers drawn in (the review's picture, as the reader). */
  async picture(params: { TaskId: string; PointIndex: number; FileId: string }, annotated: boolean) {
    return this.deps.review.picture(await this.requireReader(), params, annotated);
  }

  /** The demo external-wall task per side (the external-walls view, as the reader). */
  async externalWall(taskId: string, lang: Language): Promise<ExternalWallTask> {
    return this.deps.externalWalls.task(await this.requireReader(), taskId, lang);
  }
}
