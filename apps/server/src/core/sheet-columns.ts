import { COMPANY_TIME_ZONE, wallClock, zoneName, type Figures, type Language } from '@measure/contract';
import ExcelJS, { type Worksheet } from 'exceljs';

/** A column of an exported sheet: its header in both languages, width and the cell of a row. */
export interface SheetColumn<T> {
  zh: string;
  en: string;
  width: number;
  cell: (row: T, language: Language) => string | number | boolean | Date | null | undefined;
  /** Excel's number format of the column's cells per language (date cells). */
  numFmt?: (language: Language) => string;
}

/** Sets a sheet's columns (headers in the request language, bold, kept in view while scrolling). */
export function applyColumns<T>(
  sheet: Worksheet,
  columns: readonly SheetColumn<T>[],
  language: Language,
): void {
  sheet.columns = columns.map((column) => ({
    header: language === 'zh-CN' ? column.zh : column.en,
    width: column.width,
    ...(column.numFmt && { style: { numFmt: column.numFmt(language) } }),
  }));
  sheet.getRow(1).font = { bold: true };
}

/** The cells of one row, in column order. */
export const cellsOf = <T>(columns: readonly SheetColumn<T>[], row: T, language: Language) =>
  columns.map((column) => column.cell(row, language) ?? null);

/** Text in both languages (a sheet's name). */
export interface BilingualName {
  zh: string;
  en: string;
}

/** One sheet of a workbook: its name in both languages, rows and columns. */
export interface SheetSpec<T> {
  name: BilingualName;
  rows: readonly T[];
  columns: readonly SheetColumn<T>[];
}

/**
 * Sheets as one .xlsx workbook in the request language, header rows frozen. For exports capped at a
 * few thousand rows; the data pool streams its rows instead.
 */
export async function buildWorkbook(
  // Each sheet has its own row type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  sheets: readonly SheetSpec<any>[],
  language: Language,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const spec of sheets) {
    const sheet = workbook.addWorksheet(language === 'zh-CN' ? spec.name.zh : spec.name.en, {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    applyColumns(sheet, spec.columns, language);
    for (const row of spec.rows) sheet.addRow(cellsOf(spec.columns, row, language));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A list as one .xlsx sheet in the request language, header row frozen. */
export const buildSheet = <T>(
  rows: readonly T[],
  columns: readonly SheetColumn<T>[],
  language: Language,
  sheetName: BilingualName,
): Promise<Buffer> => buildWorkbook([{ name: sheetName, rows, columns }], language);

/** The columns of a row's Figures (measurement-api.md section 6): pass rate, then every count. */
export const figureColumns = <T>(figures: (row: T) => Figures): SheetColumn<T>[] => [
  { zh: '合格率（%）', en: 'Pass rate (%)', width: 10, cell: (row) => figures(row).PassRate },
  { zh: '合格', en: 'Qualified', width: 8, cell: (row) => figures(row).Qualified },
  { zh: '临界', en: 'Warning', width: 8, cell: (row) => figures(row).Warning },
  { zh: '超差', en: 'Unqualified', width: 8, cell: (row) => figures(row).Unqualified },
  { zh: '爆点', en: 'Severe deviation', width: 8, cell: (row) => figures(row).Exploded },
  { zh: '判定数', en: 'Judged', width: 8, cell: (row) => figures(row).Total },
  { zh: '未判定', en: 'Unjudged', width: 8, cell: (row) => figures(row).Unjudged },
  { zh: '测区', en: 'Sites', width: 8, cell: (row) => figures(row).Sites },
  { zh: '爆点测区', en: 'Sites with severe deviation', width: 8, cell: (row) => figures(row).ExplodedSites },
  { zh: '爆点率（%）', en: 'Severe deviation rate (%)', width: 10, cell: (row) => figures(row).ExplodedRate },
];

/**
 * A timestamp as a real date cell holding the company's wall-clock time (Excel's dates have no zone),
 * shown as the web shows it: "2026-11-25 09:30" / "Nov 25, 2026, 09:30" (`TIME_FORMATS`).
 */
export const timeCell = (iso: string | null | undefined) => wallClock(iso, COMPANY_TIME_ZONE);

/** Excel's formats of a timestamp per language, the web's (contract `formatDate`, style dateTime). */
export const TIME_FORMATS: Record<Language, string> = {
  'zh-CN': 'yyyy-mm-dd hh:mm',
  'en-US': 'mmm d, yyyy, hh:mm',
};

/**
 * A timestamp column: date cells in the company's time, its header naming the zone ("Created (UTC+8)"),
 * since a workbook is read anywhere.
 */
export function timeColumn<T>(
  zh: string,
  en: string,
  at: (row: T) => string | null | undefined,
): SheetColumn<T> {
  const zone = zoneName(COMPANY_TIME_ZONE);
  return {
    zh: `${zh}（${zone}）`,
    en: `${en} (${zone})`,
    width: 20,
    cell: (row) => timeCell(at(row)),
    numFmt: (language) => TIME_FORMATS[language],
  };
}

/** A yes/no cell in the request language. */
export const yesNoCell = (language: Language, value: boolean) =>
  language === 'zh-CN' ? (value ? '是' : '否') : value ? 'Yes' : 'No';

/** The request language's half of a bilingual text (null for none). */
export const bilingualCell = (text: BilingualName | undefined, language: Language) =>
  text ? (language === 'zh-CN' ? text.zh : text.en) : null;
