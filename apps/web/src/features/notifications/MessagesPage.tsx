import { MESSAGE_KINDS, type MessageRow } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, DatePicker, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { dateShortcuts, toApiDate } from '../../shared/forms/dateShortcuts.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';
import { MESSAGES_KEY } from './messageKeys.ts';
import { KIND_COLOR, targetOf } from './messageLinks.ts';
import { useMarkMessagesRead } from './useMarkMessagesRead.ts';
import './i18n.ts';

type ReadFilter = 'all' | 'unread' | 'read';
interface Filters {
  read: ReadFilter;
  kind?: MessageRow['Kind'];
  dates?: [Dayjs, Dayjs] | null;
}

/**
 * The message list as a page (spec section 2, "message list"), besides the top bar's drawer: the
 * user's messages and the version notices, filtered by read state, kind and days, paged; mark one
 * or all read. Every change of a filter asks the server again from the first page.
 */
export default function MessagesPage() {
  const { t } = useTranslation('notifications');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const markRead = useMarkMessagesRead();
  const [filters, setFilters] = useState<Filters>({ read: 'all' });
  const [page, setPage] = useState({ current: 1, size: 20 });
  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage((current) => ({ ...current, current: 1 }));
  };
  const body = {
    IsReaded: filters.read === 'all' ? null : filters.read === 'read',
    Kind: filters.kind ?? null,
    StartDate: toApiDate(filters.dates?.[0]) ?? null,
    EndDate: toApiDate(filters.dates?.[1]) ?? null,
    PageSize: page.size,
    CurrentPage: page.current,
  };
  const list = useQuery({
    queryKey: [...MESSAGES_KEY, 'page', body],
    queryFn: ({ signal }) => callApi(routes.notifications.getMessageList, body, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const columns: ColumnsType<MessageRow> = [
    {
      title: t('page.state'),
      key: 'state',
      width: 90,
      render: (_, row) =>
        row.IsReaded ? (
          <Badge status="default" text={t('page.read')} />
        ) : (
          <Badge status="processing" text={t('messages.unread')} />
        ),
    },
    {
      title: t('page.kind'),
      key: 'kind',
      width: 110,
      render: (_, row) => <Tag color={KIND_COLOR[row.Kind]}>{t(`messages.kind.${row.Kind}`)}</Tag>,
    },
    {
      title: t('page.message'),
      key: 'message',
      render: (_, row) => (
        <>
          <Typography.Text strong={!row.IsReaded}>{row.Title}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {row.Content}
          </Typography.Paragraph>
        </>
      ),
    },
    {
      title: t('page.time'),
      dataIndex: 'CreateTime',
      key: 'CreateTime',
      width: 170,
      render: (value: string) => showDateTime(value),
    },
    {
      title: '',
      key: 'actions',
      width: 200,
      render: (_, row) => {
        const target = targetOf(row);
        return (
          <Space size={4} wrap>
            {target && (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  if (!row.IsReaded) void markRead(row.MessageId);
                  void navigate(target.path);
                }}
              >
                {t(`messages.${target.label}`)}
              </Button>
            )}
            {!row.IsReaded && (
              <Button type="link" size="small" onClick={() => void markRead(row.MessageId)}>
                {t('messages.markRead')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card
      title={`${t('messages.title')} (${t('page.unreadCount', { count: list.data?.Unread ?? 0 })})`}
      extra={
        <Button disabled={!list.data?.Unread} onClick={() => void markRead()}>
          {t('messages.markAll')}
        </Button>
      }
    >
      <Space wrap size={12} style={{ marginBottom: 16 }}>
        <Segmented
          value={filters.read}
          onChange={(value) => change({ read: value as ReadFilter })}
          options={[
            { value: 'all', label: t('messages.all') },
            { value: 'unread', label: t('messages.unread') },
            { value: 'read', label: t('page.read') },
          ]}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('page.allKinds')}
          aria-label={t('page.kind')}
          value={filters.kind}
          onChange={(kind?: MessageRow['Kind']) => change({ kind })}
          options={MESSAGE_KINDS.map((kind) => ({ value: kind, label: t(`messages.kind.${kind}`) }))}
        />
        <DatePicker.RangePicker
          presets={dateShortcuts(tc)}
          aria-label={t('page.dates')}
          value={filters.dates ?? null}
          onChange={(dates) => change({ dates: dates as [Dayjs, Dayjs] | null })}
        />
      </Space>
      <Table<MessageRow>
        rowKey="MessageId"
        size="middle"
        columns={columns}
        dataSource={list.data?.Items ?? []}
        {...tableLoading(list)}
        onRow={(row) => ({ 'data-testid': 'message-row', 'data-read': String(row.IsReaded) }) as never}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: list.data?.Total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('page.total', { count: total }),
          onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
        }}
      />
    </Card>
  );
}
