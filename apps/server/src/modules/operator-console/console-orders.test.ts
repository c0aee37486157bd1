/** The operator console's device registry and orders: allocation rules, order states and history, the export. */
import { apiRoutes } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import { buildAdmin, buildCompany, buildDevice } from '../../../test/factories.ts';
import { buildOperator, type BuiltOperator } from '../../../test/operator-factories.ts';
import { readExport } from '../../../test/read-sheet.ts';

const routes = apiRoutes.operatorConsole;
let t: TestApp;
let operator: BuiltOperator;

beforeAll(async () => {
  t = await createTestApp();
  operator = await buildOperator(t);
});
afterAll(async () => t.close());

describe('device registry', () => {
  it('registers a device into a company with its warranty start; the company sees it with that warranty', async () => {
    const admin = await buildAdmin(t);
    const device = await callRouteOk(
      t.app,
      routes.registerDevice,
      {
        CompanyId: admin.companyId,
        DeviceNumber: 'REG-1',
        DeviceType: 'robot',
        CustomerCompanyName: '客户甲',
        CustomerPhoneNumber: '13800000000',
        DeviceExpire: 3,
        DeviceDateOfProduction: '2025-01-01',
        WarrantyStartsOn: '2026-02-01',
      },
      { as: operator.token },
    );
    expect(device).toMatchObject({
      CompanyId: admin.companyId,
      DeviceNumber: 'REG-1',
      WarrantyStartsOn: '2026-02-01',
      CustomerCompanyName: '客户甲',
      IsActive: false,
    });
    const seen = await callRouteOk(
      t.app,
      apiRoutes.devices.getDeviceList,
      { DeviceGuid: device.DeviceId },
      { as: admin.token },
    );
    expect(
      seen.Items[0]?.Warranties.map((warranty) => [warranty.Part, warranty.StartsOn, warranty.ExpiresOn]),
    ).toEqual([['Device', '2026-02-01', '2029-02-01']]);

    const twice = await callRoute(
      t.app,
      routes.registerDevice,
      { CompanyId: admin.companyId, DeviceNumber: 'reg-1' },
      { as: operator.token, lang: 'en-US' },
    );
    expect([twice.Code, twice.Message]).toEqual([409, 'The company already has device number reg-1']);
    const bad = await callRoute(
      t.app,
      routes.registerDevice,
      { CompanyId: admin.companyId, DeviceNumber: 'REG-2', DeviceExpire: 2 } as never,
      { as: operator.token },
    );
    expect(bad.Code).toBe(400);
    const list = await callRouteOk(
      t.app,
      routes.getDeviceList,
      { CompanyId: admin.companyId },
      { as: operator.token },
    );
    expect(list.Items.map((item) => item.DeviceNumber)).toEqual(['REG-1']);
  });

  it('moves a device without records to another company, which then holds it; the first loses it', async () => {
    const first = await buildAdmin(t);
    const second = await buildAdmin(t);
    const robot = await buildDevice(t, { companyId: first.companyId });
    const moved = await callRouteOk(
      t.app,
      routes.allocateDevice,
      { DeviceId: robot.id, CompanyId: second.companyId },
      { as: operator.token },
    );
    expect([moved.CompanyId, moved.IsActive]).toEqual([second.companyId, false]);
    const secondList = await callRouteOk(t.app, apiRoutes.devices.getDeviceList, {}, { as: second.token });
    expect(secondList.Items.map((item) => item.DeviceNumber)).toEqual([robot.number]);
    const firstList = await callRouteOk(t.app, apiRoutes.devices.getDeviceList, {}, { as: first.token });
    expect(firstList.Items).toEqual([]);
    // Its old key was withdrawn with the move.
    const heartbeat = await t.app.inject({
      method: 'POST',
      url: apiRoutes.deviceApi.heartbeat.path,
      headers: { authorization: `Device ${robot.key}` },
      payload: {},
    });
    expect(heartbeat.statusCode).toBe(401);
  });

  it('sets the warranty start and customer fields; an unknown device is 404', async () => {
    const company = await buildCompany(t);
    const robot = await buildDevice(t, { companyId: company.id, activate: false });
    const updated = await callRouteOk(
      t.app,
      routes.updateDevice,
      { DeviceId: robot.id, WarrantyStartsOn: '2026-03-01', DeviceExpire: 1, CustomerContact: '王工' },
      { as: operator.token },
    );
    expect([updated.WarrantyStartsOn, updated.DeviceExpire, updated.CustomerContact]).toEqual([
      '2026-03-01',
      1,
      '王工',
    ]);
    const missing = await callRoute(
      t.app,
      routes.updateDevice,
      { DeviceId: crypto.randomUUID() },
      { as: operator.token },
    );
    expect(missing.Code).toBe(404);
  });
});

describe('orders', () => {
  const lines = [
    { Kind: 'device' as const, Item: 'robot', Quantity: 2, UnitPrice: 12000.5 },
    { Kind: 'software' as const, Item: '建模授权', Quantity: 1, UnitPrice: 3000 },
  ];

  it('creates a draft with its amount, moves it along the allowed states and keeps who and when', async () => {
    const company = await buildCompany(t);
    const order = await callRouteOk(
      t.app,
      routes.addOrder,
      {
        CompanyId: company.id,
        OrderNumber: `PO-${crypto.randomUUID().slice(0, 6)}`,
        Note: '首批',
        Lines: lines,
      },
      { as: operator.token },
    );
    expect(order).toMatchObject({
      State: 'draft',
      Amount: 27001,
      LineCount: 2,
      CompanyId: company.id,
      Note: '首批',
    });
    expect(order.Lines.map((line) => line.Amount)).toEqual([24001, 3000]);

    for (const state of ['confirmed', 'shipped', 'completed'] as const) {
      await callRouteOk(
        t.app,
        routes.setOrderState,
        { OrderId: order.OrderId, State: state },
        { as: operator.token },
      );
    }
    const done = await callRouteOk(
      t.app,
      routes.getOrder,
      { OrderId: order.OrderId },
      { as: operator.token },
    );
    expect(done.History.map((entry) => [entry.FromState, entry.ToState, entry.OperatorName])).toEqual([
      [null, 'draft', '平台运营'],
      ['draft', 'confirmed', '平台运营'],
      ['confirmed', 'shipped', '平台运营'],
      ['shipped', 'completed', '平台运营'],
    ]);

    const refused = await callRoute(
      t.app,
      routes.setOrderState,
      { OrderId: order.OrderId, State: 'cancelled' },
      { as: operator.token, lang: 'en-US' },
    );
    expect([refused.Code, refused.Message]).toEqual([
      400,
      'An order cannot go from "Completed" to "Cancelled"',
    ]);
    const after = await callRouteOk(
      t.app,
      routes.getOrder,
      { OrderId: order.OrderId },
      { as: operator.token },
    );
    expect(after.History).toHaveLength(4);
  });

  it('refuses a bad order naming the field and stores nothing', async () => {
    const company = await buildCompany(t);
    for (const bad of [
      { Lines: [] },
      { Lines: [{ Kind: 'device', Item: 'robot', Quantity: 0, UnitPrice: 1 }] },
      { Lines: [{ Kind: 'device', Item: 'robot', Quantity: 1, UnitPrice: 1.005 }] },
      { Lines: [{ Kind: 'hardware', Item: 'robot', Quantity: 1, UnitPrice: 1 }] },
    ]) {
      const answer = await callRoute(t.app, routes.addOrder, { CompanyId: company.id, ...bad } as never, {
        as: operator.token,
      });
      expect(answer.Code, JSON.stringify(bad)).toBe(400);
    }
    const missing = await callRoute(
      t.app,
      routes.addOrder,
      { CompanyId: crypto.randomUUID(), Lines: lines },
      { as: operator.token },
    );
    expect(missing.Code).toBe(404);
    const list = await callRouteOk(
      t.app,
      routes.getOrderList,
      { CompanyId: company.id },
      { as: operator.token },
    );
    expect(list.Total).toBe(0);
  });

  it('lists by company and state, and exports the same rows in the request language', async () => {
    const company = await buildCompany(t, { nameZh: '导出公司', nameEn: 'Export Co' });
    const a = await callRouteOk(
      t.app,
      routes.addOrder,
      { CompanyId: company.id, Lines: lines },
      { as: operator.token },
    );
    const b = await callRouteOk(
      t.app,
      routes.addOrder,
      { CompanyId: company.id, Lines: [lines[1]!] },
      { as: operator.token },
    );
    await callRouteOk(
      t.app,
      routes.setOrderState,
      { OrderId: b.OrderId, State: 'cancelled' },
      { as: operator.token },
    );
    expect(a.OrderNumber).toMatch(/^ORD-\d{8}-[0-9A-F]{6}$/);

    const drafts = await callRouteOk(
      t.app,
      routes.getOrderList,
      { CompanyId: company.id, State: 'draft' },
      { as: operator.token },
    );
    expect(drafts.Items.map((row) => row.OrderNumber)).toEqual([a.OrderNumber]);

    const rows = await readExport(
      t,
      routes.exportOrderList.path,
      operator.token,
      { CompanyId: company.id },
      'en-US',
    );
    expect(rows[0]?.slice(0, 5)).toEqual(['Order number', 'Company', 'State', 'Amount (CNY)', 'Lines']);
    expect(rows.slice(1).map((row) => row.slice(0, 5))).toEqual([
      [b.OrderNumber, 'Export Co', 'Cancelled', 3000, 1],
      [a.OrderNumber, 'Export Co', 'Draft', 27001, 2],
    ]);
  });
});
