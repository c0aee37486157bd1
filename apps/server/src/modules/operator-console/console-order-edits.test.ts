/** Operator console orders: editing a draft (history, refusals) and the list's date range in the company time zone. */
import { apiRoutes } from '@measure/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderLines, orders } from '../../db/schema.ts';
import { buildCompany } from '../../../test/factories.ts';
import { operatorSuite } from '../../../test/operator-factories.ts';

const routes = apiRoutes.operatorConsole;
const suite = operatorSuite();
const robotLine = { Kind: 'device' as const, Item: 'robot', Quantity: 2, UnitPrice: 12000.5 };
const licence = { Kind: 'software' as const, Item: '建模授权', Quantity: 3, UnitPrice: 1000.25 };

describe('editing a draft order', () => {
  it('changes company, number, note and lines, recomputes the amount and keeps the edit in the history', async () => {
    const [first, second] = [await buildCompany(suite.t), await buildCompany(suite.t)];
    const order = await suite.ok(routes.addOrder, { CompanyId: first.id, Note: '初稿', Lines: [robotLine] });
    const number = `PO-${crypto.randomUUID().slice(0, 8)}`;
    const edited = await suite.ok(routes.editOrder, {
      OrderId: order.OrderId,
      CompanyId: second.id,
      OrderNumber: number,
      Note: '改为软件',
      Lines: [licence, { ...robotLine, Quantity: 1 }],
    });
    expect(edited).toMatchObject({
      OrderId: order.OrderId,
      OrderNumber: number,
      CompanyId: second.id,
      State: 'draft',
      Note: '改为软件',
      Amount: 15001.25,
      LineCount: 2,
    });
    expect(edited.Lines.map((line) => [line.Item, line.Quantity, line.UnitPrice, line.Amount])).toEqual([
      ['建模授权', 3, 1000.25, 3000.75],
      ['robot', 1, 12000.5, 12000.5],
    ]);
    expect(
      edited.History.map((entry) => [entry.Kind, entry.FromState, entry.ToState, entry.OperatorName]),
    ).toEqual([
      ['created', null, 'draft', '平台运营'],
      ['edited', 'draft', 'draft', '平台运营'],
    ]);
    // An empty number keeps the one it has.
    const again = await suite.ok(routes.editOrder, {
      OrderId: order.OrderId,
      CompanyId: second.id,
      Lines: [licence],
    });
    expect([again.OrderNumber, again.Note, again.Amount]).toEqual([number, null, 3000.75]);
    expect((await suite.ok(routes.getOrderList, { CompanyId: first.id })).Total).toBe(0);
  });

  it('refuses an order past draft, a taken number, a missing company or order and bad lines, changing nothing', async () => {
    const company = await buildCompany(suite.t);
    const taken = await suite.ok(routes.addOrder, { CompanyId: company.id, Lines: [robotLine] });
    const order = await suite.ok(routes.addOrder, {
      CompanyId: company.id,
      Note: '原样',
      Lines: [robotLine],
    });
    const edit = { OrderId: order.OrderId, CompanyId: company.id, Lines: [licence] };

    const numberTaken = await suite.call(routes.editOrder, { ...edit, OrderNumber: taken.OrderNumber });
    expect(numberTaken).toMatchObject({ Code: 409, Result: [{ Field: 'OrderNumber' }] });
    expect((await suite.call(routes.editOrder, { ...edit, CompanyId: crypto.randomUUID() })).Code).toBe(404);
    expect((await suite.call(routes.editOrder, { ...edit, OrderId: crypto.randomUUID() })).Code).toBe(404);
    const noLines = await suite.call(routes.editOrder, { ...edit, Lines: [] }, 'en-US');
    expect(noLines).toMatchObject({
      Code: 400,
      Result: [{ Field: 'Lines', Message: 'An order needs at least one line' }],
    });

    await suite.ok(routes.setOrderState, { OrderId: order.OrderId, State: 'confirmed' });
    const confirmed = await suite.call(routes.editOrder, edit, 'en-US');
    expect([confirmed.Code, confirmed.Message]).toEqual([
      400,
      'Only a draft order can be changed; this order is "Confirmed"',
    ]);
    const zh = await suite.call(routes.editOrder, edit);
    expect(zh.Message).toBe('只有草稿订单可以修改，此订单为“已确认”');

    const stored = await suite.ok(routes.getOrder, { OrderId: order.OrderId });
    expect([stored.Note, stored.Amount, stored.Lines.map((line) => line.Item)]).toEqual([
      '原样',
      24001,
      ['robot'],
    ]);
    expect(stored.History.map((entry) => entry.Kind)).toEqual(['created', 'moved']);
    const lineRows = await suite.t.db.select().from(orderLines).where(eq(orderLines.orderId, order.OrderId));
    expect(lineRows).toHaveLength(1);
  });
});

describe('order list by creation date', () => {
  it('takes StartDate..EndDate as days in the company time zone (UTC+8), both included', async () => {
    const company = await buildCompany(suite.t);
    const at = async (iso: string) => {
      const order = await suite.ok(routes.addOrder, { CompanyId: company.id, Lines: [robotLine] });
      await suite.t.db
        .update(orders)
        .set({ createdAt: new Date(iso) })
        .where(eq(orders.id, order.OrderId));
      return order.OrderNumber;
    };
    // 2026-03-01 00:30 in Shanghai is still February 28 in UTC; 23:30 on March 2 is March 2 in both.
    const early = await at('2026-02-28T16:30:00Z');
    const late = await at('2026-03-02T15:30:00Z');
    const before = await at('2026-02-28T15:59:00Z');
    const after = await at('2026-03-02T16:00:00Z');
    const numbers = async (StartDate?: string, EndDate?: string) =>
      (await suite.ok(routes.getOrderList, { CompanyId: company.id, StartDate, EndDate })).Items.map(
        (row) => row.OrderNumber,
      );
    expect(await numbers('2026-03-01', '2026-03-02')).toEqual([late, early]);
    expect(await numbers('2026-03-01')).toEqual([after, late, early]);
    expect(await numbers(undefined, '2026-02-28')).toEqual([before]);
    expect(await numbers('2026-03-03', '2026-03-03')).toEqual([after]);

    const reversed = await suite.call(
      routes.getOrderList,
      { CompanyId: company.id, StartDate: '2026-03-02', EndDate: '2026-03-01' },
      'en-US',
    );
    expect(reversed).toMatchObject({
      Code: 400,
      Result: [{ Field: 'EndDate', Message: 'The end date cannot be before the start date' }],
    });
  });
});
