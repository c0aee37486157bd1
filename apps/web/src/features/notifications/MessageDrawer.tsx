import type { MessageRow } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Drawer, Empty, List, Pagination, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { SUBSYSTEM } from '../../shared/routing/paths.ts';
import { MESSAGES_KEY } from './messageKeys.ts';
import { KIND_COLOR, MESSAGE_LIST_PAGE, targetOf } from './messageLinks.ts';
import { useMarkMessagesRead } from './useMarkMessagesRead.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';

const PAGE_SIZE = 10;

/** The message list: the user's messages and the version notices, newest first; mark one or all read. */
export default function MessageDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...MESSAGES_KEY, 'list', unreadOnly, page],
    queryFn: ({ signal }) =>
      callApi(
        routes.notifications.getMessageList,
        { UnreadOnly: unreadOnly, PageSize: PAGE_SIZE, CurrentPage: page },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const markRead = useMarkMessagesRead();

  const open = (message: MessageRow, path: string) => {
    if (!message.IsReaded) void markRead(message.MessageId);
    onClose();
    void navigate(path);
  };

  return (
    <Drawer
      open
      size={460}
      title={t('messages.title')}
      onClose={onClose}
      extra={
        <Space size={8}>
          <Button
            size="small"
            onClick={() => {
              onClose();
              void navigate(`/${SUBSYSTEM.cloud}/${MESSAGE_LIST_PAGE}`);
            }}
          >
            {t('messages.viewAll')}
          </Button>
          <Button size="small" disabled={!list.data?.Unread} onClick={() => void markRead()}>
            {t('messages.markAll')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Segmented
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(value) => {
            setUnreadOnly(value === 'unread');
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('messages.all') },
            { value: 'unread', label: `${t('messages.unread')} ${list.data?.Unread ?? 0}` },
          ]}
        />
        <List
          loading={list.isFetching && !list.data}
          dataSource={list.data?.Items ?? []}
          locale={{ emptyText: <Empty description={t('messages.empty')} /> }}
          renderItem={(message) => {
            const target = targetOf(message);
            return (
              <List.Item
                data-testid="message-item"
                data-read={message.IsReaded}
                actions={[
                  ...(target
                    ? [
                        <Button
                          key="open"
                          type="link"
                          size="small"
                          onClick={() => open(message, target.path)}
                        >
                          {t(`messages.${target.label}`)}
                        </Button>,
                      ]
                    : []),
                  ...(message.IsReaded
                    ? []
                    : [
                        <Button
                          key="read"
                          type="link"
                          size="small"
                          onClick={() => void markRead(message.MessageId)}
                        >
                          {t('messages.markRead')}
                        </Button>,
                      ]),
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space size={6}>
                      {!message.IsReaded && <Badge status="processing" />}
                      <Tag color={KIND_COLOR[message.Kind]}>{t(`messages.kind.${message.Kind}`)}</Tag>
                      <Typography.Text strong={!message.IsReaded}>{message.Title}</Typography.Text>
                    </Space>
                  }
                  description={
                    <>
                      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>
                        {message.Content}
                      </Typography.Paragraph>
                      <Typography.Text type="secondary">{showDateTime(message.CreateTime)}</Typography.Text>
                    </>
                  }
                />
              </List.Item>
            );
          }}
        />
        {(list.data?.Total ?? 0) > PAGE_SIZE && (
          <Pagination
            size="small"
            current={page}
            pageSize={PAGE_SIZE}
            total={list.data?.Total ?? 0}
            onChange={setPage}
            showSizeChanger={false}
          />
        )}
      </Space>
    </Drawer>
  );
}
