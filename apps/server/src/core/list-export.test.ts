import contentDisposition from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  buildCompany,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltProject,
  type BuiltUser,
} from '../../test/factories.ts';
import { readExport } from '../../test/read-sheet.ts';

/** Issue 10: the user, project and house type lists export what their filters show, in order. */
let t: TestApp;
let admin: BuiltUser;
let surveyor: BuiltUser;
let seen: BuiltProject;

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'], name: '导出管理员' });
  surveyor = await buildUser(t, { companyId, roles: ['Surveyor'], name: '导出测量员' });
  seen = await buildProject(t, { companyId, name: '导出乙项目', staff: [surveyor] });
  await buildProject(t, { companyId, name: '导出甲项目' });
  await buildHouseType(t, { projectId: seen.id, name: 'B户型' });
  await buildHouseType(t, { projectId: seen.id, name: 'A户型' });
  // Another company's rows never appear.
  await buildProject(t, { name: '导出别家项目' });
});
afterAll(async () => t.close());

describe('list exports', () => {
  it('exports the users the list filters show, in its order and the request language', async () => {
    const rows = await readExport(
      t,
      '/api/sys/User/ExportUserList',
      admin.token,
      { Content: '导出', OrderBy: 'Name', AscDesc: 'asc' },
      'en-US',
    );
    expect(rows[0]?.slice(0, 3)).toEqual(['Name', 'Email', 'Mobile']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['导出测量员', '导出管理员']);
    expect(rows[2]?.[7]).toBe('Company administrator');
    const filtered = await readExport(t, '/api/sys/User/ExportUserList', admin.token, { Content: '测量员' });
    expect(filtered[0]?.[0]).toBe('姓名');
    expect(filtered.slice(1).map((row) => row[0])).toEqual(['导出测量员']);
  });

  it('refuses the user export to a role without user administration', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sys/User/ExportUserList',
      headers: { authorization: `Bearer ${surveyor.token}` },
      payload: {},
    });
    expect(response.json()).toMatchObject({ Code: 403 });
  });

  it('exports the projects the caller may see, filtered and ordered', async () => {
    const rows = await readExport(t, '/api/ms/Project/ExportProjectList', admin.token, {
      OrderBy: 'Name',
      AscDesc: 'asc',
    });
    expect(rows[0]?.[0]).toBe('项目名称');
    expect(rows.slice(1).map((row) => row[0])).toEqual(['导出乙项目', '导出甲项目']);
    expect(rows[1]?.[7]).toBe(40);
    const mine = await readExport(t, '/api/ms/Project/ExportProjectList', surveyor.token, {});
    expect(mine.slice(1).map((row) => row[0])).toEqual(['导出乙项目']);
  });

  it("exports a project's house types", async () => {
    const rows = await readExport(
      t,
      '/api/ms/Project/ExportHouseMapList',
      admin.token,
      {
        ProjectId: seen.id,
        OrderBy: 'Name',
        AscDesc: 'asc',
      },
      'en-US',
    );
    expect(rows[0]?.[0]).toBe('House type');
    expect(rows.slice(1).map((row) => [row[0], row[1]])).toEqual([
      ['A户型', '导出乙项目'],
      ['B户型', '导出乙项目'],
    ]);
  });

  it('names each download in the request language, the English name beside it for old clients', async () => {
    const downloads = [
      ['/api/sys/User/ExportUserList', {}, '用户列表.xlsx', 'users.xlsx'],
      ['/api/ms/Project/ExportProjectList', {}, '项目列表.xlsx', 'projects.xlsx'],
      ['/api/ms/Project/ExportHouseMapList', { ProjectId: seen.id }, '户型列表.xlsx', 'house-types.xlsx'],
      ['/api/sys/SysDevice/ExportDeviceToExcel', {}, '设备清单.xlsx', 'devices.xlsx'],
    ] as const;
    for (const [url, payload, chinese, english] of downloads) {
      for (const [language, expected] of [
        ['zh-CN', chinese],
        ['en-US', english],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${admin.token}`, 'accept-language': language },
          payload,
        });
        const header = String(response.headers['content-disposition']);
        // filename* (UTF-8) wins where both are sent; the plain filename is the English name.
        expect(contentDisposition.parse(header).parameters, `${url} ${language}`).toEqual({
          filename: expected,
        });
        expect(header, `${url} ${language}`).toMatch(new RegExp(`^attachment; filename="${english}"`));
      }
    }
  });
});
