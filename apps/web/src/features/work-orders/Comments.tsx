import { COMMENT_LIMITS, type CommentTarget } from '@measure/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import './i18n.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';

/** The comments of a work order or a task (`Comment/GetCommentList`), oldest first, and a box to add one. */
export function Comments({ targetType, targetId }: { targetType: CommentTarget; targetId: string }) {
  const { t } = useTranslation('work-orders');
  const client = useQueryClient();
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const queryKey = ['workOrders', 'comments', targetType, targetId];
  const list = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      callApi(
        routes.workOrders.getCommentList,
        { TargetType: targetType, TargetId: targetId, PageSize: 200, CurrentPage: 1 },
        { signal },
      ),
  });

  const send = async () => {
    setSending(true);
    try {
      await callApi(routes.workOrders.addComment, {
        TargetType: targetType,
        TargetId: targetId,
        Content: content,
      });
      setContent('');
      await client.invalidateQueries({ queryKey });
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <section data-testid="comments">
      <h4 style={{ marginTop: 16 }}>{t('comments.title')}</h4>
      <List
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.Items ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('comments.empty')} />,
        }}
        renderItem={(item) => (
          <List.Item data-testid="comment">
            <List.Item.Meta
              title={
                <Space size={8}>
                  <Typography.Text strong>{item.UserName}</Typography.Text>
                  <Typography.Text type="secondary">{showDateTime(item.CreateTime)}</Typography.Text>
                </Space>
              }
              description={<span style={{ whiteSpace: 'pre-wrap' }}>{item.Content}</span>}
            />
          </List.Item>
        )}
      />
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <Input.TextArea
          rows={2}
          value={content}
          maxLength={COMMENT_LIMITS.content}
          placeholder={t('comments.placeholder')}
          onChange={(event) => setContent(event.target.value)}
        />
        <Button type="primary" loading={sending} disabled={!content.trim()} onClick={() => void send()}>
          {t('comments.send')}
        </Button>
      </Space.Compact>
    </section>
  );
}
