/** Builds user-import workbooks in memory (tests and the import benchmark; no vitest imports). */
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, type ImportCells } from '../src/modules/user-admin/user-import-sheet.ts';

export async function importWorkbook(
  rows: Array<Partial<ImportCells>>,
  headers: readonly string[] = IMPORT_COLUMNS.map((column) => column.header),
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Users');
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(IMPORT_COLUMNS.map((column) => row[column.key] ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

let phonesUsed = 0;

/** `count` valid rows with unique emails and phones (166xxxxxxxx, never repeated within a process). */
export function importRows(count: number, prefix = 'import'): ImportCells[] {
  const firstPhone = phonesUsed;
  phonesUsed += count;
  return Array.from({ length: count }, (_, index) => ({
    Name: `导入用户${index + 1}`,
    Email: `${prefix}${index + 1}@example.com`,
    Phone: `166${String(firstPhone + index + 1).padStart(8, '0')}`,
    Position: '测量员',
    Department: '测量中心',
    Gender: index % 2 === 0 ? '男' : 'female',
    OrgCode: 'MEASURE',
    Role: index % 10 === 0 ? 'MeasureAdmin' : '测量员',
  }));
}
