import { expect, test } from '../support/fixtures.ts';
import { createReadyAdmin } from '../support/api.ts';

import { signInAndLand } from '../support/sign-in.ts';

/** Issue 10, defect 6: the collapsed sidebar shows an icon for every entry; its border runs full height. */

test('shows an icon for every entry when collapsed and draws its border down the whole page', async ({
  browsers,
}) => {
  const { page, errors } = await browsers.open();
  const admin = await createReadyAdmin();
  await signInAndLand(page, admin);
  const items = page.getByRole('menu').getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  expect(count).toBeGreaterThan(8);
  await expect(page.getByRole('menu').locator('.ant-menu-item .anticon')).toHaveCount(count);

  const border = await page.locator('.ant-layout-sider').evaluate((sider) => ({
    width: getComputedStyle(sider).borderRightWidth,
    height: sider.getBoundingClientRect().height,
  }));
  expect(border.width).toBe('1px');
  expect(border.height).toBeGreaterThanOrEqual(900);

  await page.locator('.ant-layout-sider-trigger').click();
  await expect(page.locator('.ant-layout-sider-collapsed')).toBeVisible();
  await expect(page.getByRole('menu').locator('.ant-menu-item .anticon')).toHaveCount(count);
  expect(errors).toEqual([]);
});

test('keeps the landing tab when the last tab is closed (defect 6)', async ({ browsers }) => {
  const { page, errors } = await browsers.open();
  const admin = await createReadyAdmin();
  await signInAndLand(page, admin);
  const tabs = page.locator('.ant-tabs-nav .ant-tabs-tab');
  await expect(tabs).toHaveCount(1);
  const actions = () => page.getByText('标签操作').click();
  await actions();
  await page.getByText('关闭当前').click();
  await expect(tabs).toHaveCount(1);
  await actions();
  await page.getByText('关闭全部').click();
  // The landing page is the data reports page (issue 16), with its project search.
  await expect(page.getByPlaceholder('按项目名称搜索')).toBeVisible();
  await expect(tabs).toHaveCount(1);
  await expect(tabs.first()).toContainText('数据报表');
  expect(errors).toEqual([]);
});

test('closes the oldest tabs rather than cutting one short when more pages are open than fit (defect 6)', async ({
  browsers,
}) => {
  const { page, errors } = await browsers.open();
  const admin = await createReadyAdmin();
  await signInAndLand(page, admin);
  const items = page.getByRole('menu').getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  const tabs = page.locator('.ant-tabs-nav .ant-tabs-tab');
  for (let index = 0; index < count; index += 1) {
    const item = items.nth(index);
    await item.click();
    await expect(item).toContainClass('ant-menu-item-selected');
  }
  // Every page was opened, so the bar would have overflowed: the tabs left all fit whole.
  await expect
    .poll(() =>
      page.locator('.ant-tabs-nav').evaluate((nav) => {
        const wrap = nav.querySelector('.ant-tabs-nav-wrap')?.getBoundingClientRect();
        if (!wrap) return 'no tab bar';
        const cut = [...nav.querySelectorAll('.ant-tabs-nav-list .ant-tabs-tab')].filter((tab) => {
          const box = tab.getBoundingClientRect();
          return box.left < wrap.left - 0.5 || box.right > wrap.right + 0.5;
        });
        return cut.map((tab) => tab.textContent).join(', ');
      }),
    )
    .toBe('');
  expect(await tabs.count()).toBeGreaterThan(3);
  expect(await tabs.count()).toBeLessThan(count);
  // The page opened last is on screen, and its tab is the active one.
  await expect(items.nth(count - 1)).toContainClass('ant-menu-item-selected');
  await expect(page.locator('.ant-tabs-tab-active')).toHaveCount(1);
  expect(errors).toEqual([]);
});
