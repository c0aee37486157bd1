import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, createReadyAdmin, createSmallProject, apiRoutes } from '../support/api.ts';
import { BASE_URL } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';

/**
 * Issue 10, "every list": child pages show breadcrumbs (the menu page they open from, the project
 * they lie under, their own title), and each crumb leads back.
 */

const made: { projectId: string; token: string }[] = [];
test.afterEach(async () => {
  for (const { projectId, token } of made.splice(0)) {
    await api(apiRoutes.projects.delete, { ProjectId: projectId }, token).catch(() => undefined);
  }
});

test('leads from project standards back to the project and the project list, and from a new user to the users', async ({
  browsers,
}) => {
  const { page, errors } = await browsers.open();
  const admin = await createReadyAdmin();
  const token = await apiLogin(admin.login, admin.password);
  const name = `E2E面包屑${Date.now().toString(36).slice(-6)}`;
  const project = await createSmallProject(token, name);
  made.push({ projectId: project.ProjectId, token });
  await signInAndLand(page, admin);
  const crumbs = page.locator('.ant-breadcrumb');
  const trail = async () => ((await crumbs.textContent()) ?? '').replace(/\s+/g, '');

  await page.goto(`${BASE_URL}/measurerobot/standardManageUCDetail?projectId=${project.ProjectId}`);
  await expect.poll(trail).toBe(`项目列表/${name}/项目标准`);
  await crumbs.getByRole('link', { name }).click();
  await page.waitForURL(`**/projectDetail?id=${project.ProjectId}**`);
  await expect.poll(trail).toBe('项目列表/项目详情');
  await crumbs.getByRole('link', { name: '项目列表' }).click();
  await page.waitForURL('**/projectList');
  // A menu page has no breadcrumbs.
  await expect(crumbs).toHaveCount(0);

  await page.goto(`${BASE_URL}/measurerobot/mscUserCreate`);
  await expect.poll(trail).toBe('用户管理/新建/编辑用户');
  await crumbs.getByRole('link', { name: '用户管理' }).click();
  await page.waitForURL('**/mscUser');
  expect(errors).toEqual([]);
});
