import { formatMessage, type Language, type OrderRow } from '@measure/contract';
import { buildSheet, type SheetColumn, timeColumn } from '../../core/sheet-columns.ts';

const COLUMNS: SheetColumn<OrderRow>[] = [
  { zh: '订单号', en: 'Order number', width: 24, cell: (row) => row.OrderNumber },
  { zh: '客户公司', en: 'Company', width: 24, cell: (row) => row.CompanyName },
  {
    zh: '状态',
    en: 'State',
    width: 10,
    cell: (row, language) => formatMessage(language, `console.orderState.${row.State}`),
  },
  { zh: '金额（元）', en: 'Amount (CNY)', width: 14, cell: (row) => row.Amount },
  { zh: '行数', en: 'Lines', width: 8, cell: (row) => row.LineCount },
  { zh: '备注', en: 'Note', width: 30, cell: (row) => row.Note },
  timeColumn('创建时间', 'Created', (row) => row.CreateTime),
  timeColumn('更新时间', 'Updated', (row) => row.UpdateTime),
];

/** The order list as one sheet in the request language. */
export const buildOrderListSheet = (rows: readonly OrderRow[], language: Language) =>
  buildSheet(rows, COLUMNS, language, { zh: '订单', en: 'Orders' });
