import type { Writable } from 'node:stream';
import type { DataPoolRow, Language } from '@measure/contract';
import ExcelJS from 'exceljs';
import { applyColumns, cellsOf, type SheetColumn } from '../../core/sheet-columns.ts';

const SOURCE: Record<DataPoolRow['Source'], { zh: string; en: string }> = {
  robot: { zh: '机器人', en: 'Robot' },
  scanner: { zh: '扫描仪', en: 'Scanner' },
  ruler: { zh: '靠尺', en: 'Ruler' },
  manual: { zh: '手工录入', en: 'Manual' },
};

const COLUMNS: SheetColumn<DataPoolRow>[] = [
  { zh: '项目', en: 'Project', width: 20, cell: (row) => row.ProjectName },
  { zh: '任务', en: 'Task', width: 24, cell: (row) => row.TaskName },
  { zh: '楼栋', en: 'Building', width: 8, cell: (row) => row.BuildingNumber },
  { zh: '楼层', en: 'Floor', width: 6, cell: (row) => row.Floor },
  { zh: '户', en: 'Household', width: 6, cell: (row) => row.Household },
  { zh: '测区序号', en: 'Site', width: 8, cell: (row) => row.PointIndex },
  { zh: '测区', en: 'Site name', width: 20, cell: (row) => row.SiteName },
  { zh: '测量项编码', en: 'Item code', width: 10, cell: (row) => row.ItemCode },
  { zh: '测量项', en: 'Item', width: 16, cell: (row) => row.ItemName },
  {
    zh: '来源',
    en: 'Source',
    width: 10,
    cell: (row, lang) => (lang === 'zh-CN' ? SOURCE[row.Source].zh : SOURCE[row.Source].en),
  },
  {
    zh: '测量时间',
    en: 'Measured at',
    width: 20,
    cell: (row) => row.MeasuredAt.slice(0, 19).replace('T', ' '),
  },
  { zh: '读数（mm）', en: 'Values (mm)', width: 30, cell: (row) => row.Values.join(', ') },
  { zh: '合格', en: 'Qualified', width: 8, cell: (row) => row.Figures.Qualified },
  { zh: '临界', en: 'Warning', width: 8, cell: (row) => row.Figures.Warning },
  { zh: '超差', en: 'Unqualified', width: 8, cell: (row) => row.Figures.Unqualified },
  { zh: '爆点', en: 'Exploded', width: 8, cell: (row) => row.Figures.Exploded },
  { zh: '未判定', en: 'Unjudged', width: 8, cell: (row) => row.Figures.Unjudged },
  { zh: '合格率（%）', en: 'Pass rate (%)', width: 10, cell: (row) => row.Figures.PassRate },
  // Stamped outside its task's window (started .. finished): kept, but not worked time.
  {
    zh: '超出任务时间窗',
    en: 'Outside task window',
    width: 10,
    cell: (row, lang) => (row.OutsideTaskWindow ? (lang === 'zh-CN' ? '是' : 'Yes') : ''),
  },
];

/**
 * Streams the data pool into `out` as one .xlsx sheet (exceljs' streaming writer: rows are committed
 * as they come, so memory stays flat however many there are). Answers the number of rows written.
 */
export async function writeDataPoolSheet(
  out: Writable,
  chunks: AsyncIterable<readonly DataPoolRow[]>,
  lang: Language,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(lang === 'zh-CN' ? '数据库' : 'Data pool', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  applyColumns(sheet, COLUMNS, lang);
  let rows = 0;
  for await (const chunk of chunks) {
    for (const row of chunk) {
      sheet.addRow(cellsOf(COLUMNS, row, lang)).commit();
      rows += 1;
    }
  }
  sheet.commit();
  await workbook.commit();
  return rows;
}
