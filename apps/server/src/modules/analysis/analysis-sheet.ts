import {
  type Language,
  type ProjectProgressRow,
  type QualityAnalysis,
  type RatingLevel,
  STAGE_LABELS,
} from '@measure/contract';
import { buildSheet } from '../../core/sheet-columns.ts';
import { bilingualCell, buildWorkbook, figureColumns, type SheetColumn } from '../../core/sheet-columns.ts';
import { INSPECTION_KIND, STATE } from '../tasks/tasks-sheet.ts';

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
type Kind = QualityAnalysis['ByInspectionKind'][number];
type Day = QualityAnalysis['Trend'][number];

/** The quality analysis as a workbook: summary, stages, inspection kinds, items, projects, days. */
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
      {
        name: { zh: '检查类型', en: 'Inspection kinds' },
        rows: analysis.ByInspectionKind,
        columns: [
          {
            zh: '检查类型',
            en: 'Inspection kind',
            width: 14,
            cell: (row: Kind, lang: Language) => bilingualCell(INSPECTION_KIND[row.InspectionKind], lang),
          },
          ...figureColumns<Kind>((row) => row.Figures),
        ],
      },
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
    ],
    language,
  );
}

const PROGRESS_COLUMNS: SheetColumn<ProjectProgressRow>[] = [
  { zh: '项目', en: 'Project', width: 20, cell: (row) => row.ProjectName },
  { zh: '工序', en: 'Stage', width: 10, cell: (row, lang) => STAGE_LABELS[row.Stage][lang] },
  { zh: '计划户数', en: 'Households planned', width: 10, cell: (row) => row.PlannedHouseholds },
  { zh: '已测户数', en: 'Households measured', width: 10, cell: (row) => row.MeasuredHouseholds },
  { zh: '进度（%）', en: 'Progress (%)', width: 10, cell: (row) => row.Progress },
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
