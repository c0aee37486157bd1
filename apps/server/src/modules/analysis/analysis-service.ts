import {
  ANALYSIS_LIMITS,
  type AnalysisFilter,
  type AppliedFilterName,
  type AppliedFilters,
  DEFAULT_INSPECTION_KIND,
  type BuildingAnalysis,
  DEFAULT_RATING_BANDS,
  emptyCounts,
  type FigureCounts,
  type Figures,
  INSPECTION_KINDS,
  type ItemFiguresRow,
  type Language,
  MEASURE_KINDS,
  type PageResult,
  type ProjectPassRateRow,
  type QualityAnalysis,
  ratingOf,
  STAGES,
  type Statistics,
  TASK_STATES,
  toFigures,
  todayIn,
} from '@measure/contract';
import type pg from 'pg';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { addFigureCounts } from '../results/judge-readings.ts';
import { AnalysisRepository, type AnalysisScope, type GroupCounts } from './analysis-repository.ts';
import {
  checkItemsOfStage,
  DEFAULT_PERIOD_DAYS,
  periodOf,
  visibleAnalysisProject,
} from './analysis-scope.ts';

type Bands = { high: number; middle: number };
const bandsOf = (filter: { RatingHigh?: number | null; RatingMiddle?: number | null }): Bands => ({
  high: filter.RatingHigh ?? DEFAULT_RATING_BANDS.high,
  middle: filter.RatingMiddle ?? DEFAULT_RATING_BANDS.middle,
});

/** Figures of counts, with the counts' all-zero default for a group without rows. */
const figuresOf = (counts: FigureCounts | undefined): Figures => toFigures(counts ?? emptyCounts());

/** Worst first: ascending pass rate, rows without one last, then by name. */
function worstFirst<T extends { Figures: Figures; Name?: string; ProjectName?: string }>(rows: T[]): T[] {
  const rate = (row: T) => row.Figures.PassRate ?? Number.POSITIVE_INFINITY;
  return rows.sort(
    (a, b) =>
      rate(a) - rate(b) || (a.Name ?? a.ProjectName ?? '').localeCompare(b.Name ?? b.ProjectName ?? ''),
  );
}

type ProjectOrder = 'PassRate' | 'Name' | 'Total';

/** What every analysis call filters on (home's body has no rating bands). */
type ScopeFilter = Pick<
  AnalysisFilter,
  | 'ProjectId'
  | 'Stage'
  | 'InspectionKind'
  | 'MeasureKind'
  | 'TaskKind'
  | 'ItemCodes'
  | 'StartDate'
  | 'EndDate'
>;

/** The filters a scope was computed with, echoed in the answer; `defaults` names those the server filled in. */
function appliedFiltersOf(
  scope: AnalysisScope,
  filter: ScopeFilter,
  defaults: AppliedFilterName[],
): AppliedFilters {
  return {
    ProjectId: scope.projectId,
    Stage: scope.stage as AppliedFilters['Stage'],
    InspectionKind: scope.inspectionKind as AppliedFilters['InspectionKind'],
    MeasureKind: scope.measureKind as AppliedFilters['MeasureKind'],
    TaskKind: scope.taskKind as AppliedFilters['TaskKind'],
    // As the caller wrote them (the scope matches them in lower case).
    ItemCodes: filter.ItemCodes ?? [],
    StartDate: scope.start,
    EndDate: scope.end,
    Defaults: defaults,
  };
}

/** The dates a filter left out (and the server filled in). */
const dateDefaults = (filter: ScopeFilter): AppliedFilterName[] => [
  ...(filter.StartDate ? [] : (['StartDate'] as const)),
  ...(filter.EndDate ? [] : (['EndDate'] as const)),
];

/**
 * Analysis over many tasks (issue 17): quality by project, stage, inspection kind, item, building,
 * floor and day, and the home page's headline figures, all summed from the rollups that ingestion
 * keeps current in the transaction of every change, so each figure equals a recomputation from the
 * stored readings.
 */
export class AnalysisService {
  constructor(private readonly deps: { db: Database; pool: Pick<pg.Pool, 'query'> }) {}

  private get repository() {
    return new AnalysisRepository(this.deps.db, this.deps.pool);
  }

  /**
   * The filter as a query scope: a visible project (404 otherwise), items of the chosen stage (400 on
   * `ItemCodes` otherwise) and the effective dates.
   */
  private async scopeOf(auth: AuthContext, filter: ScopeFilter): Promise<AnalysisScope> {
    if (filter.ProjectId) await visibleAnalysisProject(this.deps.db, auth, filter.ProjectId);
    await checkItemsOfStage(this.deps.db, auth, filter.Stage, filter.ItemCodes, 'ItemCodes');
    return this.checkedScopeOf(auth, filter);
  }

  /** `scopeOf` for a filter whose project the caller has already checked. */
  private checkedScopeOf(auth: AuthContext, filter: ScopeFilter): AnalysisScope {
    const { start, end } = periodOf(filter, DEFAULT_PERIOD_DAYS.recent);
    return {
      auth,
      projectId: filter.ProjectId ?? null,
      stage: filter.Stage ?? null,
      inspectionKind: filter.InspectionKind ?? null,
      measureKind: filter.MeasureKind ?? null,
      taskKind: filter.TaskKind ?? null,
      itemCodes: filter.ItemCodes?.length ? filter.ItemCodes.map((code) => code.toLowerCase()) : null,
      start,
      end,
    };
  }

  /** Rows per measure kind, in MEASURE_KINDS order, for the kinds that have readings. */
  private measureKindRows(rows: GroupCounts[]): QualityAnalysis['ByMeasureKind'] {
    const kinds = new Map(rows.map((row) => [row.key, row]));
    return MEASURE_KINDS.filter((kind) => kinds.has(kind)).map((kind) => ({
      MeasureKind: kind,
      Figures: figuresOf(kinds.get(kind)),
    }));
  }

  /** Item rows worst first, named from the company's library (the code where the library has none). */
  private itemRowsOf(rows: GroupCounts[], language: Language, bands: Bands): ItemFiguresRow[] {
    return worstFirst(
      rows.map((row) => {
        const figures = figuresOf(row);
        return {
          ItemCode: row.key,
          Name: (language === 'zh-CN' ? row.nameZh : row.nameEn) ?? row.key,
          Figures: figures,
          Rating: ratingOf(figures.PassRate, bands),
        };
      }),
    );
  }

  private async projectRows(scope: AnalysisScope, bands: Bands): Promise<ProjectPassRateRow[]> {
    return this.projectRowsOf(await this.repository.counts(scope, 'project'), bands);
  }

  private projectRowsOf(rows: GroupCounts[], bands: Bands): ProjectPassRateRow[] {
    return rows.map((row) => {
      const figures = figuresOf(row);
      return {
        ProjectId: row.key,
        ProjectName: row.nameZh ?? '',
        Figures: figures,
        Rating: ratingOf(figures.PassRate, bands),
      };
    });
  }

  private trendOf(rows: GroupCounts[]) {
    return rows
      .sort((a, b) => a.key.localeCompare(b.key))
      .map((row) => ({ Day: row.key, Figures: figuresOf(row) }));
  }

  async quality(auth: AuthContext, filter: AnalysisFilter, language: Language): Promise<QualityAnalysis> {
    const scope = await this.scopeOf(auth, filter);
    const bands = bandsOf(filter);
    const byKey = (rows: GroupCounts[]) => new Map(rows.map((row) => [row.key, row]));
    // One call answers every grouping (a statement per rollup table, run side by side), names included.
    const groups = await this.repository.countsBy(scope, [
      'none',
      'stage',
      'inspectionKind',
      'measureKind',
      'project',
      'day',
      'item',
    ]);
    const overall = groups.get('none') ?? [];
    const stageRows = groups.get('stage') ?? [];
    const kindRows = groups.get('inspectionKind') ?? [];
    const items = this.itemRowsOf(groups.get('item') ?? [], language, bands);
    const projects = this.projectRowsOf(groups.get('project') ?? [], bands);
    const trend = this.trendOf(groups.get('day') ?? []);
    const stages = byKey(stageRows);
    const kinds = byKey(kindRows);
    const figures = figuresOf(overall[0]);
    return {
      Figures: figures,
      Rating: ratingOf(figures.PassRate, bands),
      ByStage: STAGES.filter((stage) => stages.has(stage)).map((stage) => ({
        Stage: stage,
        Figures: figuresOf(stages.get(stage)),
      })),
      ByInspectionKind: INSPECTION_KINDS.filter((kind) => kinds.has(kind)).map((kind) => ({
        InspectionKind: kind,
        Figures: figuresOf(kinds.get(kind)),
      })),
      ByMeasureKind: this.measureKindRows(groups.get('measureKind') ?? []),
      AppliedFilters: appliedFiltersOf(scope, filter, dateDefaults(filter)),
      ByItem: items,
      ByProject: worstFirst(projects),
      Trend: trend,
    };
  }

  async projectPage(
    auth: AuthContext,
    filter: AnalysisFilter & {
      PageSize: number;
      CurrentPage: number;
      OrderBy?: ProjectOrder;
      AscDesc?: 'asc' | 'desc';
    },
  ): Promise<PageResult<ProjectPassRateRow>> {
    const scope = await this.scopeOf(auth, filter);
    const rows = await this.projectRows(scope, bandsOf(filter));
    const order = filter.OrderBy ?? 'PassRate';
    const direction = (filter.AscDesc ?? (order === 'Total' ? 'desc' : 'asc')) === 'asc' ? 1 : -1;
    const compare: Record<ProjectOrder, (a: ProjectPassRateRow, b: ProjectPassRateRow) => number> = {
      // Projects without a pass rate stay last in either direction.
      PassRate: (a, b) =>
        a.Figures.PassRate === null || b.Figures.PassRate === null
          ? Number(a.Figures.PassRate === null) - Number(b.Figures.PassRate === null)
          : direction * (a.Figures.PassRate - b.Figures.PassRate),
      Name: (a, b) => direction * a.ProjectName.localeCompare(b.ProjectName),
      Total: (a, b) => direction * (a.Figures.Total - b.Figures.Total),
    };
    rows.sort((a, b) => compare[order](a, b) || a.ProjectName.localeCompare(b.ProjectName));
    const from = (filter.CurrentPage - 1) * filter.PageSize;
    return {
      Items: rows.slice(from, from + filter.PageSize),
      Total: rows.length,
      PageSize: filter.PageSize,
      CurrentPage: filter.CurrentPage,
    };
  }

  async buildings(
    auth: AuthContext,
    filter: AnalysisFilter & { ProjectId: string },
  ): Promise<BuildingAnalysis> {
    const project = await visibleAnalysisProject(this.deps.db, auth, filter.ProjectId);
    await checkItemsOfStage(this.deps.db, auth, filter.Stage, filter.ItemCodes, 'ItemCodes');
    const scope = this.checkedScopeOf(auth, filter);
    const floors = await this.repository.counts(scope, 'floor');
    const buildings = await this.repository.buildings(auth.companyId, filter.ProjectId);
    const total = emptyCounts();
    const perBuilding = buildings.map((building) => {
      const sum = emptyCounts();
      const rows = floors
        .filter((row) => row.key.startsWith(`${building.id}/`))
        .map((row) => ({ floor: Number(row.key.slice(building.id.length + 1)), counts: row }))
        .sort((a, b) => a.floor - b.floor);
      for (const row of rows) addFigureCounts(sum, row.counts);
      addFigureCounts(total, sum);
      return {
        BuildingId: building.id,
        BuildingNumber: building.number,
        Figures: toFigures(sum),
        Floors: rows.map((row) => ({ Floor: row.floor, Figures: figuresOf(row.counts) })),
      };
    });
    return {
      ProjectId: project.id,
      ProjectName: project.name,
      Figures: toFigures(total),
      AppliedFilters: appliedFiltersOf(scope, filter, dateDefaults(filter)),
      Buildings: perBuilding,
    };
  }

  /**
   * Home's headline figures. Without a stage, inspection kind or item the inspection kind is
   * `DEFAULT_INSPECTION_KIND`, the default of the quality page, so the same filters give the same
   * figure on both; the answer names it among `AppliedFilters.Defaults`.
   */
  async statistics(auth: AuthContext, body: ScopeFilter, language: Language): Promise<Statistics> {
    const scoped = Boolean(body.Stage || body.InspectionKind || body.ItemCodes?.length);
    const filter: ScopeFilter = scoped ? body : { ...body, InspectionKind: DEFAULT_INSPECTION_KIND };
    const defaults: AppliedFilterName[] = [
      ...(scoped ? [] : (['InspectionKind'] as const)),
      ...dateDefaults(body),
    ];
    const checked = await this.scopeOf(auth, filter);
    // A start after today without an end: the period is today alone.
    const scope = checked.start > checked.end ? { ...checked, start: checked.end } : checked;
    const { start, end } = scope;
    const now = todayIn();
    const monthStart = `${now.slice(0, 8)}01`;
    const [groups, states, projects, households] = await Promise.all([
      this.repository.countsBy(scope, ['none', 'day', 'item', 'measureKind']),
      this.repository.taskStates(auth, filter.ProjectId),
      this.repository.visibleProjectCount(auth, filter.ProjectId),
      this.repository.householdsMeasured(auth, filter.ProjectId, monthStart, now),
    ]);
    const items = this.itemRowsOf(groups.get('item') ?? [], language, DEFAULT_RATING_BANDS);
    const figures = figuresOf(groups.get('none')?.[0]);
    return {
      StartDate: start,
      EndDate: end,
      Projects: projects,
      Figures: figures,
      Rating: ratingOf(figures.PassRate),
      ByMeasureKind: this.measureKindRows(groups.get('measureKind') ?? []),
      AppliedFilters: appliedFiltersOf(scope, filter, defaults),
      Tasks: Object.fromEntries(
        TASK_STATES.map((state) => [state, states.get(state) ?? 0]),
      ) as Statistics['Tasks'],
      HouseholdsThisMonth: households,
      Trend: this.trendOf(groups.get('day') ?? []),
      WorstItems: items.filter((row) => row.Figures.PassRate !== null).slice(0, ANALYSIS_LIMITS.worstItems),
    };
  }
}
