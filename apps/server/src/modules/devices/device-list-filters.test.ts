/**
 * The device list's date filters are checked by the contract before any query (issue 29 item 5):
 * text that is no date once reached PostgreSQL as `::date` and answered HTTP 500.
 */
import { apiRoutes } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import { buildAdmin, type BuiltUser } from '../../../test/factories.ts';

let t: TestApp;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(async () => t.close());

describe('device list date filters', () => {
  it.each([
    ['😀', 'ProductionDateFrom'],
    ["2024-01-01' OR '1'='1", 'ProductionDateTo'],
    ['2024-02-30', 'ProductionDateFrom'],
  ])('refuses %j on its field in both languages', async (value, field) => {
    for (const [lang, message] of [
      ['zh-CN', '日期格式不正确，应为 年-月-日'],
      ['en-US', 'Invalid date, use year-month-day'],
    ] as const) {
      for (const route of [apiRoutes.devices.getDeviceList, apiRoutes.devices.exportDeviceToExcel]) {
        const answer = await callRoute(t.app, route, { [field]: value }, { as: admin, lang });
        expect(answer).toMatchObject({ Code: 400, Result: [{ Field: field, Message: message }] });
      }
    }
  });

  it('takes a date, a date-time (cut to its date) and empty text', async () => {
    for (const value of ['2024-01-01', '2024-01-01T08:00:00Z', '']) {
      const page = await callRouteOk(
        t.app,
        apiRoutes.devices.getDeviceList,
        { ProductionDateFrom: value },
        {
          as: admin,
        },
      );
      expect(page.Total).toBe(0);
    }
  });

  it("takes the schema's own spelling of a repeated key, and checks a lone other spelling", async () => {
    const route = apiRoutes.devices.getDeviceList;
    const both = { ProductionDateFrom: '2024-01-01', productiondatefrom: 20240101 } as never;
    expect(await callRoute(t.app, route, both, { as: admin })).toMatchObject({ Code: 0 });
    const other = { productionDateFrom: 20240101 } as never;
    expect(await callRoute(t.app, route, other, { as: admin })).toMatchObject({
      Code: 400,
      Result: [{ Field: 'ProductionDateFrom' }],
    });
  });
});
