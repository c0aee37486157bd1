import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  exportPageOf,
  ORDER_MOVES,
  type Language,
  type OrderDetail,
  type OrderRow,
  type OrderState,
  type PageResult,
} from '@measure/contract';
import { AppError, conflict, fieldError, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import { pageOf, windowOf, type ConsoleBody } from './console-paging.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import type { OperatorContext } from '../auth/auth-context.ts';
import { ConsoleCompaniesRepository } from './console-companies-repository.ts';
import { companyName, companyNotFound } from './console-companies-service.ts';
import { ConsoleOrdersRepository, type OrderRecord } from './console-orders-repository.ts';

type OrderListBody = ConsoleBody<'getOrderList'>;
type OrderExportBody = ConsoleBody<'exportOrderList'>;

const orderNotFound = () => notFound('console.orderNotFound');
const yuan = (cents: number) => Math.round(cents) / 100;
const cents = (amount: number) => Math.round(amount * 100);
const asState = (state: string) => state as OrderState;

/** ORD-YYYYMMDD-XXXXXX: the day and six random hex digits (the unique index settles a clash). */
const newOrderNumber = (now: Date) =>
  `ORD-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(3).toString('hex').toUpperCase()}`;

/** A history row draft -> draft is an edit of the draft (EditOrder); no state move is to itself. */
const historyKind = (from: string | null, to: string) =>
  from === null ? 'created' : from === to ? 'edited' : 'moved';

const toLines = (lines: ConsoleBody<'addOrder'>['Lines']) =>
  lines.map((line) => ({
    kind: line.Kind,
    item: line.Item,
    quantity: line.Quantity,
    unitPriceCents: cents(line.UnitPrice),
  }));

/** Runs a write that sets an order number; a race on the unique index answers like a taken number. */
async function numberGuarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'orders_number_uq')
      throw conflict('OrderNumber', 'console.orderNumberTaken');
    throw error;
  }
}

function toOrderRow(record: OrderRecord, lang: Language): OrderRow {
  return {
    OrderId: record.id,
    OrderNumber: record.orderNumber,
    CompanyId: record.companyId,
    CompanyName: companyName({ nameZh: record.companyNameZh, nameEn: record.companyNameEn }, lang),
    State: asState(record.state),
    Amount: yuan(record.amountCents),
    LineCount: record.lineCount,
    Note: record.note,
    CreateTime: new Date(record.createdAt).toISOString(),
    UpdateTime: new Date(record.updatedAt).toISOString(),
  };
}

/**
 * Orders of devices and software: created as drafts with their lines (the amount is their sum), moved
 * along ORDER_MOVES only, every move kept with who and when. Creating is one transaction.
 */
export class ConsoleOrdersService {
  private readonly repository: ConsoleOrdersRepository;

  constructor(private readonly deps: { db: Database }) {
    this.repository = new ConsoleOrdersRepository(deps.db);
  }

  async list(body: OrderListBody, lang: Language): Promise<PageResult<OrderRow>> {
    if (body.StartDate && body.EndDate && body.EndDate < body.StartDate) {
      throw fieldError('EndDate', 'analysis.dateOrder');
    }
    const found = await this.repository.page({
      content: body.Content,
      companyId: body.CompanyId,
      state: body.State,
      startDate: body.StartDate,
      endDate: body.EndDate,
      ...windowOf(body),
    });
    return pageOf(body, found, (row) => toOrderRow(row, lang));
  }

  /** The export: the list's filters and order, the first LIST_EXPORT_MAX_ROWS rows. */
  async exportRows(body: OrderExportBody, lang: Language): Promise<OrderRow[]> {
    return (await this.list(exportPageOf(body) as OrderListBody, lang)).Items;
  }

  async get(orderId: string, lang: Language): Promise<OrderDetail> {
    const record = await this.repository.byId(orderId);
    if (!record) throw orderNotFound();
    const [lines, history] = await Promise.all([
      this.repository.lines(orderId),
      this.repository.history(orderId),
    ]);
    return {
      ...toOrderRow(record, lang),
      Lines: lines.map((line) => ({
        Kind: line.kind === 'software' ? 'software' : 'device',
        Item: line.item,
        Quantity: line.quantity,
        UnitPrice: yuan(line.unitPriceCents),
        Amount: yuan(line.quantity * line.unitPriceCents),
      })),
      History: history.map((entry) => ({
        Kind: historyKind(entry.fromState, entry.toState),
        FromState: entry.fromState ? asState(entry.fromState) : null,
        ToState: asState(entry.toState),
        OperatorName: entry.operatorName,
        Note: entry.note,
        Time: new Date(entry.createdAt).toISOString(),
      })),
    };
  }

  async create(
    operator: OperatorContext,
    body: ConsoleBody<'addOrder'>,
    lang: Language,
  ): Promise<OrderDetail> {
    const orderNumber = body.OrderNumber ?? newOrderNumber(new Date());
    const orderId = await numberGuarded(() =>
      this.deps.db.transaction(async (tx) => {
        if (!(await new ConsoleCompaniesRepository(tx).lock(body.CompanyId))) throw companyNotFound();
        const orders = new ConsoleOrdersRepository(tx);
        if (await orders.numberTaken(orderNumber)) throw conflict('OrderNumber', 'console.orderNumberTaken');
        return orders.insert({
          companyId: body.CompanyId,
          orderNumber,
          note: body.Note,
          operatorId: operator.operatorId,
          lines: toLines(body.Lines),
        });
      }),
    );
    return this.get(orderId, lang);
  }

  /**
   * Changes a draft (company, number, note, lines) under its row lock; anything past draft is
   * refused (400 console.orderNotDraft). The edit is a history row; all or nothing.
   */
  async edit(
    operator: OperatorContext,
    body: ConsoleBody<'editOrder'>,
    lang: Language,
  ): Promise<OrderDetail> {
    await numberGuarded(() =>
      this.deps.db.transaction(async (tx) => {
        const orders = new ConsoleOrdersRepository(tx);
        const current = await orders.lockState(body.OrderId);
        if (!current) throw orderNotFound();
        if (current.state !== 'draft') {
          const params = { state: { key: `console.orderState.${asState(current.state)}` } } as const;
          throw new AppError(ErrorCode.BadRequest, 'console.orderNotDraft', params, [
            { field: 'OrderId', key: 'console.orderNotDraft', params },
          ]);
        }
        if (
          body.CompanyId !== current.companyId &&
          !(await new ConsoleCompaniesRepository(tx).lock(body.CompanyId))
        ) {
          throw companyNotFound();
        }
        const orderNumber = body.OrderNumber ?? current.orderNumber;
        if (orderNumber !== current.orderNumber && (await orders.numberTaken(orderNumber))) {
          throw conflict('OrderNumber', 'console.orderNumberTaken');
        }
        await orders.replaceDraft(current.companyId, body.OrderId, {
          companyId: body.CompanyId,
          orderNumber,
          note: body.Note,
          operatorId: operator.operatorId,
          lines: toLines(body.Lines),
        });
      }),
    );
    return this.get(body.OrderId, lang);
  }

  /** One move along ORDER_MOVES, checked under the order's row lock and kept in its history. */
  async setState(
    operator: OperatorContext,
    body: ConsoleBody<'setOrderState'>,
    lang: Language,
  ): Promise<OrderDetail> {
    await this.deps.db.transaction(async (tx) => {
      const orders = new ConsoleOrdersRepository(tx);
      const current = await orders.lockState(body.OrderId);
      if (!current) throw orderNotFound();
      const from = asState(current.state);
      if (!ORDER_MOVES[from].includes(body.State)) {
        const params = {
          from: { key: `console.orderState.${from}` },
          to: { key: `console.orderState.${body.State}` },
        } as const;
        throw new AppError(ErrorCode.BadRequest, 'console.orderStateInvalid', params, [
          { field: 'State', key: 'console.orderStateInvalid', params },
        ]);
      }
      await orders.move(current.companyId, body.OrderId, {
        from,
        to: body.State,
        operatorId: operator.operatorId,
        note: body.Note,
      });
    });
    return this.get(body.OrderId, lang);
  }
}
