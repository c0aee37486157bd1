import {
  emptyCounts,
  type FigureCounts,
  type Language,
  MEASURE_KINDS,
  type MeasureKind,
  type PageResult,
  type ReportProjectRow,
  type ReportStatus,
  type RouteBody,
  type reportProjectsRoutes,
  STAGE_LABELS,
  STAGES,
  type Stage,
  type SummaryReport,
  TASK_STATES,
  type TaskState,
  taskNameIn,
  toFigures,
} from '@measure/contract';
import { notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleProject } from '../projects/project-access.ts';
import { visibleTask } from '../tasks/task-access.ts';
import { itemName } from '../tasks/task-plan.ts';
import { ReportProjectsRepository } from './report-projects-repository.ts';
import { ReportsRepository } from './reports-repository.ts';

type ProjectListBody = RouteBody<typeof reportProjectsRoutes.getReportProjectList>;
type SummaryBody = RouteBody<typeof reportProjectsRoutes.getSummaryReport>;

/** Adds counts (plain sums: the rates are taken once, from the totals). */
function add(into: FigureCounts, part: FigureCounts): FigureCounts {
  into.qualified += part.qualified;
  into.warning += part.warning;
  into.unqualified += part.unqualified;
  into.exploded += part.exploded;
  into.unjudged += part.unjudged;
  into.sites += part.sites;
  into.explodedSites += part.explodedSites;
  return into;
}

/** Tasks of a group by state, the distinct households they measured, and their counts summed. */
interface Group {
  tasks: number;
  uploaded: number;
  completed: number;
  households: Set<string>;
  counts: FigureCounts;
}

const newGroup = (): Group => ({
  tasks: 0,
  uploaded: 0,
  completed: 0,
  households: new Set(),
  counts: emptyCounts(),
});

function groupOf<K>(groups: Map<K, Group>, key: K): Group {
  const group = groups.get(key) ?? newGroup();
  groups.set(key, group);
  return group;
}

function addTask(group: Group, state: string, counts: FigureCounts, households: readonly string[]): void {
  group.tasks += 1;
  if (state === 'completed') group.completed += 1;
  else group.uploaded += 1;
  for (const household of households) group.households.add(household);
  add(group.counts, counts);
}

const stateCounts = (group: Group) => ({
  Uploaded: group.uploaded,
  Completed: group.completed,
  Households: group.households.size,
});

const oneOf = <T extends string>(values: readonly T[], value: string): T =>
  (values as readonly string[]).includes(value) ? (value as T) : (values[0] as T);

/**
 * The data reports landing page (projects with report counts, unread marks and figures), the read
 * marks (UserIsReadedTask) and the project summary report (GetSummaryReport). Figures come from the
 * rollups only, summed as counts and turned into rates by the contract's `toFigures`.
 */
export class ReportProjectsService {
  constructor(private readonly deps: { db: Database }) {}

  async projects(
    auth: AuthContext,
    body: ProjectListBody,
    lang: Language,
  ): Promise<PageResult<ReportProjectRow>> {
    const repository = new ReportProjectsRepository(this.deps.db);
    const { rows, total } = await repository.page(
      auth,
      body.ProjectName,
      body.PageSize,
      (body.CurrentPage - 1) * body.PageSize,
    );
    const ids = rows.map((row) => row.id);
    const [latest, counts] = await Promise.all([
      repository.latest(auth.companyId, ids),
      repository.reportedCounts(auth.companyId, ids),
    ]);
    const latestCounts = await repository.taskCounts(
      auth.companyId,
      latest.map((row) => row.taskId),
    );
    const latestOf = new Map(latest.map((row) => [row.projectId, row]));
    const countsOf = new Map(counts.map((row) => [row.projectId, row]));
    const taskCountsOf = new Map(latestCounts.map((row) => [row.taskId, row]));
    return {
      Items: rows.map((row) => {
        const newest = latestOf.get(row.id);
        return {
          ProjectId: row.id,
          ProjectName: row.name,
          Address: row.address ?? '',
          Reports: row.reports,
          Ready: row.ready,
          Audited: row.audited,
          Unread: row.unread,
          Latest: newest
            ? {
                ReportId: newest.id,
                TaskId: newest.taskId,
                Name: taskNameIn(newest, lang),
                UpdateTime: newest.updatedAt.toISOString(),
                Status: newest.status as ReportStatus,
                Figures: toFigures(taskCountsOf.get(newest.taskId) ?? emptyCounts()),
              }
            : null,
          Figures: toFigures(countsOf.get(row.id) ?? emptyCounts()),
        };
      }),
      Total: total,
      PageSize: body.PageSize,
      CurrentPage: body.CurrentPage,
    };
  }

  /** UserIsReadedTask: the caller has opened the task's report. */
  async markRead(auth: AuthContext, taskId: string): Promise<boolean> {
    const { task } = await visibleTask(this.deps.db, auth, taskId);
    const report = await new ReportsRepository(this.deps.db).ofTask(auth.companyId, task.id);
    if (!report) throw notFound();
    await new ReportProjectsRepository(this.deps.db).markRead(auth.companyId, report.id, auth.userId);
    return true;
  }

  /**
   * GetSummaryReport: the project's finished tasks summed per measure kind (side by side), stage,
   * item, building and task. Tasks are counted by their state (uploaded, completed) and households
   * once each, however many tasks (a first measure and its re-measure) measured them.
   */
  async summary(auth: AuthContext, body: SummaryBody, lang: Language): Promise<SummaryReport> {
    const project = await visibleProject(this.deps.db, auth, body.ProjectId);
    const repository = new ReportProjectsRepository(this.deps.db);
    const auditedOnly = body.AuditedOnly ?? false;
    const measureKind = body.MeasureKind ?? null;
    const tasks = await repository.summaryTasks(auth.companyId, project.id, {
      stage: body.Stage ?? null,
      measureKind,
      auditedOnly,
    });
    const ids = tasks.map((task) => task.id);
    const [taskCounts, itemCounts, buildingCounts, households] = await Promise.all([
      repository.taskCounts(auth.companyId, ids),
      repository.itemCounts(auth.companyId, ids),
      repository.buildingCounts(auth.companyId, ids),
      repository.households(auth.companyId, ids),
    ]);
    const countsOf = new Map(taskCounts.map((row) => [row.taskId, row]));
    const householdsOf = new Map<string, string[]>();
    for (const row of households) {
      const list = householdsOf.get(row.taskId) ?? [];
      list.push(`${row.buildingId}/${row.floor}/${row.household}`);
      householdsOf.set(row.taskId, list);
    }
    const whole = newGroup();
    const perStage = new Map<Stage, Group>();
    const perKind = new Map<MeasureKind, Group>();
    const itemNames = new Map<string, string>();
    for (const task of tasks) {
      const counts = countsOf.get(task.id) ?? emptyCounts();
      const stage = oneOf(STAGES, task.stage);
      const kind = oneOf(MEASURE_KINDS, task.measureKind);
      const taskHouseholds = householdsOf.get(task.id) ?? [];
      for (const group of [whole, groupOf(perStage, stage), groupOf(perKind, kind)])
        addTask(group, task.state, counts, taskHouseholds);
      for (const item of task.standard.Items) {
        if (!itemNames.has(item.Code)) itemNames.set(item.Code, itemName(item, lang));
      }
    }
    return {
      ProjectId: project.id,
      ProjectName: project.name,
      Stage: body.Stage ?? null,
      AuditedOnly: auditedOnly,
      MeasureKind: measureKind,
      TaskCount: tasks.length,
      ...stateCounts(whole),
      Figures: toFigures(whole.counts),
      MeasureKinds: MEASURE_KINDS.flatMap((kind) => {
        const group = perKind.get(kind);
        return group
          ? [
              {
                MeasureKind: kind,
                Tasks: group.tasks,
                ...stateCounts(group),
                Figures: toFigures(group.counts),
              },
            ]
          : [];
      }),
      Stages: STAGES.flatMap((stage) => {
        const group = perStage.get(stage);
        return group
          ? [
              {
                Stage: stage,
                StageName: STAGE_LABELS[stage][lang],
                Tasks: group.tasks,
                ...stateCounts(group),
                Figures: toFigures(group.counts),
              },
            ]
          : [];
      }),
      Items: itemCounts.map((row) => ({
        ItemCode: row.itemCode,
        Name: itemNames.get(row.itemCode) ?? row.itemCode,
        Figures: toFigures(row),
      })),
      Buildings: buildingCounts
        .map((row) => ({ BuildingNumber: row.buildingNumber, Figures: toFigures(row) }))
        .sort((a, b) => a.BuildingNumber.localeCompare(b.BuildingNumber, 'zh-CN', { numeric: true })),
      Tasks: tasks.map((task) => {
        const stage = oneOf(STAGES, task.stage);
        return {
          TaskId: task.id,
          Name: taskNameIn(task, lang),
          Stage: stage,
          StageName: STAGE_LABELS[stage][lang],
          State: oneOf(TASK_STATES, task.state) as TaskState,
          MeasureKind: oneOf(MEASURE_KINDS, task.measureKind),
          ParentTaskId: task.parentTaskId,
          FinishedAt: task.finishedAt?.toISOString() ?? null,
          Figures: toFigures(countsOf.get(task.id) ?? emptyCounts()),
        };
      }),
    };
  }
}
