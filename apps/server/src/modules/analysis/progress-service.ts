import {
  type FloorProgressState,
  type PageResult,
  percent,
  type ProjectProgressDetail,
  type ProjectProgressRow,
  type Stage,
  STAGES,
  TASK_STATES,
  type UserProgressRow,
} from '@measure/contract';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { DEFAULT_PERIOD_DAYS, periodOf, visibleAnalysisProject } from './analysis-scope.ts';
import { ProgressRepository, type ProgressScope } from './progress-repository.ts';

type TaskStates = ProjectProgressRow['Tasks'];
const noTasks = (): TaskStates => Object.fromEntries(TASK_STATES.map((state) => [state, 0])) as TaskStates;

/** A floor's state: measured only when every household the floor has is (not only the dispatched ones). */
const floorState = (
  households: number,
  planned: number,
  measured: number,
  running: boolean,
): FloorProgressState => {
  if (planned === 0) return 'notPlanned';
  if (measured >= households) return 'measured';
  return measured > 0 || running ? 'inProgress' : 'planned';
};

/** The counts of a progress row: against the project's households and against the dispatched ones. */
const countsOf = (project: number, dispatched: number, measured: number) => ({
  ProjectHouseholds: project,
  DispatchedHouseholds: dispatched,
  PlannedHouseholds: dispatched,
  MeasuredHouseholds: measured,
  ProjectProgress: percent(measured, project),
  Progress: percent(measured, dispatched),
});

/** Progress per project and stage, per floor and per person (domain.md section 10). */
export class ProgressService {
  constructor(private readonly deps: { db: Database }) {}

  private get repository() {
    return new ProgressRepository(this.deps.db);
  }

  private async scope(
    auth: AuthContext,
    projectId: string | null | undefined,
    stage: Stage | null | undefined,
  ) {
    if (projectId) await visibleAnalysisProject(this.deps.db, auth, projectId);
    return { auth, projectId: projectId ?? null, stage: stage ?? null } satisfies ProgressScope;
  }

  /** Every (project, stage) with planned households, by project name then stage order. */
  async projectRows(
    auth: AuthContext,
    filter: { ProjectId?: string | null; Stage?: Stage | null },
  ): Promise<ProjectProgressRow[]> {
    const scope = await this.scope(auth, filter.ProjectId, filter.Stage);
    const [households, states] = await Promise.all([
      this.repository.households(scope, false),
      this.repository.taskStates(scope),
    ]);
    const ids = [...new Set(households.map((row) => row.project_id))];
    const [names, projectHouseholds] = await Promise.all([
      this.repository.projectNames(auth.companyId, ids),
      this.repository.projectHouseholds(auth.companyId, ids),
    ]);
    const tasksOf = new Map<string, TaskStates>();
    for (const row of states) {
      const key = `${row.project_id}/${row.stage}`;
      const counts = tasksOf.get(key) ?? noTasks();
      counts[row.state as keyof TaskStates] = row.n;
      tasksOf.set(key, counts);
    }
    return households
      .map((row) => ({
        ProjectId: row.project_id,
        ProjectName: names.get(row.project_id) ?? '',
        Stage: row.stage as Stage,
        ...countsOf(projectHouseholds.get(row.project_id) ?? 0, row.planned, row.measured),
        Tasks: tasksOf.get(`${row.project_id}/${row.stage}`) ?? noTasks(),
      }))
      .sort(
        (a, b) =>
          a.ProjectName.localeCompare(b.ProjectName) ||
          a.ProjectId.localeCompare(b.ProjectId) ||
          STAGES.indexOf(a.Stage) - STAGES.indexOf(b.Stage),
      );
  }

  async projectPage(
    auth: AuthContext,
    filter: { ProjectId?: string | null; Stage?: Stage | null; PageSize: number; CurrentPage: number },
  ): Promise<PageResult<ProjectProgressRow>> {
    const rows = await this.projectRows(auth, filter);
    const from = (filter.CurrentPage - 1) * filter.PageSize;
    return {
      Items: rows.slice(from, from + filter.PageSize),
      Total: rows.length,
      PageSize: filter.PageSize,
      CurrentPage: filter.CurrentPage,
    };
  }

  async detail(auth: AuthContext, projectId: string, stage: Stage): Promise<ProjectProgressDetail> {
    const project = await visibleAnalysisProject(this.deps.db, auth, projectId);
    const scope = { auth, projectId: project.id, stage } satisfies ProgressScope;
    const [floors, running, buildings] = await Promise.all([
      this.repository.households(scope, true),
      this.repository.floorsInProgress(scope),
      this.repository.buildings(auth.companyId, projectId),
    ]);
    const byFloor = new Map(floors.map((row) => [`${row.building_id}/${row.floor}`, row]));
    const planned = floors.reduce((sum, row) => sum + row.planned, 0);
    const measured = floors.reduce((sum, row) => sum + row.measured, 0);
    const projectHouseholds = buildings.reduce((sum, row) => sum + row.stories * row.households, 0);
    return {
      ProjectId: project.id,
      ProjectName: project.name,
      Stage: stage,
      ...countsOf(projectHouseholds, planned, measured),
      Buildings: buildings.map((building) => ({
        BuildingId: building.id,
        BuildingNumber: building.number,
        Stories: building.stories,
        HouseholdsPerFloor: building.households,
        Floors: Array.from({ length: building.stories }, (_, index) => {
          const key = `${building.id}/${index + 1}`;
          const row = byFloor.get(key);
          const [planned, measured] = [row?.planned ?? 0, row?.measured ?? 0];
          return {
            Floor: index + 1,
            Households: building.households,
            Planned: planned,
            Measured: measured,
            Progress: percent(measured, building.households),
            State: floorState(building.households, planned, measured, running.has(key)),
          };
        }),
      })),
    };
  }

  async users(
    auth: AuthContext,
    filter: {
      ProjectId?: string | null;
      Stage?: Stage | null;
      StartDate: string | null;
      EndDate: string | null;
    },
  ): Promise<UserProgressRow[]> {
    const scope = await this.scope(auth, filter.ProjectId, filter.Stage);
    const { start, end } = periodOf(filter, DEFAULT_PERIOD_DAYS.recent);
    const rows = await this.repository.users(scope, start, end);
    return rows.map((row) => ({
      UserId: row.user_id,
      Name: row.name,
      Tasks: row.tasks,
      Households: row.households,
      Sites: row.sites,
      Readings: row.readings,
    }));
  }
}
