import {
  type Language,
  type ProjectProgressRow,
  type QualityAnalysis,
  type RatingLevel,
  STAGE_LABELS,
} from '@measure/contract';
import { buildSheet } from '../../core/sheet-columns.ts';
import { bilingualCell, buildWorkbook, figureColumns, type SheetColumn } from '../../core/sheet-columns.ts';
import { INSPECTION_KIND, MEASURE_KIND, STATE } from '../tasks/tasks-sheet.ts';

const RATING: Record<RatingLevel, { zh: string; en: string }> = {
  high: { zh: '高', en: 'High' },
  middle: { zh: '中', en: 'Middle' },
  low: { zh: '低', en: 'Low' },
};
type Rated = { Rating: RatingLevel | null };
const ratingColumn = <T extends Rated>(): SheetColumn<T> => ({
  zh: '评级',
  en: 'Rating',
  width: 8,
  cell: (row, language) => (row.Rating ? bilingualCell(RATING[row.Rating], language) : null),
});

type Item = QualityAnalysis['ByItem'][number];
type Project = QualityAnalysis['ByProject'][number];
type Stage = QualityAnalysis['ByStage'][number];
type Day = QualityAnalysis['Trend'][number];
type Applied = QualityAnalysis['AppliedFilters'];

/** The task kinds (indoor, external wall) as the filters sheet names them. */
const TASK_KIND = {
  indoor: { zh: '室内', en: 'Indoor' },
  externalWall: { zh: '外墙', en: 'External wall' },
} as const;

/** What "all" reads as in the filters sheet. */
const ALL = { zh: '全部', en: 'All' };
const DEFAULT_MARK = { zh: '（默认）', en: ' (default)' };

/** One filter's value, marked when the server took it by default. */
const filterCell = (
  applied: Applied,
  name: Applied['Defaults'][number],
  value: { zh: string; en: string } | string | null,
  lang: Language,
): string => {
  const text = typeof value === 'string' ? value : bilingualCell(value ?? ALL, lang);
  return applied.Defaults.includes(name) ? `${text}${bilingualCell(DEFAULT_MARK, lang)}` : (text ?? '');
};

const FILTER_COLUMNS: SheetColumn<Applied>[] = [
  {
    zh: '项目',
    en: 'Project',
    width: 38,
    cell: (row, lang) => filterCell(row, 'ProjectId', row.ProjectId, lang),
  },
  {
    zh: '工序',
    en: 'Stage',
    width: 12,
    cell: (row, lang) => filterCell(row, 'Stage', row.Stage && STAGE_LABELS[row.Stage][lang], lang),
  },
  {
    zh: '检查类型',
    en: 'Inspection kind',
    width: 16,
    cell: (row, lang) =>
      filterCell(row, 'InspectionKind', row.InspectionKind && INSPECTION_KIND[row.InspectionKind], lang),
  },
  {
    zh: '测量类型',
    en: 'Measure kind',
    width: 14,
    cell: (row, lang) =>
      filterCell(row, 'MeasureKind', row.MeasureKind && MEASURE_KIND[row.MeasureKind], lang),
  },
  {
    zh: '任务类型',
    en: 'Task kind',
    width: 14,
    cell: (row, lang) => filterCell(row, 'TaskKind', row.TaskKind && TASK_KIND[row.TaskKind], lang),
  },
  {
    zh: '测量项',
    en: 'Measure items',
    width: 20,
    cell: (row, lang) => filterCell(row, 'ItemCodes', row.ItemCodes.join(', ') || null, lang),
  },
  {
    zh: '开始日期',
    en: 'Start date',
    width: 14,
    cell: (row, lang) => filterCell(row, 'StartDate', row.StartDate, lang),
  },
  {
    zh: '结束日期',
    en: 'End date',
    width: 14,
    cell: (row, lang) => filterCell(row, 'EndDate', row.EndDate, lang),
  },
];

type Bilingual = { zh: string; en: string };

/** A sheet of figures per kind (inspection or measure kind): the kind's label, then its figures. */
function kindSheet<T extends { Figures: QualityAnalysis['Figures'] }>(
  name: Bilingual,
  column: Bilingual,
  rows: T[],
  label: (row: T) => Bilingual,
) {
  return {
    name,
    rows,
    columns: [
      { ...column, width: 14, cell: (row: T, lang: Language) => bilingualCell(label(row), lang) },
      ...figureColumns<T>((row) => row.Figures),
    ],
  };
}

/**
 * The quality analysis as a workbook: summary, stages, inspection kinds, measure kinds (side by side,
 * never added: a re-measure checks the same households again), items, projects, days, and the filters.
 */
export function buildQualitySheet(analysis: QualityAnalysis, language: Language): Promise<Buffer> {
  return buildWorkbook(
    [
      {
        name: { zh: '汇总', en: 'Summary' },
        rows: [analysis],
        columns: [...figureColumns<QualityAnalysis>((row) => row.Figures), ratingColumn<QualityAnalysis>()],
      },
      {
        name: { zh: '工序', en: 'Stages' },
        rows: analysis.ByStage,
        columns: [
          {
            zh: '工序',
            en: 'Stage',
            width: 12,
            cell: (row: Stage, lang: Language) => STAGE_LABELS[row.Stage][lang],
          },
          ...figureColumns<Stage>((row) => row.Figures),
        ],
      },
      kindSheet(
        { zh: '检查类型', en: 'Inspection kinds' },
        { zh: '检查类型', en: 'Inspection kind' },
        analysis.ByInspectionKind,
        (row) => INSPECTION_KIND[row.InspectionKind],
      ),
      kindSheet(
        { zh: '测量类型', en: 'Measure kinds' },
        { zh: '测量类型', en: 'Measure kind' },
        analysis.ByMeasureKind,
        (row) => MEASURE_KIND[row.MeasureKind],
      ),
      {
        name: { zh: '测量项', en: 'Measure items' },
        rows: analysis.ByItem,
        columns: [
          { zh: '编码', en: 'Code', width: 10, cell: (row) => row.ItemCode },
          { zh: '测量项', en: 'Measure item', width: 18, cell: (row) => row.Name },
          ...figureColumns<Item>((row) => row.Figures),
          ratingColumn<Item>(),
        ],
      },
      {
        name: { zh: '项目', en: 'Projects' },
        rows: analysis.ByProject,
        columns: [
          { zh: '项目', en: 'Project', width: 20, cell: (row) => row.ProjectName },
          ...figureColumns<Project>((row) => row.Figures),
          ratingColumn<Project>(),
        ],
      },
      {
        name: { zh: '按日', en: 'Days' },
        rows: analysis.Trend,
        columns: [
          { zh: '日期', en: 'Day', width: 12, cell: (row) => row.Day },
          ...figureColumns<Day>((row) => row.Figures),
        ],
      },
      { name: { zh: '筛选条件', en: 'Filters' }, rows: [analysis.AppliedFilters], columns: FILTER_COLUMNS },
    ],
    language,
  );
}

const PROGRESS_COLUMNS: SheetColumn<ProjectProgressRow>[] = [
  { zh: '项目', en: 'Project', width: 20, cell: (row) => row.ProjectName },
  { zh: '工序', en: 'Stage', width: 10, cell: (row, lang) => STAGE_LABELS[row.Stage][lang] },
  { zh: '项目户数', en: 'Households of the project', width: 10, cell: (row) => row.ProjectHouseholds },
  { zh: '已派发户数', en: 'Households dispatched', width: 10, cell: (row) => row.DispatchedHouseholds },
  { zh: '已测户数', en: 'Households measured', width: 10, cell: (row) => row.MeasuredHouseholds },
  { zh: '占项目户数（%）', en: 'Measured of the project (%)', width: 12, cell: (row) => row.ProjectProgress },
  { zh: '占派发户数（%）', en: 'Measured of dispatched (%)', width: 12, cell: (row) => row.Progress },
  ...(['pending', 'inProgress', 'uploaded', 'completed', 'cancelled'] as const).map(
    (state): SheetColumn<ProjectProgressRow> => ({
      zh: `${STATE[state].zh}任务`,
      en: `Tasks ${STATE[state].en.toLowerCase()}`,
      width: 10,
      cell: (row) => row.Tasks[state],
    }),
  ),
];

/** Progress per project and stage as one sheet. */
export const buildProgressSheet = (rows: readonly ProjectProgressRow[], language: Language) =>
  buildSheet(rows, PROGRESS_COLUMNS, language, { zh: '进度', en: 'Progress' });
