import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { tableLoading, type QueryState } from '../../shared/table/tableLoading.tsx';

export const CONSOLE_PAGE_SIZE = 10;

/** A console list: server rows of one page, skeleton rows while the first page comes, the total. */
export function ConsoleTable<T extends object>(props: {
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  query: QueryState & { data?: { Items: T[]; Total: number } };
  page: number;
  onPage: (page: number) => void;
  pageSize?: number;
  scrollX: number;
}) {
  const { t } = useTranslation('operator-console');
  const pageSize = props.pageSize ?? CONSOLE_PAGE_SIZE;
  return (
    <Table<T>
      rowKey={props.rowKey}
      columns={props.columns}
      dataSource={props.query.data?.Items ?? []}
      {...tableLoading(props.query)}
      size="middle"
      scroll={{ x: props.scrollX }}
      pagination={{
        current: props.page,
        pageSize,
        total: props.query.data?.Total ?? 0,
        showTotal: (total) => t('total', { total }),
        onChange: props.onPage,
      }}
    />
  );
}
