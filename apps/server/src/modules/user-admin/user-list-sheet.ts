import { type Language, ROLE_LABELS, type UserRow } from '@measure/contract';
import { bilingualCell, buildSheet, type SheetColumn, timeColumn } from '../../core/sheet-columns.ts';

const STATUS = { 1: { zh: '正常', en: 'Normal' }, 0: { zh: '禁用', en: 'Disabled' } } as const;
const GENDER = { 0: { zh: '男', en: 'Male' }, 1: { zh: '女', en: 'Female' } } as const;
const COLUMNS: SheetColumn<UserRow>[] = [
  { zh: '姓名', en: 'Name', width: 16, cell: (row) => row.Name },
  { zh: '邮箱', en: 'Email', width: 28, cell: (row) => row.Email },
  { zh: '手机号', en: 'Mobile', width: 14, cell: (row) => row.PhoneNumber },
  { zh: '工号', en: 'Staff number', width: 12, cell: (row) => row.AccountNumber },
  {
    zh: '性别',
    en: 'Gender',
    width: 8,
    cell: (row, language) => bilingualCell(GENDER[row.Gender as keyof typeof GENDER], language),
  },
  { zh: '组织', en: 'Organisation', width: 18, cell: (row) => row.OrgName },
  { zh: '职位', en: 'Position', width: 14, cell: (row) => row.Position },
  {
    zh: '角色',
    en: 'Roles',
    width: 24,
    cell: (row, language) => row.RoleNameList.map((role) => ROLE_LABELS[role][language]).join(', '),
  },
  {
    zh: '状态',
    en: 'Status',
    width: 8,
    cell: (row, language) => bilingualCell(STATUS[row.Status as keyof typeof STATUS], language),
  },
  timeColumn('创建时间', 'Created', (row) => row.CreateTime),
];

/** The user list as one sheet in the request language. */
export const buildUserListSheet = (rows: readonly UserRow[], language: Language) =>
  buildSheet(rows, COLUMNS, language, { zh: '用户', en: 'Users' });
