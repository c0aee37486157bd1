import { Skeleton } from 'antd';
import type { ReactNode } from 'react';

/** What tableLoading reads of a react-query result. */
interface QueryState {
  isPending: boolean;
  isFetching: boolean;
}

/**
 * Table props for a list's query: until its first answer the table shows skeleton rows where
 * antd would say "No data" under a spinner (a list that is still coming must not read as empty);
 * later refreshes keep the rows and show the spinner. `emptyText` is the table's own empty message.
 */
export function tableLoading(query: QueryState, emptyText?: ReactNode) {
  return {
    loading: query.isFetching && !query.isPending,
    locale: {
      emptyText: query.isPending ? (
        <div data-testid="table-skeleton">
          <Skeleton active title={false} paragraph={{ rows: 5 }} />
        </div>
      ) : (
        emptyText
      ),
    },
  };
}
