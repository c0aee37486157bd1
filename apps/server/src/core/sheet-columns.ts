import type { Language } from '@measure/contract';
import type { Worksheet } from 'exceljs';

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
