import { formatMessage, type Language, STAGE_LABELS, type WorkOrderRow } from '@measure/contract';
import {
  bilingualCell,
  buildSheet,
  type SheetColumn,
  timeColumn,
  yesNoCell,
} from '../../core/sheet-columns.ts';

const TYPE = { rectify: { zh: '整改', en: 'Rectify' }, remeasure: { zh: '复测', en: 'Re-measure' } } as const;

/** A facade panel's rectangle, X0–X1 along the side and Z0–Z1 up, in metres; empty for indoor orders. */
const panelCell = (row: WorkOrderRow) =>
  row.Side === null ? null : `X ${row.X0 ?? ''}–${row.X1 ?? ''}, Z ${row.Z0 ?? ''}–${row.Z1 ?? ''}`;

const COLUMNS: SheetColumn<WorkOrderRow>[] = [
  { zh: '工单号', en: 'Order number', width: 16, cell: (row) => row.OrderNumber },
  { zh: '项目', en: 'Project', width: 20, cell: (row) => row.ProjectName },
  { zh: '类型', en: 'Type', width: 10, cell: (row, lang) => bilingualCell(TYPE[row.Type], lang) },
  { zh: '工序', en: 'Stage', width: 10, cell: (row, lang) => STAGE_LABELS[row.Process][lang] },
  { zh: '楼栋', en: 'Building', width: 8, cell: (row) => row.BuildingNumber },
  { zh: '楼层', en: 'Floor', width: 6, cell: (row) => row.Floor },
  { zh: '户', en: 'Household', width: 6, cell: (row) => row.Household },
  // An order at a facade panel: its side and rectangle instead of a household (section 9).
  { zh: '立面', en: 'Side', width: 8, cell: (row) => row.Side },
  { zh: '面板位置 (m)', en: 'Panel (m)', width: 18, cell: panelCell },
  { zh: '测区', en: 'Site', width: 6, cell: (row) => row.PointIndex },
  {
    zh: '测量项',
    en: 'Items',
    width: 28,
    cell: (row, lang) =>
      row.Items.map((item) => `${item.ItemCode} ${lang === 'en-US' ? item.NameEn : item.Name}`).join('; '),
  },
  {
    zh: '手动指定测量项',
    en: 'Items typed by hand',
    width: 10,
    cell: (row, lang) => yesNoCell(lang, row.ItemsByHand),
  },
  {
    zh: '状态',
    en: 'State',
    width: 10,
    cell: (row, lang) => formatMessage(lang, `workOrders.state.${row.State}`),
  },
  { zh: '处理人', en: 'Assignee', width: 12, cell: (row) => row.AssigneeName },
  { zh: '说明', en: 'Remark', width: 24, cell: (row) => row.Remark },
  { zh: '完成说明', en: 'Completion remark', width: 24, cell: (row) => row.CompletionRemark },
  { zh: '创建人', en: 'Created by', width: 12, cell: (row) => row.CreatedByName },
  timeColumn('创建时间', 'Created', (row) => row.CreateTime),
];

/** The work order list as one .xlsx sheet in the request language. */
export const buildWorkOrderSheet = (rows: readonly WorkOrderRow[], language: Language) =>
  buildSheet(rows, COLUMNS, language, { zh: '工单', en: 'Work orders' });
