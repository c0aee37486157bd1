import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PageResult, ProjectRow } from '@measure/contract';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const page = async (account: { login: string; password: string }, body: object = {}) => {
  const token = await login(t.app, account.login, account.password);
  return call<PageResult<ProjectRow>>(t.app, 'POST', '/api/ms/Project/GetPage', { token, body });
};
const names = (result: PageResult<ProjectRow>) => result.Items.map((item) => item.Name).sort();

it('shows company and measurement administrators every project of their company', async () => {
  for (const account of [DEMO.admin, DEMO.measure]) {
    const response = await page(account);
    expect(response.body.Code).toBe(0);
    expect(names(response.body.Result)).toEqual(['云栖科创中心', '滨江花园一期']);
    expect(response.body.Result).toMatchObject({ Total: 2, PageSize: 10, CurrentPage: 1 });
  }
});

it('shows project administrators and surveyors only the projects they are assigned to', async () => {
  for (const account of [DEMO.pm, DEMO.surveyor]) {
    expect(names((await page(account)).body.Result)).toEqual(['滨江花园一期']);
  }
});

it('never shows another company’s projects', async () => {
  expect(names((await page(DEMO.otherAdmin)).body.Result)).toEqual(['东湖公寓']);
  expect(names((await page(DEMO.admin, { ProjectName: '东湖' })).body.Result)).toEqual([]);
});

it('returns buildings as DetailsInfo with the building count', async () => {
  const response = await page(DEMO.admin, { ProjectName: '滨江' });
  const [project] = response.body.Result.Items;
  expect(project).toMatchObject({ Name: '滨江花园一期', BuildingCount: 3, IsPublished: false });
  expect(project?.DetailsInfo[0]).toEqual({
    BuildingNumber: '1#',
    Stories: 18,
    Households: 4,
    DeliveryStandard: 'fine',
  });
});

it('searches by name literally, pages and orders', async () => {
  expect((await page(DEMO.admin, { ProjectName: '%' })).body.Result.Total).toBe(0);
  const first = await page(DEMO.admin, { PageSize: 1, CurrentPage: 1, OrderBy: 'Name', AscDesc: 'asc' });
  const second = await page(DEMO.admin, { PageSize: 1, CurrentPage: 2, OrderBy: 'Name', AscDesc: 'asc' });
  expect(first.body.Result.Total).toBe(2);
  expect(first.body.Result.Items).toHaveLength(1);
  expect(first.body.Result.Items[0]?.Name).not.toBe(second.body.Result.Items[0]?.Name);
  expect((await page(DEMO.admin, { CurrentPage: 9 })).body.Result.Items).toEqual([]);
});

it('refuses bad paging and over-long search text', async () => {
  for (const body of [
    { PageSize: 0 },
    { PageSize: 1000 },
    { CurrentPage: -1 },
    { OrderBy: 'Password' },
    { ProjectName: 'x'.repeat(21) },
  ]) {
    expect((await page(DEMO.admin, body)).body.Code).toBe(400);
  }
});
