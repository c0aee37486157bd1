import { PERMISSIONS, type PageResult, type PermissionRow, type RoleRow } from '@measure/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAdmin, buildUser } from '../../../test/factories.ts';

let t: TestApp;
let admin: string;
let measure: string;
/** A factory company with 1 company and 1 measurement administrator, 2 project administrators, 3 surveyors. */
beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await buildAdmin(t);
  const companyId = adminUser.companyId;
  admin = adminUser.token;
  measure = (await buildUser(t, { companyId, roles: ['MeasureAdmin'] })).token;
  for (const role of ['ProjectAdmin', 'ProjectAdmin', 'Surveyor', 'Surveyor', 'Surveyor'] as const) {
    await buildUser(t, { companyId, roles: [role], signIn: false });
  }
});
afterAll(async () => t.close());

const roles = (body: object = {}, lang?: string) =>
  call<PageResult<RoleRow>>(t.app, 'POST', '/api/sys/Role/GetRoleList', { token: admin, body, lang });

it('lists the four assignable roles, then the label-only ones, with labels in the request language', async () => {
  const response = await roles({ pageSize: 20, currentPage: 1 });
  expect(response.body.Code).toBe(0);
  expect(response.body.Result).toMatchObject({ Total: 6, PageSize: 20, CurrentPage: 1 });
  expect(response.body.Result.Items.map((role) => [role.RoleName, role.Assignable, role.UserCount])).toEqual([
    ['CompanyAdmin', true, 1],
    ['MeasureAdmin', true, 1],
    ['ProjectAdmin', true, 2],
    ['Surveyor', true, 3],
    ['ManualSurveyor', false, 0],
    ['FactoryAdmin', false, 0],
  ]);
  expect(response.body.Result.Items[0]).toMatchObject({ Label: '公司管理员' });
  expect(response.body.Result.Items[0]?.Permissions).toContain('user.manage');
  expect(response.body.Result.Items[2]?.Permissions).toEqual([]);
  const english = await roles({}, 'en-US');
  expect(english.body.Result.Items[1]?.Label).toBe('Measurement administrator');
  expect(english.body.Result.PageSize).toBe(20);
  const second = await roles({ PageSize: 4, CurrentPage: 2 });
  expect(second.body.Result.Items.map((role) => role.RoleName)).toEqual(['ManualSurveyor', 'FactoryAdmin']);
});

it('lists the permission catalogue with name, ID mark, description and holders in both languages', async () => {
  const zh = await call<PermissionRow[]>(t.app, 'POST', '/api/rs/Permission/List', { token: admin });
  expect(zh.body.Result.map((row) => row.IdMark)).toEqual(PERMISSIONS);
  expect(zh.body.Result.find((row) => row.IdMark === 'user.import')).toEqual({
    Name: '导入用户',
    IdMark: 'user.import',
    Description: '从 Excel 批量导入用户',
    Roles: ['CompanyAdmin', 'MeasureAdmin'],
  });
  const en = await call<PermissionRow[]>(t.app, 'POST', '/api/rs/permission/list', {
    token: admin,
    lang: 'en-US',
  });
  expect(en.body.Result.find((row) => row.IdMark === 'standard.editOperate')).toMatchObject({
    Name: 'Edit standard operations',
    Roles: ['MeasureAdmin'],
  });
});

it('is for company administrators only', async () => {
  expect((await call(t.app, 'POST', '/api/sys/Role/GetRoleList', { token: measure })).body.Code).toBe(403);
  expect((await call(t.app, 'POST', '/api/rs/Permission/List', { token: measure })).body.Code).toBe(403);
});
