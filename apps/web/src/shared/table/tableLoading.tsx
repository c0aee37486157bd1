import { Skeleton } from 'antd';
import type { ReactNode } from 'react';

/** What tableLoading reads of a react-query result. */
export interface QueryState {
  isPending: boolean;
  isFetching: boolean;
  /** 'idle' while a query without data is disabled (nothing chosen yet): that list is empty, not coming. */
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/** The state of a table fed by several queries: coming until each has answered, refreshing while any is. */
export function queriesState(...queries: readonly QueryState[]): QueryState {
  const waiting = queries.filter((query) => query.isPending && query.fetchStatus !== 'idle');
  return {
    isPending: waiting.length > 0,
    isFetching: queries.some((query) => query.isFetching),
    fetchStatus: waiting.length > 0 ? 'fetching' : 'idle',
  };
}

/** Whether the table shows skeleton rows: its first answer is on the way (or waits for the network). */
export const firstPageComing = (query: QueryState) => query.isPending && query.fetchStatus !== 'idle';

/**
 * Table props for a list's query: until its first answer the table shows skeleton rows where
 * antd would say "No data" under a spinner (a list that is still coming must not read as empty);
 * later refreshes keep the rows and show the spinner. `emptyText` is the table's own empty message.
 * Every table whose rows come from the server uses it (tableLoading.test.ts checks the sources).
 */
export function tableLoading(query: QueryState, emptyText?: ReactNode) {
  const coming = firstPageComing(query);
  return {
    loading: query.isFetching && !coming,
    locale: {
      emptyText: coming ? (
        <div data-testid="table-skeleton">
          <Skeleton active title={false} paragraph={{ rows: 5 }} />
        </div>
      ) : (
        emptyText
      ),
    },
  };
}
