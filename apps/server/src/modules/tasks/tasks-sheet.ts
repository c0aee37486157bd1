import { type Language, STAGE_LABELS, type TaskRow } from '@measure/contract';
import {
  bilingualCell,
  buildSheet,
  figureColumns,
  type SheetColumn,
  timeColumn,
} from '../../core/sheet-columns.ts';

export const STATE: Record<TaskRow['State'], { zh: string; en: string }> = {
  pending: { zh: '待执行', en: 'Pending' },
  inProgress: { zh: '执行中', en: 'In progress' },
  uploaded: { zh: '已上传', en: 'Uploaded' },
  completed: { zh: '已完成', en: 'Completed' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
};
export const MEASURE_KIND: Record<TaskRow['MeasureKind'], { zh: string; en: string }> = {
  first: { zh: '初测', en: 'First measure' },
  re: { zh: '复测', en: 'Re-measure' },
  other: { zh: '其他', en: 'Other' },
};
export const TASK_KIND: Record<TaskRow['TaskKind'], { zh: string; en: string }> = {
  indoor: { zh: '户内', en: 'Indoor' },
  externalWall: { zh: '外墙', en: 'External wall' },
};
export const INSPECTION_KIND: Record<TaskRow['InspectionKind'], { zh: string; en: string }> = {
  self: { zh: '自检', en: 'Self inspection' },
  third: { zh: '第三方检查', en: 'Third-party inspection' },
};

/** The export's columns: header in both languages and the cell of a row (figures with their counts). */
const COLUMNS: SheetColumn<TaskRow>[] = [
  { zh: '任务名称', en: 'Task name', width: 28, cell: (row) => row.Name },
  { zh: '项目', en: 'Project', width: 20, cell: (row) => row.ProjectName },
  { zh: '阶段', en: 'Stage', width: 10, cell: (row, language) => STAGE_LABELS[row.Stage][language] },
  {
    zh: '测量类型',
    en: 'Measure kind',
    width: 12,
    cell: (row, language) => bilingualCell(MEASURE_KIND[row.MeasureKind], language),
  },
  {
    zh: '检查类型',
    en: 'Inspection kind',
    width: 14,
    cell: (row, language) => bilingualCell(INSPECTION_KIND[row.InspectionKind], language),
  },
  { zh: '状态', en: 'State', width: 10, cell: (row, language) => bilingualCell(STATE[row.State], language) },
  { zh: '设备', en: 'Device', width: 14, cell: (row) => row.DeviceNumber },
  {
    zh: '测量人员',
    en: 'Surveyors',
    width: 20,
    cell: (row) => row.Surveyors.map((person) => person.Name).join(', '),
  },
  { zh: '户数', en: 'Households', width: 8, cell: (row) => row.Households },
  {
    zh: '任务类型',
    en: 'Task kind',
    width: 12,
    cell: (row, language) => bilingualCell(TASK_KIND[row.TaskKind], language),
  },
  // External-wall tasks: the building's sides and the floor band (empty for indoor tasks).
  { zh: '楼栋', en: 'Building', width: 10, cell: (row) => row.BuildingNumber },
  {
    zh: '立面数',
    en: 'Sides',
    width: 8,
    cell: (row) => (row.TaskKind === 'externalWall' ? row.Sides : null),
  },
  {
    zh: '楼层段',
    en: 'Floors',
    width: 10,
    cell: (row) => (row.FloorFrom === null ? null : `${row.FloorFrom}-${row.FloorTo}`),
  },
  { zh: '计划日期', en: 'Planned date', width: 12, cell: (row) => row.PlannedDate },
  ...figureColumns<TaskRow>((row) => row.Figures),
  timeColumn('创建时间', 'Created', (row) => row.CreateTime),
  { zh: '创建人', en: 'Created by', width: 12, cell: (row) => row.CreatedByName },
];

/** The task center as one .xlsx sheet in the request language. */
export const buildTaskSheet = (rows: readonly TaskRow[], language: Language) =>
  buildSheet(rows, COLUMNS, language, { zh: '任务', en: 'Tasks' });
