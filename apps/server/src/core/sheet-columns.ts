import type { Language } from '@measure/contract';
import ExcelJS, { type Worksheet } from 'exceljs';

/** A column of an exported sheet: its header in both languages, width and the cell of a row. */
export interface SheetColumn<T> {
  zh: string;
  en: string;
  width: number;
  cell: (row: T, language: Language) => string | number | boolean | null | undefined;
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

/**
 * A list as one .xlsx sheet in the request language, header row frozen. For exports capped at a
 * few thousand rows; the data pool streams its rows instead.
 */
export async function buildSheet<T>(
  rows: readonly T[],
  columns: readonly SheetColumn<T>[],
  language: Language,
  sheetName: BilingualName,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(language === 'zh-CN' ? sheetName.zh : sheetName.en, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  applyColumns(sheet, columns, language);
  for (const row of rows) sheet.addRow(cellsOf(columns, row, language));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A timestamp cell: "2026-11-25 09:30:00" from an ISO string. */
export const timeCell = (iso: string | null | undefined) => (iso ? iso.slice(0, 19).replace('T', ' ') : null);

/** A yes/no cell in the request language. */
export const yesNoCell = (language: Language, value: boolean) =>
  language === 'zh-CN' ? (value ? '是' : '否') : value ? 'Yes' : 'No';

/** The request language's half of a bilingual text (null for none). */
export const bilingualCell = (text: BilingualName | undefined, language: Language) =>
  text ? (language === 'zh-CN' ? text.zh : text.en) : null;
