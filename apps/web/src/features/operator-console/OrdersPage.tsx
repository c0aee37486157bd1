import { PlusOutlined } from '@ant-design/icons';
import { apiRoutes, ORDER_STATES, type OrderRow, type OrderState } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Select, Space, Tag, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { bodyField } from '../../shared/forms/bodyRule.ts';
import { dateShortcuts, toApiDate } from '../../shared/forms/dateShortcuts.ts';
import { KeywordSearch } from '../../shared/forms/KeywordSearch.tsx';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { ExportButton } from '../../shared/table/ExportButton.tsx';
import { ConsoleTable } from './ConsoleTable.tsx';
import { CONSOLE_KEY, useCompanyOptions, useRefreshConsole } from './consoleQueries.ts';
import { OrderDetailDrawer, STATE_COLOR } from './OrderDetailDrawer.tsx';
import { OrderFormDialog } from './OrderFormDialog.tsx';
import './i18n.ts';

const keywordSchema = bodyField(apiRoutes.operatorConsole.getOrderList, 'Content');

/** Orders of devices and software for customer companies: list, filters (dates too), export, create, detail. */
export default function OrdersPage() {
  const { t } = useTranslation(['operator-console', 'common', 'messages']);
  const { t: tc } = useTranslation('common');
  const refresh = useRefreshConsole();
  const companies = useCompanyOptions();
  const [content, setContent] = useState('');
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [state, setState] = useState<OrderState | null>(null);
  // Calendar days of the company time zone; the server takes them so (both included).
  const [dates, setDates] = useState<[Dayjs, Dayjs] | null>(null);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  // What the list shows, and what "Export to Excel" writes.
  const listInput = {
    Content: content,
    CompanyId: companyId,
    State: state,
    StartDate: toApiDate(dates?.[0]) ?? null,
    EndDate: toApiDate(dates?.[1]) ?? null,
  };
  const query = useQuery({
    queryKey: [...CONSOLE_KEY, 'orders', { ...listInput, page }],
    queryFn: ({ signal }) =>
      callApi(
        routes.operatorConsole.getOrderList,
        { ...listInput, PageSize: 10, CurrentPage: page },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const filter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  const columns: TableColumnsType<OrderRow> = [
    { title: t('orders.number'), dataIndex: 'OrderNumber', width: 200 },
    { title: t('orders.company'), dataIndex: 'CompanyName', width: 180 },
    {
      title: t('orders.state'),
      dataIndex: 'State',
      width: 100,
      render: (value: OrderState) => <Tag color={STATE_COLOR[value]}>{t(`orders.state.${value}`)}</Tag>,
    },
    { title: t('orders.amount'), dataIndex: 'Amount', width: 130, align: 'right' },
    { title: t('orders.lineCount'), dataIndex: 'LineCount', width: 80 },
    {
      title: t('orders.createdAt'),
      dataIndex: 'CreateTime',
      width: 170,
      render: (value: string) => showDateTime(value),
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_, order) => (
        <Button type="link" onClick={() => setViewing(order.OrderId)}>
          {t('orders.view')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={t('orders.title')}
      extra={
        <Space>
          <ExportButton
            route={routes.operatorConsole.exportOrderList}
            input={listInput}
            fallbackName="orders.xlsx"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('orders.create')}
          </Button>
        </Space>
      }
    >
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <KeywordSearch
          schema={keywordSchema}
          max={64}
          placeholder={t('orders.search')}
          onSearch={(keyword) => filter(() => setContent(keyword))}
        />
        <Form.Item>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 240 }}
            placeholder={t('orders.company')}
            aria-label={t('orders.company')}
            loading={companies.loading}
            options={companies.options}
            value={companyId ?? undefined}
            onChange={(value) => filter(() => setCompanyId(value ?? null))}
          />
        </Form.Item>
        <Form.Item>
          <Select<OrderState>
            allowClear
            style={{ width: 140 }}
            placeholder={t('orders.state')}
            aria-label={t('orders.state')}
            value={state ?? undefined}
            onChange={(value) => filter(() => setState(value ?? null))}
            options={ORDER_STATES.map((value) => ({ value, label: t(`orders.state.${value}`) }))}
          />
        </Form.Item>
        <Form.Item>
          <DatePicker.RangePicker
            presets={dateShortcuts(tc)}
            aria-label={t('orders.dates')}
            data-testid="order-dates"
            value={dates}
            onChange={(picked) => filter(() => setDates(picked as [Dayjs, Dayjs] | null))}
          />
        </Form.Item>
      </Form>
      <ConsoleTable<OrderRow>
        rowKey="OrderId"
        columns={columns}
        query={query}
        page={page}
        onPage={setPage}
        scrollX={960}
      />
      {creating && (
        <OrderFormDialog
          onClose={() => setCreating(false)}
          onCreated={(orderId) => {
            void refresh();
            setViewing(orderId);
          }}
        />
      )}
      {viewing && <OrderDetailDrawer orderId={viewing} onClose={() => setViewing(null)} />}
    </Card>
  );
}
