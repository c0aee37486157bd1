import { ErrorCode, USER_IMPORT_LIMITS, type MessageKey, type MessageParams } from '@measure/contract';
import ExcelJS from 'exceljs';
import { AppError } from '../../core/app-error.ts';
import type { ImportColumn, SheetRow } from '../../db/json-types.ts';
import { checkZipExpansion } from './zip-guard.ts';

/** The columns of the import sheet, in order: key, bilingual header, help text in both languages. */
export const IMPORT_COLUMNS = [
  {
    key: 'Name',
    header: '姓名 Name',
    helpZh: '必填；只能包含中文、字母、数字或下划线，最多 32 个字符',
    helpEn: 'Required; Chinese characters, letters, digits or underscore, at most 32 characters',
  },
  {
    key: 'Email',
    header: '邮箱 Email',
    helpZh: '必填；登录账号，所有公司中唯一',
    helpEn: 'Required; the sign-in name, unique across all companies',
  },
  {
    key: 'Phone',
    header: '手机号 Phone',
    helpZh: '选填；11 位中国大陆手机号，也可用于登录，所有公司中唯一',
    helpEn: 'Optional; 11-digit mainland mobile number, also a sign-in name, unique across all companies',
  },
  {
    key: 'Position',
    header: '职位 Position',
    helpZh: '选填；最多 32 个字符',
    helpEn: 'Optional; at most 32 characters',
  },
  {
    key: 'Department',
    header: '部门 Department',
    helpZh: '选填；最多 32 个字符',
    helpEn: 'Optional; at most 32 characters',
  },
  {
    key: 'Gender',
    header: '性别 Gender',
    helpZh: '选填；男、女、未知（或 1、2、0），默认未知',
    helpEn: 'Optional; male, female, unknown (or 1, 2, 0); unknown by default',
  },
  {
    key: 'OrgCode',
    header: '组织编码 Org code',
    helpZh: '选填；组织管理中显示的组织编码，必须已存在',
    helpEn: 'Optional; the organisation code shown in organisation management; it must exist',
  },
  {
    key: 'Role',
    header: '角色 Role',
    helpZh:
      '选填；公司管理员、测量管理员、项目管理员、测量员（或 CompanyAdmin、MeasureAdmin、ProjectAdmin、Surveyor），默认测量员；多个角色用逗号分隔，第一个角色决定权限',
    helpEn:
      'Optional; Company administrator, Measurement administrator, Project administrator, Surveyor (or CompanyAdmin, MeasureAdmin, ProjectAdmin, Surveyor); Surveyor by default; separate several roles with commas, the first one decides',
  },
] as const satisfies ReadonlyArray<{ key: ImportColumn; header: string; helpZh: string; helpEn: string }>;

export type { ImportColumn, SheetRow };
/** Every stored column key has a column in the sheet (the `satisfies` above checks the other way). */
const _everyColumn: ImportColumn extends (typeof IMPORT_COLUMNS)[number]['key'] ? true : never = true;
void _everyColumn;
export type ImportCells = Record<ImportColumn, string>;

/** The example row of the template; a row exactly like it is skipped when importing. */
export const EXAMPLE_ROW: ImportCells = {
  Name: '张三',
  Email: 'zhangsan@example.com',
  Phone: '13812345678',
  Position: '测量员',
  Department: '测量中心',
  Gender: '男',
  OrgCode: 'HQ',
  Role: '测量员',
};

/** A problem with the uploaded file as a whole: Code 400, reported on the field `File`. */
export const fileError = (key: MessageKey, params?: MessageParams) =>
  new AppError(ErrorCode.BadRequest, key, params, [{ field: 'File', key, params }]);

const SHEET_NAME = '用户 Users';
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The downloadable template: the header and example row, and a sheet explaining each column. */
export async function buildTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Measure Cloud';
  const sheet = workbook.addWorksheet(SHEET_NAME);
  sheet.columns = IMPORT_COLUMNS.map((column) => ({
    header: column.header,
    key: column.key,
    width: 22,
    // Text, so Excel keeps phone numbers and codes as typed.
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(EXAMPLE_ROW);

  const help = workbook.addWorksheet('说明 Help');
  help.columns = [
    { header: '列 Column', key: 'column', width: 20 },
    { header: '说明', key: 'zh', width: 60 },
    { header: 'Description', key: 'en', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  for (const column of IMPORT_COLUMNS)
    help.addRow({ column: column.header, zh: column.helpZh, en: column.helpEn });
  help.addRow({});
  help.addRow({
    column: '注意 Notes',
    zh: `第一行是表头，请勿修改；第二行是示例，导入时与示例完全相同的行会被跳过。一次最多 ${USER_IMPORT_LIMITS.maxRows} 行，文件不超过 5 MB。所有行都正确时才会导入，导入的用户首次登录时必须修改初始密码。`,
    en: `Row 1 is the header; do not change it. Row 2 is an example; a row exactly like it is skipped. At most ${USER_IMPORT_LIMITS.maxRows} rows and 5 MB per file. Users are imported only when every row is valid; they must change the initial password at first sign-in.`,
  });
  for (const row of [help.getRow(help.rowCount)]) row.alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const normaliseHeader = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** A header cell matches when it is the bilingual header, or just its Chinese or English part. */
function headerMatches(text: string, header: string): boolean {
  const cell = normaliseHeader(text);
  const full = normaliseHeader(header);
  const space = header.indexOf(' ');
  const zh = normaliseHeader(header.slice(0, space));
  const en = normaliseHeader(header.slice(space + 1));
  return cell === full || cell === zh || cell === en;
}

const cellText = (cell: ExcelJS.Cell): string => {
  try {
    return (cell.text ?? '').replace(/\u00a0/g, ' ').trim();
  } catch {
    return '';
  }
};

/**
 * Reads the rows of an uploaded workbook, checking it by content: a zip container, a workbook
 * that does not inflate beyond the limit, one exceljs can open, and the template's header row. Blank rows and the template's example are skipped.
 */
export async function readSheet(data: Buffer): Promise<SheetRow[]> {
  if (data.length < ZIP_MAGIC.length || !data.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) {
    throw fileError('import.notXlsx');
  }
  const expansion = checkZipExpansion(data, USER_IMPORT_LIMITS.maxInflatedBytes);
  if (expansion === 'notZip') throw fileError('import.notXlsx');
  if (expansion === 'tooLarge') {
    throw fileError('import.inflatedTooLarge', { maxMb: USER_IMPORT_LIMITS.maxInflatedBytes / 1024 / 1024 });
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    throw fileError('import.notXlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileError('import.notXlsx');
  const header = sheet.getRow(1);
  const headerOk = IMPORT_COLUMNS.every((column, index) =>
    headerMatches(cellText(header.getCell(index + 1)), column.header),
  );
  if (!headerOk) throw fileError('import.badHeader');

  const rows: SheetRow[] = [];
  const last = sheet.actualRowCount === 0 ? 0 : sheet.rowCount;
  for (let number = 2; number <= last; number++) {
    const row = sheet.getRow(number);
    const cells = Object.fromEntries(
      IMPORT_COLUMNS.map((column, index) => [column.key, cellText(row.getCell(index + 1))]),
    ) as ImportCells;
    if (Object.values(cells).every((value) => value === '')) continue;
    if (IMPORT_COLUMNS.every((column) => cells[column.key] === EXAMPLE_ROW[column.key])) continue;
    rows.push({ row: number, cells });
    if (rows.length > USER_IMPORT_LIMITS.maxRows) {
      throw fileError('import.tooManyRows', { max: USER_IMPORT_LIMITS.maxRows });
    }
  }
  if (rows.length === 0) throw fileError('import.empty');
  return rows;
}
