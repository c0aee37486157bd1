import { type HouseMapRow, type Language } from '@measure/contract';
import { buildSheet, type SheetColumn, timeColumn, yesNoCell } from '../../core/sheet-columns.ts';

const COLUMNS: SheetColumn<HouseMapRow>[] = [
  { zh: '户型名称', en: 'House type', width: 20, cell: (row) => row.Name },
  { zh: '项目', en: 'Project', width: 20, cell: (row) => row.ProjectName },
  { zh: '图纸类型', en: 'Plan type', width: 10, cell: (row) => (row.MapType === 'dxf' ? 'DXF' : 'PNG/JPEG') },
  { zh: '文件名', en: 'File name', width: 24, cell: (row) => row.FileName },
  { zh: '面积（㎡）', en: 'Floor area (m²)', width: 12, cell: (row) => row.FloorArea },
  {
    zh: '标准层',
    en: 'Standard floor',
    width: 10,
    cell: (row, language) => yesNoCell(language, row.StandardFloor),
  },
  { zh: '房间', en: 'Rooms', width: 8, cell: (row) => row.RoomCount },
  { zh: '测站', en: 'Stations', width: 8, cell: (row) => row.StationCount },
  { zh: '测点', en: 'Points', width: 8, cell: (row) => row.PointCount },
  { zh: '已分配户数', en: 'Assigned households', width: 12, cell: (row) => row.AssignedHouseholds },
  timeColumn('创建时间', 'Created', (row) => row.CreateTime),
  timeColumn('更新时间', 'Updated', (row) => row.UpdateTime),
];

/** House types as one sheet in the request language. */
export const buildHouseMapListSheet = (rows: readonly HouseMapRow[], language: Language) =>
  buildSheet(rows, COLUMNS, language, { zh: '户型', en: 'House types' });
