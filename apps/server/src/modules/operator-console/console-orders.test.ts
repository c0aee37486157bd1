/** The operator console's device registry and orders: allocation rules, order states and history, the export. */
import { apiRoutes } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import { buildAdmin, buildCompany, buildDevice } from '../../../test/factories.ts';
import { operatorSuite } from '../../../test/operator-factories.ts';
import { readExport } from '../../../test/read-sheet.ts';

const routes = apiRoutes.operatorConsole;
const suite = operatorSuite();

describe('device registry', () => {
  it('registers a device into a company with its warranty start; the company sees it with that warranty', async () => {
    const admin = await buildAdmin(suite.t);
    const device = await suite.ok(routes.registerDevice, {
      CompanyId: admin.companyId,
      DeviceNumber: 'REG-1',
      DeviceType: 'robot',
      CustomerCompanyName: '客户甲',
      CustomerPhoneNumber: '13800000000',
      DeviceExpire: 3,
      DeviceDateOfProduction: '2025-01-01',
      WarrantyStartsOn: '2026-02-01',
    });
    expect(device).toMatchObject({
      CompanyId: admin.companyId,
      DeviceNumber: 'REG-1',
      WarrantyStartsOn: '2026-02-01',
      CustomerCompanyName: '客户甲',
      IsActive: false,
    });
    const seen = await callRouteOk(
      suite.t.app,
      apiRoutes.devices.getDeviceList,
      { DeviceGuid: device.DeviceId },
      { as: admin.token },
    );
    expect(
      seen.Items[0]?.Warranties.map((warranty) => [warranty.Part, warranty.StartsOn, warranty.ExpiresOn]),
    ).toEqual([['Device', '2026-02-01', '2029-02-01']]);

    const twice = await suite.call(
      routes.registerDevice,
      { CompanyId: admin.companyId, DeviceNumber: 'reg-1' },
      'en-US',
    );
    expect([twice.Code, twice.Message]).toEqual([409, 'The company already has device number reg-1']);
    const bad = await suite.call(routes.registerDevice, {
      CompanyId: admin.companyId,
      DeviceNumber: 'REG-2',
      DeviceExpire: 2,
    } as never);
    expect(bad.Code).toBe(400);
    const list = await suite.ok(routes.getDeviceList, { CompanyId: admin.companyId });
    expect(list.Items.map((item) => item.DeviceNumber)).toEqual(['REG-1']);
  });

  it('moves a device without records to another company, which then holds it; the first loses it', async () => {
    const first = await buildAdmin(suite.t);
    const second = await buildAdmin(suite.t);
    const robot = await buildDevice(suite.t, { companyId: first.companyId });
    const moved = await suite.ok(routes.allocateDevice, { DeviceId: robot.id, CompanyId: second.companyId });
    expect([moved.CompanyId, moved.IsActive]).toEqual([second.companyId, false]);
    const secondList = await callRouteOk(
      suite.t.app,
      apiRoutes.devices.getDeviceList,
      {},
      { as: second.token },
    );
    expect(secondList.Items.map((item) => item.DeviceNumber)).toEqual([robot.number]);
    const firstList = await callRouteOk(
      suite.t.app,
      apiRoutes.devices.getDeviceList,
      {},
      { as: first.token },
    );
    expect(firstList.Items).toEqual([]);
    // Its old key was withdrawn with the move.
    const heartbeat = await suite.t.app.inject({
      method: 'POST',
      url: apiRoutes.deviceApi.heartbeat.path,
      headers: { authorization: `Device ${robot.key}` },
      payload: {},
    });
    expect(heartbeat.statusCode).toBe(401);
  });

  it('sets the warranty start and customer fields; an unknown device is 404', async () => {
    const company = await buildCompany(suite.t);
    const robot = await buildDevice(suite.t, { companyId: company.id, activate: false });
    const updated = await suite.ok(routes.updateDevice, {
      DeviceId: robot.id,
      WarrantyStartsOn: '2026-03-01',
      DeviceExpire: 1,
      CustomerContact: '王工',
    });
    expect([updated.WarrantyStartsOn, updated.DeviceExpire, updated.CustomerContact]).toEqual([
      '2026-03-01',
      1,
      '王工',
    ]);
    const missing = await suite.call(routes.updateDevice, { DeviceId: crypto.randomUUID() });
    expect(missing.Code).toBe(404);
  });
});

describe('orders', () => {
  const lines = [
    { Kind: 'device' as const, Item: 'robot', Quantity: 2, UnitPrice: 12000.5 },
    { Kind: 'software' as const, Item: '建模授权', Quantity: 1, UnitPrice: 3000 },
  ];

  it('creates a draft with its amount, moves it along the allowed states and keeps who and when', async () => {
    const company = await buildCompany(suite.t);
    const order = await suite.ok(routes.addOrder, {
      CompanyId: company.id,
      OrderNumber: `PO-${crypto.randomUUID().slice(0, 6)}`,
      Note: '首批',
      Lines: lines,
    });
    expect(order).toMatchObject({
      State: 'draft',
      Amount: 27001,
      LineCount: 2,
      CompanyId: company.id,
      Note: '首批',
    });
    expect(order.Lines.map((line) => line.Amount)).toEqual([24001, 3000]);

    for (const state of ['confirmed', 'shipped', 'completed'] as const) {
      await suite.ok(routes.setOrderState, { OrderId: order.OrderId, State: state });
    }
    const done = await suite.ok(routes.getOrder, { OrderId: order.OrderId });
    expect(done.History.map((entry) => [entry.FromState, entry.ToState, entry.OperatorName])).toEqual([
      [null, 'draft', '平台运营'],
      ['draft', 'confirmed', '平台运营'],
      ['confirmed', 'shipped', '平台运营'],
      ['shipped', 'completed', '平台运营'],
    ]);

    const refused = await suite.call(
      routes.setOrderState,
      { OrderId: order.OrderId, State: 'cancelled' },
      'en-US',
    );
    expect([refused.Code, refused.Message]).toEqual([
      400,
      'An order cannot go from "Completed" to "Cancelled"',
    ]);
    const after = await suite.ok(routes.getOrder, { OrderId: order.OrderId });
    expect(after.History).toHaveLength(4);
  });

  it('refuses a bad order naming the field and stores nothing', async () => {
    const company = await buildCompany(suite.t);
    for (const bad of [
      { Lines: [] },
      { Lines: [{ Kind: 'device', Item: 'robot', Quantity: 0, UnitPrice: 1 }] },
      { Lines: [{ Kind: 'device', Item: 'robot', Quantity: 1, UnitPrice: 1.005 }] },
      { Lines: [{ Kind: 'hardware', Item: 'robot', Quantity: 1, UnitPrice: 1 }] },
    ]) {
      const answer = await callRoute(
        suite.t.app,
        routes.addOrder,
        { CompanyId: company.id, ...bad } as never,
        {
          as: suite.operator.token,
        },
      );
      expect(answer.Code, JSON.stringify(bad)).toBe(400);
    }
    const missing = await suite.call(routes.addOrder, { CompanyId: crypto.randomUUID(), Lines: lines });
    expect(missing.Code).toBe(404);
    const list = await suite.ok(routes.getOrderList, { CompanyId: company.id });
    expect(list.Total).toBe(0);
  });

  it('lists by company and state, and exports the same rows in the request language', async () => {
    const company = await buildCompany(suite.t, { nameZh: '导出公司', nameEn: 'Export Co' });
    const a = await suite.ok(routes.addOrder, { CompanyId: company.id, Lines: lines });
    const b = await suite.ok(routes.addOrder, { CompanyId: company.id, Lines: [lines[1]!] });
    await suite.ok(routes.setOrderState, { OrderId: b.OrderId, State: 'cancelled' });
    expect(a.OrderNumber).toMatch(/^ORD-\d{8}-[0-9A-F]{6}$/);

    const drafts = await suite.ok(routes.getOrderList, { CompanyId: company.id, State: 'draft' });
    expect(drafts.Items.map((row) => row.OrderNumber)).toEqual([a.OrderNumber]);

    const rows = await readExport(
      suite.t,
      routes.exportOrderList.path,
      suite.operator.token,
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
