import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { useState } from 'react';

/** The order a list asks the server for (the spec's `OrderBy` / `AscDesc`); empty is its default. */
export interface ServerOrder<F extends string> {
  OrderBy?: F;
  AscDesc?: 'asc' | 'desc';
}

/**
 * Server-side column sorting for an antd table: `sortOrder(field)` for a sortable column (whose
 * `key` is the field), `onSort` for the table's onChange, `order` for the list and export calls.
 * Sorting goes back to page 1 (`onChanged`).
 */
export function useServerSort<F extends string>(fields: readonly F[], onChanged?: () => void) {
  const [order, setOrder] = useState<ServerOrder<F>>({});
  const sortOrder = (field: F): SortOrder =>
    order.OrderBy === field ? (order.AscDesc === 'asc' ? 'ascend' : 'descend') : null;
  const onSort = <T>(sorter: SorterResult<T> | SorterResult<T>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = fields.find((candidate) => candidate === one?.columnKey);
    const next: ServerOrder<F> =
      one?.order && field ? { OrderBy: field, AscDesc: one.order === 'ascend' ? 'asc' : 'desc' } : {};
    if (next.OrderBy === order.OrderBy && next.AscDesc === order.AscDesc) return;
    setOrder(next);
    onChanged?.();
  };
  /** Column props of a sortable column. */
  const sortable = (field: F) => ({ key: field, sorter: true, sortOrder: sortOrder(field) });
  return { order, sortOrder, sortable, onSort };
}
