import type { Writable } from 'node:stream';
import type { DataPoolRow, Language } from '@measure/contract';
import { siteNameOnly } from '@measure/contract/places';
import ExcelJS from 'exceljs';
import { applyColumns, cellsOf, type SheetColumn, timeColumn, yesNoCell } from '../../core/sheet-columns.ts';
import { type ReadingValue, readingValues } from './reading-values.ts';

const SOURCE: Record<DataPoolRow['Source'], { zh: string; en: string }> = {
  robot: { zh: '机器人', en: 'Robot' },
  scanner: { zh: '扫描仪', en: 'Scanner' },
  ruler: { zh: '靠尺', en: 'Ruler' },
  manual: { zh: '手工录入', en: 'Manual' },
};

const GRADE: Record<NonNullable<ReadingValue<DataPoolRow>['grade']>, { zh: string; en: string }> = {
  qualified: { zh: '合格', en: 'Qualified' },
  warning: { zh: '临界', en: 'Warning' },
  unqualified: { zh: '超差', en: 'Unqualified' },
  exploded: { zh: '爆点', en: 'Severe deviation' },
  unjudged: { zh: '未判定', en: 'Unjudged' },
};

/** The columns of one reading (a site's item); each value of it is one row of the sheet. */
const COLUMNS: SheetColumn<DataPoolRow>[] = [
  { zh: '项目', en: 'Project', width: 20, cell: (row) => row.ProjectName },
  { zh: '任务', en: 'Task', width: 24, cell: (row) => row.TaskName },
  { zh: '楼栋', en: 'Building', width: 8, cell: (row) => row.BuildingNumber },
  { zh: '楼层', en: 'Floor', width: 6, cell: (row) => row.Floor },
  { zh: '户', en: 'Household', width: 6, cell: (row) => row.Household },
  { zh: '房间', en: 'Room', width: 10, cell: (row) => row.RoomId },
  { zh: '测区序号', en: 'Site', width: 8, cell: (row) => row.PointIndex },
  { zh: '测区', en: 'Site name', width: 20, cell: (row) => siteNameOnly(row.SiteName, row) },
  { zh: '测量项编码', en: 'Item code', width: 10, cell: (row) => row.ItemCode },
  { zh: '测量项', en: 'Item', width: 16, cell: (row) => row.ItemName },
  {
    zh: '来源',
    en: 'Source',
    width: 10,
    cell: (row, lang) => (lang === 'zh-CN' ? SOURCE[row.Source].zh : SOURCE[row.Source].en),
  },
  timeColumn('测量时间', 'Measured at', (row) => row.MeasuredAt),
];

/** The value's own columns: its 1-based place among the item's values, the number, grade, validity. */
const VALUE_COLUMNS: SheetColumn<ReadingValue<DataPoolRow>>[] = [
  ...COLUMNS.map((column) => ({
    ...column,
    cell: (row: ReadingValue<DataPoolRow>, lang: Language) => column.cell(row.reading, lang),
  })),
  { zh: '值序号', en: 'Value no.', width: 8, cell: (row) => row.index },
  { zh: '读数（mm）', en: 'Value (mm)', width: 10, cell: (row) => row.value },
  {
    zh: '评定',
    en: 'Grade',
    width: 10,
    cell: (row, lang) => (row.grade ? (lang === 'zh-CN' ? GRADE[row.grade].zh : GRADE[row.grade].en) : null),
  },
  { zh: '有效', en: 'Valid', width: 6, cell: (row, lang) => yesNoCell(lang, row.valid) },
  // The site was stamped outside its task's window (started .. finished): kept, but not worked time.
  {
    zh: '超出任务时间窗',
    en: 'Outside task window',
    width: 10,
    cell: (row, lang) => (row.reading.OutsideTaskWindow ? (lang === 'zh-CN' ? '是' : 'Yes') : ''),
  },
];

/** Data rows of one sheet: Excel's limit (1,048,576 rows) less the header. */
const SHEET_ROWS = 1_048_575;

/**
 * Streams the data pool into `out` as .xlsx, one row per value (exceljs' streaming writer: rows are
 * committed as they come, so memory stays flat however many there are); values beyond one sheet's
 * limit go on to a next sheet. Answers the number of readings written (the unit the export counts
 * and caps).
 */
export async function writeDataPoolSheet(
  out: Writable,
  chunks: AsyncIterable<readonly DataPoolRow[]>,
  lang: Language,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const name = lang === 'zh-CN' ? '数据库' : 'Data pool';
  let sheets = 0;
  const addSheet = () => {
    sheets += 1;
    const sheet = workbook.addWorksheet(sheets === 1 ? name : `${name} ${sheets}`, {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    applyColumns(sheet, VALUE_COLUMNS, lang);
    return sheet;
  };
  let sheet = addSheet();
  let sheetRows = 0;
  let rows = 0;
  for await (const chunk of chunks) {
    for (const row of readingValues(chunk)) {
      if (sheetRows === SHEET_ROWS) {
        sheet.commit();
        sheet = addSheet();
        sheetRows = 0;
      }
      sheet.addRow(cellsOf(VALUE_COLUMNS, row, lang)).commit();
      sheetRows += 1;
    }
    rows += chunk.length;
  }
  sheet.commit();
  await workbook.commit();
  return rows;
}
