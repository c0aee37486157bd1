import type { ImportPreview, ImportRow, UserRow } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import {
  createPayload,
  editPayload,
  formValuesOf,
  importFileProblem,
  parseRowField,
  roleLabels,
  summarise,
  withCommitErrors,
  type UserFormValues,
} from './userForm.ts';

const values: UserFormValues = {
  Name: ' 赵测量 ',
  Email: 'zhao@example.com',
  Phone: '',
  Position: '测量员',
  Department: '',
  Gender: 1,
  Status: 1,
  OrgId: 'org-1',
  RoleNameList: ['Surveyor', 'ProjectAdmin'],
  Password: 'Abc@123456',
};

const row = (Row: number, errors: ImportRow['Errors'] = []): ImportRow => ({
  Row,
  Name: `n${Row}`,
  Email: `e${Row}@example.com`,
  Phone: '',
  Position: '',
  Department: '',
  Gender: '',
  OrgCode: '',
  Role: '',
  Errors: errors,
});

describe('user form', () => {
  it('builds the create payload: Email = Code, organisation as OrgId and SysOrg, roles in order', () => {
    expect(createPayload(values)).toEqual({
      Code: 'zhao@example.com',
      Email: 'zhao@example.com',
      Name: '赵测量',
      Phone: '',
      Position: '测量员',
      Department: '',
      Gender: 1,
      Status: 1,
      OrgId: 'org-1',
      SysOrg: ['org-1'],
      RoleNameList: ['Surveyor', 'ProjectAdmin'],
      Password: 'Abc@123456',
    });
    expect(createPayload({ ...values, OrgId: null })).toMatchObject({ OrgId: null, SysOrg: [] });
  });

  it('builds a payload from fields never touched without throwing', () => {
    const untouched = { Gender: 0, Status: 1, RoleNameList: ['Surveyor'] } as const;
    expect(createPayload({ ...untouched, RoleNameList: ['Surveyor'] })).toMatchObject({
      Email: '',
      Code: '',
      Name: '',
    });
  });

  it('builds the edit payload with the id and without a password', () => {
    const payload = editPayload('u-1', values);
    expect(payload).toMatchObject({
      UserId: 'u-1',
      Email: 'zhao@example.com',
      RoleNameList: ['Surveyor', 'ProjectAdmin'],
    });
    expect(payload).not.toHaveProperty('Password');
  });

  it('fills the form from a user row', () => {
    const user = {
      UserId: 'u-1',
      Name: 'a',
      Email: 'a@example.com',
      Code: 'a@example.com',
      PhoneNumber: null,
      AccountNumber: null,
      Position: null,
      Department: 'd',
      Gender: 2,
      Status: 0,
      OrgId: null,
      OrgCode: null,
      OrgName: null,
      RoleNameList: ['MeasureAdmin'],
      ProjectIds: [],
      CreateTime: '2026-01-01T00:00:00Z',
    } satisfies UserRow;
    expect(formValuesOf(user)).toEqual({
      Name: 'a',
      Email: 'a@example.com',
      Phone: '',
      Position: '',
      Department: 'd',
      Gender: 2,
      Status: 0,
      OrgId: null,
      RoleNameList: ['MeasureAdmin'],
    });
  });

  it('labels roles in the chosen language', () => {
    expect(roleLabels(['Surveyor', 'CompanyAdmin'], 'zh-CN')).toEqual(['测量员', '公司管理员']);
    expect(roleLabels(['Surveyor'], 'en-US')).toEqual(['Surveyor']);
  });
});

describe('user import', () => {
  it('accepts only .xlsx files of at most 5 MB before uploading', () => {
    expect(importFileProblem({ name: 'users.XLSX', size: 1000 })).toBeNull();
    expect(importFileProblem({ name: 'users.xls', size: 1000 })).toBe('notXlsx');
    expect(importFileProblem({ name: 'users.csv', size: 10 })).toBe('notXlsx');
    expect(importFileProblem({ name: 'users.xlsx', size: 5 * 1024 * 1024 })).toBeNull();
    expect(importFileProblem({ name: 'users.xlsx', size: 5 * 1024 * 1024 + 1 })).toBe('tooLarge');
  });

  it('counts rows and allows the commit only when every row is valid', () => {
    expect(summarise([row(2), row(3)])).toEqual({ total: 2, valid: 2, invalid: 0, canCommit: true });
    expect(summarise([row(2), row(3, [{ Field: 'Email', Message: 'bad' }])])).toEqual({
      total: 2,
      valid: 1,
      invalid: 1,
      canCommit: false,
    });
    expect(summarise([]).canCommit).toBe(false);
  });

  it('puts the rows of a refused commit back into the preview', () => {
    expect(parseRowField('Rows[12].Phone')).toEqual({ row: 12, field: 'Phone' });
    expect(parseRowField('InitialPassword')).toBeNull();
    const preview: ImportPreview = { ImportId: 'i', Total: 2, Valid: 2, Rows: [row(2), row(3)] };
    const next = withCommitErrors(preview, [
      { Field: 'Rows[3].Email', Message: '该邮箱已被使用' },
      { Field: 'Rows[3].Phone', Message: '该手机号已被使用' },
      { Field: 'InitialPassword', Message: 'x' },
    ]);
    expect(next.Rows[0]?.Errors).toEqual([]);
    expect(next.Rows[1]?.Errors).toEqual([
      { Field: 'Email', Message: '该邮箱已被使用' },
      { Field: 'Phone', Message: '该手机号已被使用' },
    ]);
    expect(next.Valid).toBe(1);
  });
});
