import type { PageResult } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { tableLoading } from '../../shared/table/tableLoading.tsx';
import { DemoNotice } from './DemoNotice.tsx';

type Page = { PageSize: number; CurrentPage: number };

/**
 * A demo area list page (projects, a project's tasks): the demo notice and one card with a paged
 * table of what `fetchPage` reads; `title` may name what the first row tells (the project).
 */
export function DemoPagedList<Row extends object>(props: {
  queryKey: readonly unknown[];
  fetchPage: (page: Page, signal: AbortSignal) => Promise<PageResult<Row>>;
  enabled?: boolean;
  title: (rows: readonly Row[]) => string;
  extra?: ReactNode;
  rowKey: keyof Row & string;
  columns: ColumnsType<Row>;
}) {
  const [page, setPage] = useState({ current: 1, size: 10 });
  const list = useQuery({
    queryKey: [...props.queryKey, page],
    queryFn: ({ signal }) => props.fetchPage({ PageSize: page.size, CurrentPage: page.current }, signal),
    enabled: props.enabled ?? true,
    placeholderData: keepPreviousData,
  });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <DemoNotice />
      <Card title={props.title(list.data?.Items ?? [])} extra={props.extra}>
        <Table<Row>
          rowKey={props.rowKey}
          columns={props.columns}
          dataSource={list.data?.Items ?? []}
          {...tableLoading(list)}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: list.data?.Total ?? 0,
            onChange: (current, size) => setPage({ current, size }),
          }}
        />
      </Card>
    </Space>
  );
}
