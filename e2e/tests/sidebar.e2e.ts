import { afterEach, expect, it } from 'vitest';
import { createReadyAdmin } from '../support/api.ts';
import { browserPool } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';

/** Issue 10, defect 6: the collapsed sidebar shows an icon for every entry; its border runs full height. */
const browsers = browserPool('sidebar');
afterEach(async (context) => browsers.closeAll(context));

it('shows an icon for every entry when collapsed and draws its border down the whole page', async () => {
  const { page, errors } = await browsers.open();
  const admin = await createReadyAdmin();
  await signInAndLand(page, admin);
  const items = page.getByRole('menu').getByRole('menuitem');
  await items.first().waitFor();
  const count = await items.count();
  expect(count).toBeGreaterThan(8);
  expect(await page.getByRole('menu').locator('.ant-menu-item .anticon').count()).toBe(count);

  const border = await page.locator('.ant-layout-sider').evaluate((sider) => ({
    width: getComputedStyle(sider).borderRightWidth,
    height: sider.getBoundingClientRect().height,
  }));
  expect(border.width).toBe('1px');
  expect(border.height).toBeGreaterThanOrEqual(900);

  await page.locator('.ant-layout-sider-trigger').click();
  await page.locator('.ant-layout-sider-collapsed').waitFor();
  expect(await page.getByRole('menu').locator('.ant-menu-item .anticon').count()).toBe(count);
  expect(errors).toEqual([]);
});

it('keeps the landing tab when the last tab is closed (defect 6)', async () => {
  const { page, errors } = await browsers.open();
  const admin = await createReadyAdmin();
  await signInAndLand(page, admin);
  const tabs = page.locator('.ant-tabs-nav .ant-tabs-tab');
  await expect.poll(() => tabs.count()).toBe(1);
  const actions = () => page.getByText('标签操作').click();
  await actions();
  await page.getByText('关闭当前').click();
  await expect.poll(() => tabs.count()).toBe(1);
  await actions();
  await page.getByText('关闭全部').click();
  // The landing page is the data reports page (issue 16), with its project search.
  await page.getByPlaceholder('按项目名称搜索').waitFor();
  await expect.poll(() => tabs.count()).toBe(1);
  expect(await tabs.first().textContent()).toContain('数据报表');
  expect(errors).toEqual([]);
});

it('closes the oldest tabs rather than cutting one short when more pages are open than fit (defect 6)', async () => {
  const { page, errors } = await browsers.open();
  const admin = await createReadyAdmin();
  await signInAndLand(page, admin);
  const items = page.getByRole('menu').getByRole('menuitem');
  await items.first().waitFor();
  const count = await items.count();
  const tabs = page.locator('.ant-tabs-nav .ant-tabs-tab');
  for (let index = 0; index < count; index += 1) {
    const item = items.nth(index);
    await item.click();
    await expect.poll(() => item.getAttribute('class')).toContain('ant-menu-item-selected');
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
  expect(await items.nth(count - 1).getAttribute('class')).toContain('ant-menu-item-selected');
  expect(await page.locator('.ant-tabs-tab-active').count()).toBe(1);
  expect(errors).toEqual([]);
});
