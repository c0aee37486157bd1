import { type Language, type ProjectRow } from '@measure/contract';
import { buildSheet, type SheetColumn, timeColumn, yesNoCell } from '../../core/sheet-columns.ts';

const COLUMNS: SheetColumn<ProjectRow>[] = [
  { zh: '项目名称', en: 'Project', width: 24, cell: (row) => row.Name },
  {
    zh: '地区',
    en: 'Region',
    width: 20,
    cell: (row) => [row.Province, row.City, row.District].filter(Boolean).join(' '),
  },
  { zh: '地址', en: 'Address', width: 28, cell: (row) => row.Address },
  { zh: '详细地址', en: 'Detailed address', width: 28, cell: (row) => row.DetailedAddress },
  { zh: '项目经理', en: 'Project manager', width: 14, cell: (row) => row.ProjectManager },
  { zh: '区域公司', en: 'Regional company', width: 18, cell: (row) => row.RegionalCompany },
  { zh: '楼栋数', en: 'Buildings', width: 8, cell: (row) => row.BuildingCount },
  {
    zh: '户数',
    en: 'Households',
    width: 8,
    cell: (row) => row.DetailsInfo.reduce((sum, building) => sum + building.Stories * building.Households, 0),
  },
  { zh: '人员数', en: 'Staff', width: 8, cell: (row) => row.UserIds.length },
  { zh: '已发布', en: 'Published', width: 8, cell: (row, language) => yesNoCell(language, row.IsPublished) },
  timeColumn('发布时间', 'Published at', (row) => row.PublishTime),
  timeColumn('创建时间', 'Created', (row) => row.CreateTime),
  timeColumn('更新时间', 'Updated', (row) => row.UpdateTime),
];

/** The project list as one sheet in the request language. */
export const buildProjectListSheet = (rows: readonly ProjectRow[], language: Language) =>
  buildSheet(rows, COLUMNS, language, { zh: '项目', en: 'Projects' });
