import { expect, test } from '../support/fixtures.ts';
import type { RouteDefinition } from '@measure/contract';
import { api, apiLogin, apiRoutes } from '../support/api.ts';
import { BASE_URL } from '../support/browser.ts';
import { button, stamp } from '../support/names.ts';
import { pickOption } from '../support/select.ts';
import { signInAndLand } from '../support/sign-in.ts';

/**
 * Feature gates follow the operator's switch (issue 34 item 2): a company's administrator has the
 * point cloud page open when the operator switches modelling, external walls and robot tasks off; the
 * page's next call answers the translated "not enabled", every gated call answers Code 403, and after
 * a reload the menu lacks the three pages. Switched on again, they come back. In both languages, each
 * on a company of its own (so no other test sees its gates change).
 */
const OPERATOR = { login: 'e2e.operator@platform.example.com', password: 'Console@12345' };
const ALL_ON = { EnabledRobotTask: true, EnabledModeling: true, EnabledExternalWall: true, EnabledGj: false };
const ALL_OFF = {
  EnabledRobotTask: false,
  EnabledModeling: false,
  EnabledExternalWall: false,
  EnabledGj: false,
};

const TEXT = {
  'zh-CN': {
    gatedMenus: ['点云数据', '外墙任务管理', '任务派发'],
    statusField: '状态',
    failedStatus: '失败',
    readyStatus: '已完成',
    search: '查询',
    notEnabled: '贵公司未开通此功能：建模',
  },
  'en-US': {
    gatedMenus: ['Point cloud data', 'External wall tasks', 'Task dispatch'],
    statusField: 'Status',
    failedStatus: 'Failed',
    readyStatus: 'Ready',
    search: 'Search',
    notEnabled: 'This feature is not enabled for your company: Modelling',
  },
} as const;

/** The Code of a call's envelope (business refusals answer HTTP 200 with a Code). */
async function codeOf(route: RouteDefinition, body: unknown, token: string): Promise<number> {
  const response = await fetch(`${BASE_URL}${route.path}`, {
    method: route.method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { Code: number }).Code;
}

for (const language of ['zh-CN', 'en-US'] as const) {
  test(`gates switched by the operator close and reopen pages and calls (${language})`, async ({
    browsers,
  }) => {
    const text = TEXT[language];
    const operator = await apiLogin(OPERATOR.login, OPERATOR.password);
    const code = `gates-${stamp()}`.toLowerCase();
    const adminEmail = `${code}@customer.example.com`;
    const company = await api(
      apiRoutes.operatorConsole.addCompany,
      {
        Code: code,
        NameZh: `开关公司${code}`,
        NameEn: `Gates ${code}`,
        AdminName: '开关管理',
        AdminEmail: adminEmail,
        AdminPassword: 'First@12345',
      },
      operator,
    );
    const setGates = (gates: typeof ALL_ON) =>
      api(apiRoutes.operatorConsole.setCompanyGates, { CompanyId: company.CompanyId, ...gates }, operator);
    await setGates(ALL_ON);
    const first = await apiLogin(adminEmail, 'First@12345');
    await api(
      apiRoutes.account.changePassword,
      { OldPassword: 'First@12345', NewPassword: 'Ready@12345' },
      first,
    );
    const admin = await apiLogin(adminEmail, 'Ready@12345');

    const { page } = await browsers.open(language);
    await signInAndLand(page, { login: adminEmail, password: 'Ready@12345' }, language);
    for (const name of text.gatedMenus) await expect(page.getByRole('menuitem', { name })).toBeVisible();
    await page.getByRole('menuitem', { name: text.gatedMenus[0] }).click();
    await expect(page).toHaveURL(/mscPointCloudData/);

    // Switched off while the page is open: its next call is refused in the reader's language.
    await setGates(ALL_OFF);
    await pickOption(
      page,
      page.getByRole('combobox', { name: text.statusField, exact: true }),
      text.failedStatus,
    );
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/ms/PointCloud/GetList'));
    await page.getByRole('button', { name: button(text.search) }).click();
    expect((await (await refused).json()).Code).toBe(403);
    await expect(page.getByText(text.notEnabled).first()).toBeVisible();

    // Every gate refuses its calls; ungated calls still answer.
    const page1 = { PageSize: 10, CurrentPage: 1 };
    expect(await codeOf(apiRoutes.scans.getPointClouds, page1, admin)).toBe(403);
    expect(await codeOf(apiRoutes.devices.getDeviceList, page1, admin)).toBe(403);
    expect(
      await codeOf(
        apiRoutes.tasks.addTask,
        {
          ProjectId: '00000000-0000-4000-8000-000000000000',
          Stage: 'structure',
          TaskKind: 'externalWall',
          MeasureKind: 'first',
          InspectionKind: 'self',
          Name: 'gated',
          BuildingNumber: '1#',
          Sides: [{ Side: 'N', WidthM: 10 }],
          FloorFrom: 1,
          FloorTo: 1,
        },
        admin,
      ),
    ).toBe(403);
    expect(await codeOf(apiRoutes.projects.getProjectList, page1, admin)).toBe(0);

    // After a reload the menu no longer offers the gated pages.
    await page.reload();
    await expect(page.getByRole('menuitem').first()).toBeVisible();
    for (const name of text.gatedMenus) await expect(page.getByRole('menuitem', { name })).toHaveCount(0);

    // Switched on again: the pages and their calls are back.
    await setGates(ALL_ON);
    await page.reload();
    for (const name of text.gatedMenus) await expect(page.getByRole('menuitem', { name })).toBeVisible();
    await page.getByRole('menuitem', { name: text.gatedMenus[0] }).click();
    await pickOption(
      page,
      page.getByRole('combobox', { name: text.statusField, exact: true }),
      text.readyStatus,
    );
    const answered = page.waitForResponse((response) =>
      response.url().endsWith('/api/ms/PointCloud/GetList'),
    );
    await page.getByRole('button', { name: button(text.search) }).click();
    expect((await (await answered).json()).Code).toBe(0);
    expect(await codeOf(apiRoutes.devices.getDeviceList, page1, admin)).toBe(0);
  });
}
