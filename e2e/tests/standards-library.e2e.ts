import crypto from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, createReadyAdmin, createReadyUser, apiRoutes } from '../support/api.ts';
import { BASE_URL, screenshot, settle } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { pickOption } from '../support/select.ts';
import { confirmUntilGone } from '../support/confirm.ts';

/**
 * Standard library and measure rules (issue 6, items 1 and 3, web): a fresh measurement
 * administrator edits an item's standard, saves the -100/100 boundary, sees every invalid value
 * refused with its message (range, concrete, left > right, warning, duplicate code, the standards
 * limit), deletes an item after confirming, and edits a measure rule (readings, baseboard and door
 * cover lines). One pass in English; a surveyor sees no menu entry and a read-only library. The
 * tests work on library items they create (unique codes) and delete them afterwards; the seeded
 * items are never changed.
 */

interface ItemRow {
  MeasureItemId: string;
  Code: string;
  NameZh: string;
  NameEn: string;
  Stage: string;
  Mode: string;
  NeedsDesign: boolean;
  Standards: {
    Name: string;
    Left: number;
    Right: number;
    WarnLeft: number;
    WarnRight: number;
    Exploded: number | null;
  }[];
  Rule: {
    MinReadings: number;
    InitialReadings: number;
    MaxReadings: number;
    BaseboardStartHeight: number | null;
    BaseboardEndHeight: number | null;
    DoorCoverStartMargin: number | null;
    DoorCoverEndMargin: number | null;
    RulerPositions: { Name: string; OffsetMm: number; HeightMm: number; AngleDeg: number }[];
  };
}

/** Items made by a test, deleted after it (also when it failed). */
const made: { ids: string[]; token: string }[] = [];

test.afterEach(async () => {
  for (const { ids, token } of made.splice(0)) {
    for (const id of ids)
      await api(apiRoutes.standards.deleteItems, { Ids: [id] }, token).catch(() => undefined);
  }
});

const stamp = () => `${Date.now().toString(36).slice(-5)}${crypto.randomInt(100, 999)}`;
/** antd puts a space between two Chinese characters in buttons. */
const zhButton = (text: string) => new RegExp(`${[...text].join('\\s*')}\\s*$`);
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
/** Lets a dialog's opening or closing animation finish before a screenshot. */
/** A field's error message inside a dialog (help texts may say similar things). */
const fieldError = (scope: Locator, text: string) =>
  scope.locator('.ant-form-item-explain-error', { hasText: text }).first();
async function shows(scope: Locator, text: string) {
  await expect(fieldError(scope, text)).toBeVisible();
}
async function gone(scope: Locator, text: string) {
  await expect(fieldError(scope, text)).not.toBeAttached();
}

/** Library items of the company through the API (the library page's own search). */
async function findItem(code: string, token: string): Promise<ItemRow> {
  const page = await api(apiRoutes.standards.getListCondition, { Keyword: code }, token);
  const item = page.Items.find((row) => row.Code === code);
  if (!item) throw new Error(`no item ${code}`);
  return item;
}

/** Two plaster items of our own: A (edited) and B (its code is the duplicate; deleted in the UI). */
async function makeItems(token: string) {
  const id = stamp();
  const item = (suffix: string) => ({
    Code: `E2E-${id}-${suffix}`,
    NameZh: `测试项${id}${suffix}`,
    NameEn: `Test item ${id} ${suffix}`,
    Stage: 'plaster' as const,
    Mode: 'absolute' as const,
    Standards: [{ Name: '普通', NameEn: 'Ordinary', Left: 0, Right: 4, WarnLeft: 0, WarnRight: 3 }],
  });
  const saved = await api(apiRoutes.standards.update, { Classes: [item('A'), item('B')] }, token);
  made.push({ ids: saved.map((row) => row.MeasureItemId), token });
  const [a, b] = saved;
  if (!a || !b) throw new Error('items not created');
  return { a, b };
}

async function search(page: Page, placeholder: string, keyword: string) {
  await page.getByPlaceholder(placeholder).fill(keyword);
  await page.getByPlaceholder(placeholder).press('Enter');
}

// Long walks through many dialogs on a shared 2-core machine: more than the default 120 s.
test.describe('standard library and measure rules', () => {
  test.describe.configure({ timeout: 150_000 });
  test('edits a standard, refuses each invalid value with its message, deletes an item and edits a measure rule', async ({
    browsers,
  }) => {
    const { page, errors } = await browsers.open();
    const admin = await createReadyAdmin('MeasureAdmin');
    const token = await apiLogin(admin.login, admin.password);
    const { a, b } = await makeItems(token);
    await signInAndLand(page, admin);

    await page.getByRole('menuitem', { name: '标准库管理' }).click();
    await page.waitForURL('**/measurerobot/standardManage');
    await expect(page.getByRole('button', { name: '新建测量项' })).toBeVisible();
    await expect(page.locator('.ant-table-row', { hasText: 'ST-01' }).first()).toBeVisible();
    await search(page, '按编码或名称搜索', 'x'.repeat(33));
    await expect(page.getByText('查询条件不能超过 32 个字符')).toBeVisible();
    await search(page, '按编码或名称搜索', `E2E-${a.Code.split('-')[1]}`);
    const rowA = page.locator('.ant-table-row', { hasText: a.Code });
    const rowB = page.locator('.ant-table-row', { hasText: b.Code });
    await expect(rowA).toBeVisible();
    await expect(rowB).toBeVisible();
    await expect(rowA).toContainText('普通 [0, 4]');

    // Change the right value and save: the table and the API show it.
    await rowA.getByRole('button', { name: zhButton('编辑') }).click();
    const dialog = page.getByRole('dialog', { name: `编辑测量项：${a.Code}` });
    await dialog.getByLabel('第 1 个标准右值').fill('5');
    await settle(page);
    await screenshot(page, 'standards-edit-zh-CN');
    await dialog.getByRole('button', { name: zhButton('保存') }).click();
    await expect(page.getByText('测量项已保存')).toBeVisible();
    await expect(rowA.getByText('普通 [0, 5]')).toBeVisible();
    expect((await findItem(a.Code, token)).Standards[0]).toMatchObject({ Left: 0, Right: 5 });

    // The edges -100 and 100 are accepted.
    await rowA.getByRole('button', { name: zhButton('编辑') }).click();
    await dialog.getByLabel('第 1 个标准左值').fill('-100');
    await dialog.getByLabel('第 1 个标准右值').fill('100');
    await dialog.getByLabel('第 1 个标准预警左值').fill('-100');
    await dialog.getByLabel('第 1 个标准预警右值').fill('100');
    await dialog.getByRole('button', { name: zhButton('保存') }).click();
    await expect(rowA.getByText('普通 [-100, 100]')).toBeVisible();
    expect((await findItem(a.Code, token)).Standards[0]).toMatchObject({ Left: -100, Right: 100 });

    // Each invalid value shows its message on its field.
    await rowA.getByRole('button', { name: zhButton('编辑') }).click();
    const left = dialog.getByLabel('第 1 个标准左值');
    const right = dialog.getByLabel('第 1 个标准右值');
    const warnLeft = dialog.getByLabel('第 1 个标准预警左值');
    const warnRight = dialog.getByLabel('第 1 个标准预警右值');
    await left.fill('-100.1');
    await shows(dialog, '标准值须在 -100 到 100 之间');
    await left.fill('-100');
    await gone(dialog, '标准值须在 -100 到 100 之间');
    await right.fill('101');
    await shows(dialog, '标准值须在 -100 到 100 之间');
    await settle(page);
    await screenshot(page, 'standards-invalid-range-zh-CN');
    await right.fill('4');
    await warnRight.fill('3');
    await gone(dialog, '标准值须在 -100 到 100 之间');
    // A concrete item: no negative values (the switch re-checks the row).
    await left.fill('-1');
    await warnLeft.fill('-1');
    await dialog.getByRole('switch', { name: '混凝土测量项' }).click();
    await shows(dialog, '混凝土测量项的标准值须在 0 到 100 之间');
    await left.fill('0');
    await warnLeft.fill('0');
    await gone(dialog, '混凝土测量项的标准值须在 0 到 100 之间');
    // Left above right.
    await left.fill('5');
    await shows(dialog, '左值不能大于右值');
    await left.fill('0');
    await gone(dialog, '左值不能大于右值');
    // Warning outside the standard range.
    await warnRight.fill('4.5');
    await shows(dialog, '预警值须在标准值范围内，且左值不大于右值');
    await warnRight.fill('3');
    await gone(dialog, '预警值须在标准值范围内，且左值不大于右值');
    // A duplicate code: the server's 409 on the code field.
    await dialog.getByLabel('编码', { exact: true }).fill(b.Code);
    await dialog.getByRole('button', { name: zhButton('保存') }).click();
    await shows(dialog, '测量项重复：编码或同一工序下的名称已存在');
    await settle(page);
    await screenshot(page, 'standards-duplicate-zh-CN');
    // At most 10 standards: the add button stops at the limit.
    const addStandard = dialog.getByRole('button', { name: '添加标准' });
    for (let count = 1; count < 10; count += 1) await addStandard.click();
    await expect(dialog.getByText('10 / 10 个标准')).toBeVisible();
    await expect(addStandard).toBeDisabled();
    await settle(page);
    await screenshot(page, 'standards-limit-zh-CN');
    await dialog.getByRole('button', { name: zhButton('取消') }).click();
    await expect(dialog).toBeHidden();
    expect((await findItem(a.Code, token)).Code).toBe(a.Code);

    // Delete B after the confirmation.
    await rowB.getByRole('button', { name: zhButton('删除') }).click();
    await expect(confirmDialog(page).getByText(b.Code)).toBeVisible();
    await confirmUntilGone(confirmDialog(page).getByRole('button', { name: zhButton('删除') }));
    await expect(page.getByText('测量项已删除')).toBeVisible();
    await expect(rowB).not.toBeAttached();
    await expect(findItem(b.Code, token)).rejects.toThrow();

    // Measure rules of A.
    await page.getByRole('menuitem', { name: '测量规则管理' }).click();
    await page.waitForURL('**/measurerobot/measureRuleManage');
    // Wait for the rules page itself: the library page's stage tabs have the same names.
    await expect(page.getByRole('button', { name: '编辑规则' }).first()).toBeVisible();
    await page.getByRole('tab', { name: '抹灰', exact: true }).click();
    const ruleRow = page.locator('.ant-table-row', { hasText: a.Code });
    await ruleRow.getByRole('button', { name: '编辑规则' }).click();
    const rule = page.getByRole('dialog', { name: `测量规则：${a.Code} ${a.NameZh}` });
    const field = (label: string) => rule.getByLabel(label, { exact: true });
    await field('踢脚线起始高度').fill('100');
    await field('踢脚线结束高度').fill('149');
    await shows(rule, '踢脚线结束高度与起始高度之差不能小于 50 毫米');
    await field('踢脚线结束高度').fill('150');
    await gone(rule, '踢脚线结束高度与起始高度之差不能小于 50 毫米');
    await field('踢脚线起始高度').fill('200');
    await shows(rule, '踢脚线起始高度须小于结束高度');
    await field('踢脚线起始高度').fill('100');
    await gone(rule, '踢脚线起始高度须小于结束高度');
    await field('门套线起始边距').fill('0');
    await field('门套线结束边距').fill('49');
    await shows(rule, '门套线结束边距与起始边距之差不能小于 50 毫米');
    await field('门套线结束边距').fill('50');
    await gone(rule, '门套线结束边距与起始边距之差不能小于 50 毫米');
    await field('门套线起始边距').fill('60');
    await shows(rule, '门套线起始边距须小于结束边距');
    await field('门套线起始边距').fill('0');
    await gone(rule, '门套线起始边距须小于结束边距');
    await field('最少').fill('5');
    await field('最多').fill('3');
    await shows(rule, '最少测量值数量不能大于最多测量值数量');
    await settle(page);
    await screenshot(page, 'standards-rule-invalid-zh-CN');
    await field('最少').fill('2');
    await field('初始').fill('2');
    await field('最多').fill('4');
    await gone(rule, '最少测量值数量不能大于最多测量值数量');
    // A ruler position: its offset stays within the ruler limit of 5000 mm.
    await rule.getByRole('button', { name: '添加靠尺位置' }).click();
    await rule.getByRole('button', { name: zhButton('保存') }).click();
    await shows(rule, '请输入必填项');
    await field('第 1 个靠尺位置名称').fill('中间');
    await field('第 1 个靠尺位置偏移（mm）').fill('5001');
    await shows(rule, '不能大于 5000');
    await field('第 1 个靠尺位置偏移（mm）').fill('300');
    await gone(rule, '不能大于 5000');
    await rule.getByRole('button', { name: zhButton('保存') }).click();
    await expect(page.getByText('测量规则已保存')).toBeVisible();
    await expect(ruleRow.getByText('[100, 150]')).toBeVisible();
    await expect(ruleRow.getByText('[0, 50]')).toBeVisible();
    await expect(ruleRow.getByText('中间')).toBeVisible();
    await settle(page);
    await screenshot(page, 'standards-rules-zh-CN');
    expect((await findItem(a.Code, token)).Rule).toMatchObject({
      MinReadings: 2,
      InitialReadings: 2,
      MaxReadings: 4,
      BaseboardStartHeight: 100,
      BaseboardEndHeight: 150,
      DoorCoverStartMargin: 0,
      DoorCoverEndMargin: 50,
      RulerPositions: [{ Name: '中间', OffsetMm: 300, HeightMm: 50, AngleDeg: 0 }],
    });
    expect(errors).toEqual([]);
  });

  test('shows the library and the measure rules in English', async ({ browsers }) => {
    const { page, errors } = await browsers.open('en-US');
    const admin = await createReadyAdmin('MeasureAdmin');
    const token = await apiLogin(admin.login, admin.password);
    const { a } = await makeItems(token);
    await signInAndLand(page, admin, 'en-US');

    await page.getByRole('menuitem', { name: 'Standard library' }).click();
    await page.waitForURL('**/measurerobot/standardManage');
    await expect(page.getByRole('button', { name: 'New measure item' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Judging mode' })).toBeVisible();
    await search(page, 'Search by code or name', a.Code);
    const row = page.locator('.ant-table-row', { hasText: a.Code });
    await expect(row.getByText(a.NameEn)).toBeVisible();
    await expect(row).toContainText('Ordinary [0, 4]');
    await screenshot(page, 'standards-library-en-US');

    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit measure item: ${a.Code}` });
    await dialog.getByLabel('Standard 1 Right').fill('101');
    await shows(dialog, 'Standard values must be between -100 and 100');
    await dialog.getByLabel('Standard 1 Right').fill('2');
    await shows(dialog, 'The warning values must be inside the standard range, left not above right');
    await settle(page);
    await screenshot(page, 'standards-edit-en-US');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A new deviation item: it always needs a design value.
    const code = `E2E-${stamp()}-N`;
    await page.getByRole('button', { name: 'New measure item' }).click();
    const create = page.getByRole('dialog', { name: 'New measure item' });
    await create.getByLabel('Code', { exact: true }).fill(code);
    await create.getByLabel('Chinese name', { exact: true }).fill(`新测量项${code.slice(4, 12)}`);
    await create.getByLabel('English name', { exact: true }).fill(`New item ${code}`);
    await pickOption(page, create.getByLabel('Stage', { exact: true }), 'Decoration');
    await pickOption(
      page,
      create.getByLabel('Judging mode', { exact: true }),
      'Deviation (measured - design)',
    );
    await expect(create.getByRole('checkbox', { name: 'Needs a design value' })).toBeChecked();
    await expect(create.getByRole('checkbox', { name: 'Needs a design value' })).toBeDisabled();
    await create.getByLabel('Standard 1 Left').fill('-5');
    await create.getByLabel('Standard 1 Right').fill('5');
    await create.getByLabel('Standard 1 Warning left').fill('-4');
    await create.getByLabel('Standard 1 Warning right').fill('4');
    await create.getByLabel('Standard 1 Severe deviation').fill('12');
    await settle(page);
    await screenshot(page, 'standards-create-en-US');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Measure item created')).toBeVisible();
    const created = await findItem(code, token);
    made.push({ ids: [created.MeasureItemId], token });
    expect(created).toMatchObject({ Stage: 'decoration', Mode: 'deviation', NeedsDesign: true });
    expect(created.Standards[0]).toMatchObject({
      Left: -5,
      Right: 5,
      WarnLeft: -4,
      WarnRight: 4,
      Exploded: 12,
    });
    await page.getByRole('tab', { name: /^Decoration/ }).click();
    await search(page, 'Search by code or name', code);
    await expect(
      page.locator('.ant-table-row', { hasText: code }).getByText('severe deviation 12'),
    ).toBeVisible();

    await page.getByRole('menuitem', { name: 'Measure rules' }).click();
    await page.waitForURL('**/measurerobot/measureRuleManage');
    await expect(page.getByRole('button', { name: 'Edit rule' }).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Plaster', exact: true }).click();
    await page
      .locator('.ant-table-row', { hasText: a.Code })
      .getByRole('button', { name: 'Edit rule' })
      .click();
    const rule = page.getByRole('dialog', { name: `Measure rule: ${a.Code} ${a.NameEn}` });
    await rule.getByLabel('Baseboard start height', { exact: true }).fill('100');
    await rule.getByLabel('Baseboard end height', { exact: true }).fill('149');
    await shows(rule, 'The baseboard end height must be at least 50 mm above the start height');
    await rule.getByLabel('Door cover start margin', { exact: true }).fill('60');
    await rule.getByLabel('Door cover end margin', { exact: true }).fill('10');
    await shows(rule, 'The door cover start margin must be smaller than the end margin');
    await settle(page);
    await screenshot(page, 'standards-rule-en-US');
    await rule.getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
  });

  test('shows a surveyor no menu entry and refuses the library pages by address', async ({ browsers }) => {
    const { page, errors } = await browsers.open();
    const surveyor = await createReadyUser();
    await signInAndLand(page, surveyor);
    const menu = (await page.getByRole('menu').getByRole('menuitem').allTextContents()).map((text) =>
      text.trim(),
    );
    expect(menu).not.toContain('标准库管理');
    expect(menu).not.toContain('测量规则管理');

    // Issue 10: a page outside the role's menu is refused, not shown as a read-only dead end.
    await page.goto(`${BASE_URL}/measurerobot/standardManage`);
    await expect(page.getByText('没有权限')).toBeVisible();
    await expect(page.locator('.ant-table-row')).toHaveCount(0);
    await page.goto(`${BASE_URL}/measurerobot/measureRuleManage`);
    await expect(page.getByText('没有权限')).toBeVisible();
    await expect(page.locator('.ant-table-row')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
