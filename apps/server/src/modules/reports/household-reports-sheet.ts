import type { ApartmentReport, Language } from '@measure/contract';
import {
  bilingualCell,
  buildSheet,
  figureColumns,
  type SheetColumn,
  yesNoCell,
} from '../../core/sheet-columns.ts';

const STATUSES = {
  queued: { zh: '排队中', en: 'Queued' },
  rendering: { zh: '生成中', en: 'Rendering' },
  ready: { zh: '已生成', en: 'Ready' },
  failed: { zh: '失败', en: 'Failed' },
};

const COLUMNS: SheetColumn<ApartmentReport>[] = [
  { zh: '楼栋', en: 'Building', width: 8, cell: (row) => row.BuildingNumber },
  { zh: '楼层', en: 'Floor', width: 6, cell: (row) => row.Floor },
  { zh: '户', en: 'Household', width: 8, cell: (row) => row.Household },
  ...figureColumns<ApartmentReport>((row) => row.Figures),
  {
    zh: '报告状态',
    en: 'Report status',
    width: 10,
    cell: (row, language) => bilingualCell(STATUSES[row.Status], language),
  },
  {
    zh: '含模型视图',
    en: 'Model view',
    width: 10,
    cell: (row, language) => yesNoCell(language, row.HasModelView),
  },
];

/** A task's household reports (GetApartmentReports) as one sheet in the request language. */
export const buildHouseholdReportsSheet = (rows: readonly ApartmentReport[], language: Language) =>
  buildSheet(rows, COLUMNS, language, { zh: '分户报告', en: 'Household reports' });
