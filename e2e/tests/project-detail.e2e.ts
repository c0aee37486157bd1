import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, createReadyAdmin, apiRoutes } from '../support/api.ts';
import { BASE_URL } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';

/** Issue 10, defect 6: the project detail remembers its chosen tab when the user comes back. */

const made: { projectId: string; token: string }[] = [];
test.afterEach(async () => {
  for (const { projectId, token } of made.splice(0)) {
    await api(apiRoutes.projects.delete, { ProjectId: projectId }, token).catch(() => undefined);
  }
});

test('comes back to the tab chosen last, through the page tabs and a reload', async ({ browsers }) => {
  const { page, errors } = await browsers.open();
  const admin = await createReadyAdmin();
  const token = await apiLogin(admin.login, admin.password);
  const project = await api(
    apiRoutes.projects.add,
    {
      Name: `E2E标签${Date.now().toString(36).slice(-6)}`,
      DetailsInfo: [{ BuildingNumber: '1', Stories: 2, Households: 2, DeliveryStandard: 'fine' }],
    },
    token,
  );
  made.push({ projectId: project.ProjectId, token });
  await signInAndLand(page, admin);
  await page.goto(`${BASE_URL}/measurerobot/projectDetail?id=${project.ProjectId}`);
  const detailTab = (name: string) => page.locator('.ant-card').getByRole('tab', { name, exact: true });
  await detailTab('项目日志').click();
  await page.waitForURL(/tab=log/);

  // Elsewhere and back through the page tabs: the log tab again.
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await page.waitForURL('**/measurerobot/aboug');
  // The page tab keeps the query string the page was last shown with (clicked again should antd
  // drop a click while its tab bar re-measures the tab just added).
  const projectPageTab = page.locator('.ant-tabs-tab', { hasText: '项目详情' });
  await expect(async () => {
    if (page.url().includes('/aboug')) await projectPageTab.click();
    await expect(page).toHaveURL(/projectDetail\?.*tab=log/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(detailTab('项目日志')).toHaveAttribute('aria-selected', 'true');

  await page.reload();
  await expect(detailTab('项目日志')).toHaveAttribute('aria-selected', 'true');
  expect(errors).toEqual([]);
});
