import { COMPANY_TIME_ZONE } from '@measure/contract';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { companies, operators, orderHistory, orderLines, orders } from '../../db/schema.ts';

export interface OrderRecord {
  id: string;
  orderNumber: string;
  companyId: string;
  companyNameZh: string;
  companyNameEn: string;
  state: string;
  amountCents: number;
  lineCount: number;
  note: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface OrderLineRecord {
  kind: string;
  item: string;
  quantity: number;
  unitPriceCents: number;
}

export interface OrderHistoryRecord {
  fromState: string | null;
  toState: string;
  operatorName: string | null;
  note: string | null;
  createdAt: Date;
}

export interface OrderFilter {
  content?: string;
  companyId?: string | null;
  state?: string | null;
  /** Creation day range, `YYYY-MM-DD`, both ends included (UTC days). */
  startDate?: string | null;
  endDate?: string | null;
  limit: number;
  offset: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * Orders of devices and software for customer companies (operator console). The operator reaches an
 * order by its id alone on purpose: orders are the platform's records about its customers.
 */
export class ConsoleOrdersRepository {
  constructor(private readonly db: DbExecutor) {}

  private select() {
    return this.db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        companyId: orders.companyId,
        companyNameZh: companies.nameZh,
        companyNameEn: companies.nameEn,
        state: orders.state,
        amountCents: orders.amountCents,
        lineCount: sql<number>`(select count(*)::int from ${orderLines} l where l.order_id = ${orders}.id)`,
        note: orders.note,
        createdAt: orders.createdAt,
        updatedAt: orders.updatedAt,
      })
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId));
  }

  async page(filter: OrderFilter): Promise<{ rows: OrderRecord[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.content) {
      const like = `%${escapeLike(filter.content)}%`;
      const match = or(
        ilike(orders.orderNumber, like),
        ilike(companies.nameZh, like),
        ilike(companies.nameEn, like),
        ilike(companies.code, like),
      );
      if (match) conditions.push(match);
    }
    if (filter.companyId) conditions.push(eq(orders.companyId, filter.companyId));
    if (filter.state) conditions.push(eq(orders.state, filter.state));
    // Calendar days in the company time zone, both included (as every date filter of the app).
    if (filter.startDate) {
      conditions.push(
        sql`${orders.createdAt} >= (${filter.startDate}::date)::timestamp at time zone ${COMPANY_TIME_ZONE}`,
      );
    }
    if (filter.endDate) {
      conditions.push(
        sql`${orders.createdAt} < (${filter.endDate}::date + 1)::timestamp at time zone ${COMPANY_TIME_ZONE}`,
      );
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
        .limit(filter.limit)
        .offset(filter.offset),
      this.db
        .select({ total: count() })
        .from(orders)
        .innerJoin(companies, eq(companies.id, orders.companyId))
        .where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  async byId(orderId: string): Promise<OrderRecord | undefined> {
    // eslint-disable-next-line measure/company-scoped-where -- the operator keeps every company's orders
    const [row] = await this.select().where(eq(orders.id, orderId));
    return row;
  }

  async lines(orderId: string): Promise<OrderLineRecord[]> {
    return this.db
      .select({
        kind: orderLines.kind,
        item: orderLines.item,
        quantity: orderLines.quantity,
        unitPriceCents: orderLines.unitPriceCents,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position));
  }

  async history(orderId: string): Promise<OrderHistoryRecord[]> {
    return this.db
      .select({
        fromState: orderHistory.fromState,
        toState: orderHistory.toState,
        operatorName: operators.name,
        note: orderHistory.note,
        createdAt: orderHistory.createdAt,
      })
      .from(orderHistory)
      .leftJoin(operators, eq(operators.id, orderHistory.operatorId))
      .where(eq(orderHistory.orderId, orderId))
      .orderBy(asc(orderHistory.id));
  }

  async numberTaken(orderNumber: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, orderNumber));
    return row !== undefined;
  }

  /** The order, its lines and its first history row (created as draft), in the caller's transaction. */
  async insert(values: {
    companyId: string;
    orderNumber: string;
    note: string | null;
    operatorId: string;
    lines: OrderLineRecord[];
  }): Promise<string> {
    const amountCents = values.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
    const [order] = await this.db
      .insert(orders)
      .values({
        companyId: values.companyId,
        orderNumber: values.orderNumber,
        state: 'draft',
        amountCents,
        note: values.note,
        createdBy: values.operatorId,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order insert returned nothing');
    await this.db
      .insert(orderLines)
      .values(values.lines.map((line, position) => ({ orderId: order.id, position, ...line })));
    await this.db.insert(orderHistory).values({
      orderId: order.id,
      fromState: null,
      toState: 'draft',
      operatorId: values.operatorId,
      note: values.note,
    });
    return order.id;
  }

  /** The order's state under a row lock (moves and edits are checked against it). */
  async lockState(
    orderId: string,
  ): Promise<{ companyId: string; state: string; orderNumber: string } | undefined> {
    const [row] = await this.db
      .select({ companyId: orders.companyId, state: orders.state, orderNumber: orders.orderNumber })
      .from(orders)
      // eslint-disable-next-line measure/company-scoped-where -- the operator keeps every company's orders
      .where(eq(orders.id, orderId))
      .for('update');
    return row;
  }

  async move(
    companyId: string,
    orderId: string,
    move: { from: string; to: string; operatorId: string; note: string | null },
  ): Promise<void> {
    await this.db
      .update(orders)
      .set({ state: move.to, updatedAt: new Date() })
      .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId)));
    await this.db.insert(orderHistory).values({
      orderId,
      fromState: move.from,
      toState: move.to,
      operatorId: move.operatorId,
      note: move.note,
    });
  }

  /**
   * A draft's new content: company, number, note and lines (replaced whole, the amount follows), and
   * a history row draft -> draft saying it was edited. In the caller's transaction, under lockState.
   */
  async replaceDraft(
    fromCompanyId: string,
    orderId: string,
    values: {
      companyId: string;
      orderNumber: string;
      note: string | null;
      operatorId: string;
      lines: OrderLineRecord[];
    },
  ): Promise<void> {
    const amountCents = values.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
    await this.db
      .update(orders)
      .set({
        companyId: values.companyId,
        orderNumber: values.orderNumber,
        note: values.note,
        amountCents,
        updatedAt: new Date(),
      })
      .where(and(eq(orders.companyId, fromCompanyId), eq(orders.id, orderId)));
    await this.db.delete(orderLines).where(eq(orderLines.orderId, orderId));
    await this.db
      .insert(orderLines)
      .values(values.lines.map((line, position) => ({ orderId, position, ...line })));
    await this.db.insert(orderHistory).values({
      orderId,
      fromState: 'draft',
      toState: 'draft',
      operatorId: values.operatorId,
      note: null,
    });
  }
}
