import crypto from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, createReadyAdmin, createReadyUser, apiRoutes } from '../support/api.ts';
import { BASE_URL, screenshot, settle } from '../support/browser.ts';
import { planPng } from '../support/plan-files.ts';
import { pickOption, pickSearchedOption } from '../support/select.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { confirmUntilGone, untilStill } from '../support/confirm.ts';

/**
 * Templates (issue 6 items 5 and 6, issue 5 floorPlan), in English: a fresh measurement
 * administrator creates a design value template (refused without items and above 20,000 mm),
 * edits it, applies it to a house type and is refused the default template's deletion; creates an
 * algorithm parameter template (refused with a value outside its range), edits and deletes it;
 * finds the house type on the floorPlan page by project and name; after publishing (API) the
 * template pages are read-only. The project is deleted at the end.
 */

const made: { projectId: string; token: string }[] = [];

test.afterEach(async () => {
  for (const { projectId, token } of made.splice(0)) {
    await api(apiRoutes.projects.delete, { ProjectId: projectId }, token).catch(() => undefined);
  }
});

const stamp = () => `${Date.now().toString(36).slice(-5)}${crypto.randomInt(100, 999)}`;
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
/** Lets a dialog's opening or closing animation finish before a screenshot. */

/** Picks an option of an antd Select with search, typing to filter first. */
/** Picks an option, again until the select holds it (a click can be swallowed while the list re-renders under load). */
const pick = (page: Page, select: Locator, option: string) => pickSearchedOption(page, select, option);

async function uploadHouseType(token: string, projectId: string, name: string) {
  const form = new FormData();
  form.append('ProjectId', projectId);
  form.append('Name', name);
  form.append('FloorArea', '88.5');
  form.append('file', new Blob([new Uint8Array(await planPng())], { type: 'image/png' }), `${name}.png`);
  const response = await fetch(`${BASE_URL}/api/ms/Project/HouseMapUpdate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { Code: number; Result: { HouseMapId: string } };
  expect(body.Code).toBe(0);
  return body.Result.HouseMapId;
}

// Each test walks many pages and dialogs (about 40 s on a quiet machine): 150 s under load.
test.describe('templates', () => {
  test('creates, edits and applies design value templates, edits algorithm templates, lists house types, and locks on publish', async ({
    browsers,
  }) => {
    test.setTimeout(150_000);
    const { page, errors } = await browsers.open('en-US');
    const admin = await createReadyAdmin('MeasureAdmin');
    const token = await apiLogin(admin.login, admin.password);
    const projectName = `E2E-tpl-${stamp()}`;
    const project = await api(
      apiRoutes.projects.add,
      {
        Name: projectName,
        DetailsInfo: [{ BuildingNumber: '1', Stories: 3, Households: 2, DeliveryStandard: 'fine' }],
      },
      token,
    );
    made.push({ projectId: project.ProjectId, token });
    const houseType = `Type${stamp()}`;
    await uploadHouseType(token, project.ProjectId, houseType);

    await signInAndLand(page, admin, 'en-US');

    // --- Design value templates ---
    await page.goto(`${BASE_URL}/measurerobot/designValueTemplate?projectId=${project.ProjectId}`);
    const templatesTable = page.locator('.ant-table').first();
    const defaultRow = templatesTable.locator('.ant-table-row', { hasText: 'Default template' });
    await expect(defaultRow).toBeVisible();
    // The default template cannot be deleted: its button is disabled and says why.
    const defaultDelete = defaultRow.getByRole('button', { name: 'Delete' });
    await expect(defaultDelete).toBeDisabled();
    await defaultRow.getByTestId('default-delete').hover();
    await expect(page.getByRole('tooltip', { name: 'The default template cannot be deleted' })).toBeVisible();

    await page.getByRole('button', { name: 'New template' }).click();
    const create = page.getByRole('dialog', { name: 'New design value template' });
    await create.getByLabel('Template name').fill('High');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create.getByText('A design value template needs at least one measure item')).toBeVisible();
    await create.getByRole('button', { name: 'Add measure item' }).click();
    await pick(page, create.getByLabel('Measure item of row 1'), 'Net height');
    await create.getByLabel('Design value of row 1').fill('20001');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create.getByText('The design value must be between 0 and 20,000')).toBeVisible();
    await settle(page);
    await screenshot(page, 'templates-design-refused-en-US');
    await create.getByLabel('Design value of row 1').fill('20000');
    // The refusal collapses away and moves Save up: a click during that motion was lost (full run).
    await expect(create.getByText('The design value must be between 0 and 20,000')).toBeHidden();
    const save = create.getByRole('button', { name: 'Save' });
    await untilStill(save);
    await save.click();
    await expect(page.getByText('Template created')).toBeVisible();
    const highRow = templatesTable.locator('.ant-table-row', { hasText: 'High' });
    await expect(highRow).toBeVisible();
    await expect(highRow).toContainText('20000');

    // Edit: rename and add the bay/depth design value.
    await highRow.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit design value template: High' });
    await edit.getByLabel('Template name').fill('HighRise');
    await edit.getByRole('button', { name: 'Add measure item' }).click();
    await pick(page, edit.getByLabel('Measure item of row 2'), 'Bay/depth');
    await edit.getByLabel('Design value of row 2').fill('3600');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Template saved')).toBeVisible();
    const renamedRow = templatesTable.locator('.ant-table-row', { hasText: 'HighRise' });
    await expect(renamedRow).toBeVisible();
    await expect(renamedRow).toContainText('Bay/depth 3600');

    // A second template of the same name: the server's 409 lands on the name field.
    await page.getByRole('button', { name: 'New template' }).click();
    await create.getByLabel('Template name').fill('HighRise');
    await create.getByRole('button', { name: 'Add measure item' }).click();
    await pick(page, create.getByLabel('Measure item of row 1'), 'Net height');
    await create.getByLabel('Design value of row 1').fill('2750');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create.getByText('A template with this name already exists in the project')).toBeVisible();
    await create.getByRole('button', { name: 'Cancel' }).click();
    await expect(create).toBeHidden();

    // Apply it to the house type: the house type's row and the template's row say so.
    const houseTypeRow = page.locator('.ant-table-row', {
      hasText: houseType,
      has: page.getByRole('button', { name: 'Change template' }),
    });
    await expect(houseTypeRow.getByText('Default template (default)')).toBeVisible();
    await houseTypeRow.getByRole('button', { name: 'Change template' }).click();
    const apply = page.getByRole('dialog', { name: 'Apply a design value template to house types' });
    await pickOption(page, apply.getByLabel('Template'), 'HighRise');
    await apply.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(`Template "HighRise" applied to 1 house type`)).toBeVisible();
    await expect(houseTypeRow.locator('.ant-tag', { hasText: 'HighRise' })).toBeVisible();
    await expect(renamedRow.locator('.ant-tag', { hasText: houseType })).toBeVisible();
    await expect(houseTypeRow.getByText(/missing|Complete/)).toBeVisible();
    await settle(page);
    await screenshot(page, 'templates-design-applied-en-US');

    // --- Algorithm parameter templates ---
    await page.goto(`${BASE_URL}/measurerobot/algorithmTemplateDetail?projectId=${project.ProjectId}`);
    await expect(page.getByText(/This project can use \d+ templates?:/)).toBeVisible();
    const algorithmName = `Algo${stamp()}`;
    await page.getByRole('button', { name: 'New algorithm template' }).click();
    const algorithm = page.getByRole('dialog', { name: 'New algorithm parameter template' });
    await algorithm.getByLabel('Template name').fill(algorithmName);
    await algorithm.getByLabel('Description').fill('E2E parameters');
    await algorithm.getByLabel('Name of parameter 1').fill('Voxel');
    await algorithm.getByLabel('Minimum of parameter 1').fill('1');
    await algorithm.getByLabel('Maximum of parameter 1').fill('50');
    await algorithm.getByLabel('Value of parameter 1').fill('60');
    await algorithm.getByRole('button', { name: 'Save' }).click();
    await expect(
      algorithm.getByText('The value must be between the minimum and the maximum', { exact: true }),
    ).toBeVisible();
    await algorithm.getByLabel('Minimum of parameter 1').fill('70');
    await expect(
      algorithm.getByText('The minimum cannot be greater than the maximum', { exact: true }),
    ).toBeVisible();
    await settle(page);
    await screenshot(page, 'templates-algorithm-refused-en-US');
    await algorithm.getByLabel('Minimum of parameter 1').fill('1');
    await algorithm.getByLabel('Value of parameter 1').fill('5');
    await algorithm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Algorithm parameter template created')).toBeVisible();
    const algorithmRow = page.locator('.ant-table-row', { hasText: algorithmName });
    await expect(algorithmRow.getByText('This project')).toBeVisible();

    await algorithmRow.getByRole('button', { name: 'Edit' }).click();
    const algorithmEdit = page.getByRole('dialog', {
      name: `Edit algorithm parameter template: ${algorithmName}`,
    });
    await algorithmEdit.getByLabel('Value of parameter 1').fill('12');
    await algorithmEdit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Algorithm parameter template saved')).toBeVisible();
    const saved = await api(
      apiRoutes.algorithm.getAlgorithmParamTemplateList,
      { ProjectId: project.ProjectId, Keyword: algorithmName },
      token,
    );
    expect(saved.Items[0]?.list[0]?.Value).toBe(12);
    await settle(page);
    await screenshot(page, 'templates-algorithm-list-en-US');

    await algorithmRow.getByRole('button', { name: 'Delete' }).click();
    await expect(
      confirmDialog(page).getByText(`Delete the algorithm parameter template "${algorithmName}"?`),
    ).toBeVisible();
    await confirmUntilGone(confirmDialog(page).getByRole('button', { name: 'Delete' }));
    await expect(page.getByText('Algorithm parameter template deleted')).toBeVisible();
    await expect(algorithmRow).not.toBeAttached();

    // --- House type maps (menu page) ---
    await page.getByRole('menuitem', { name: 'House type maps' }).click();
    await page.waitForURL('**/measurerobot/floorPlan');
    await pick(page, page.getByLabel('Project', { exact: true }), projectName);
    const floorRow = page.locator('.ant-table-row', { hasText: houseType });
    await expect(floorRow).toBeVisible();
    await expect(floorRow).toContainText(projectName);
    await expect(page.locator('.ant-table-row')).toHaveCount(1);
    await page.getByPlaceholder('Search by house type name').fill('x'.repeat(21));
    await page.getByPlaceholder('Search by house type name').press('Enter');
    await expect(page.getByText('Query conditions cannot exceed 20 characters')).toBeVisible();
    await page.getByPlaceholder('Search by house type name').fill('no-such-type');
    await page.getByPlaceholder('Search by house type name').press('Enter');
    await expect(floorRow).not.toBeAttached();
    await page.getByPlaceholder('Search by house type name').fill(houseType);
    await page.getByPlaceholder('Search by house type name').press('Enter');
    await expect(floorRow).toBeVisible();
    const download = page.waitForEvent('download');
    await floorRow.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe(`${houseType}.png`);
    await settle(page);
    await screenshot(page, 'templates-floor-plans-en-US');
    await floorRow.getByRole('button', { name: 'Open project' }).click();
    await page.waitForURL(`**/measurerobot/projectDetail?id=${project.ProjectId}`);

    // --- Published: read-only ---
    await api(apiRoutes.projects.publishProject, { ProjectId: project.ProjectId }, token);
    await page.goto(`${BASE_URL}/measurerobot/designValueTemplate?projectId=${project.ProjectId}`);
    await expect(page.getByText('The project is published: its design value templates')).toBeVisible();
    await expect(page.locator('.ant-table-row', { hasText: 'HighRise' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'New template' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Change template' })).toHaveCount(0);
    await settle(page);
    await screenshot(page, 'templates-design-locked-en-US');
    await page.goto(`${BASE_URL}/measurerobot/algorithmTemplateDetail?projectId=${project.ProjectId}`);
    await expect(
      page.getByText('The project is published: its own algorithm parameter templates'),
    ).toBeVisible();

    await api(apiRoutes.projects.delete, { ProjectId: project.ProjectId }, token);
    made.splice(0);
    expect(errors).toEqual([]);
  });

  test('shows the template pages and the house type maps in Chinese', async ({ browsers }) => {
    test.setTimeout(150_000);
    const { page, errors } = await browsers.open('zh-CN');
    const admin = await createReadyAdmin();
    const token = await apiLogin(admin.login, admin.password);
    const project = await api(apiRoutes.projects.add, { Name: `E2E模板${stamp()}`, DetailsInfo: [] }, token);
    made.push({ projectId: project.ProjectId, token });
    const houseType = `户型${stamp()}`;
    await uploadHouseType(token, project.ProjectId, houseType);
    await signInAndLand(page, admin);

    await page.goto(`${BASE_URL}/measurerobot/designValueTemplate?projectId=${project.ProjectId}`);
    await expect(page.locator('.ant-table-row', { hasText: '默认模板' }).first()).toBeVisible();
    await expect(
      page.locator('.ant-table-row', { hasText: houseType }).getByText('默认模板（默认）'),
    ).toBeVisible();
    await page.getByRole('button', { name: '新建模板' }).click();
    const create = page.getByRole('dialog', { name: '新建设计值模板' });
    await create.getByLabel('模板名称').fill('高层');
    await create.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(create.getByText('设计值模板至少需要一个测量项')).toBeVisible();
    await create.getByRole('button', { name: '添加测量项' }).click();
    await pick(page, create.getByLabel('第 1 行测量项'), '室内净高');
    await create.getByLabel('第 1 行设计值').fill('-1');
    await expect(create.getByText('设计值须在 0 到 20000 之间')).toBeVisible();
    await settle(page);
    await screenshot(page, 'templates-design-dialog-zh-CN');
    await create.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();

    await page.goto(`${BASE_URL}/measurerobot/algorithmTemplateDetail?projectId=${project.ProjectId}`);
    await expect(page.locator('.ant-table-row', { hasText: '标准参数' })).toBeVisible();
    await expect(page.getByText(/本项目可用 \d+ 个模板/)).toBeVisible();
    await page.getByRole('button', { name: '新建算法模板' }).click();
    const algorithm = page.getByRole('dialog', { name: '新建算法参数模板' });
    await algorithm.getByLabel('第 1 个参数名').fill('体素');
    await algorithm.getByLabel('第 1 个参数最小值').fill('1');
    await algorithm.getByLabel('第 1 个参数最大值').fill('50');
    await algorithm.getByLabel('第 1 个参数值').fill('0.5');
    await algorithm.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(algorithm.getByText('参数值须在最小值和最大值之间', { exact: true })).toBeVisible();
    await settle(page);
    await screenshot(page, 'templates-algorithm-dialog-zh-CN');
    await algorithm.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();

    await page.getByRole('menuitem', { name: '户型图' }).click();
    await page.waitForURL('**/measurerobot/floorPlan');
    await page.getByPlaceholder('按户型名称搜索').fill(houseType);
    await page.getByPlaceholder('按户型名称搜索').press('Enter');
    await expect(
      page.locator('.ant-table-row', { hasText: houseType }).getByRole('button', { name: '编辑户型图' }),
    ).toBeVisible();
    await settle(page);
    await screenshot(page, 'templates-floor-plans-zh-CN');
    expect(errors).toEqual([]);

    // A surveyor assigned to the project sees both template pages read-only.
    const surveyor = await createReadyUser();
    const surveyorToken = await apiLogin(surveyor.login, surveyor.password);
    const self = await api(apiRoutes.account.getSelf, {}, surveyorToken);
    await api(
      apiRoutes.projects.saveProjectUser,
      { ProjectId: project.ProjectId, UserIds: [self.UserId] },
      token,
    );
    const other = await browsers.open('zh-CN');
    await signInAndLand(other.page, surveyor);
    await other.page.goto(`${BASE_URL}/measurerobot/designValueTemplate?projectId=${project.ProjectId}`);
    await expect(
      other.page.locator('.ant-table-row', { hasText: houseType }).getByText('默认模板（默认）'),
    ).toBeVisible();
    await expect(other.page.getByRole('button', { name: '新建模板' })).toHaveCount(0);
    await expect(other.page.getByRole('button', { name: /编\s*辑/ })).toHaveCount(0);
    await expect(other.page.getByRole('button', { name: '更换模板' })).toHaveCount(0);
    await other.page.goto(`${BASE_URL}/measurerobot/algorithmTemplateDetail?projectId=${project.ProjectId}`);
    await expect(other.page.locator('.ant-table-row', { hasText: '标准参数' })).toBeVisible();
    await expect(other.page.getByRole('button', { name: '新建算法模板' })).toHaveCount(0);
    await expect(other.page.getByRole('button', { name: /编\s*辑/ })).toHaveCount(0);
    await settle(other.page);
    await screenshot(other.page, 'templates-surveyor-zh-CN');
    expect(other.errors).toEqual([]);
  });
});
