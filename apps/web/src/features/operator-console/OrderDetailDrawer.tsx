import { ORDER_MOVES, type OrderDetail, type OrderState } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { CONSOLE_KEY, useRefreshConsole } from './consoleQueries.ts';
import { OrderFormDialog } from './OrderFormDialog.tsx';

/** The tag colour of each order state. */
export const STATE_COLOR: Record<OrderState, string> = {
  draft: 'default',
  confirmed: 'blue',
  shipped: 'orange',
  completed: 'green',
  cancelled: 'red',
};

/** An order with its lines, its state history, the moves it may make next and, while a draft, its edit. */
export function OrderDetailDrawer({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t } = useTranslation(['operator-console', 'common', 'messages']);
  const modal = useModal();
  const refresh = useRefreshConsole();
  const query = useQuery({
    queryKey: [...CONSOLE_KEY, 'order', orderId],
    queryFn: ({ signal }) => callApi(routes.operatorConsole.getOrder, { OrderId: orderId }, { signal }),
  });
  const order = query.data;
  const [editing, setEditing] = useState(false);

  const move = (current: OrderDetail, state: OrderState) =>
    modal.confirm({
      title: t('orders.moveTo', { state: t(`orders.state.${state}`) }),
      content: t('orders.moveConfirm', { number: current.OrderNumber, state: t(`orders.state.${state}`) }),
      okText: t('common:action.ok'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger: state === 'cancelled' },
      onOk: async () => {
        try {
          await callApi(routes.operatorConsole.setOrderState, { OrderId: current.OrderId, State: state });
          notify.success(
            t('messages:console.orderStateChanged', { state: t(`messages:console.orderState.${state}`) }),
          );
          await refresh();
        } catch (error) {
          showError(error);
        }
      },
    });

  return (
    <Drawer open width={720} title={t('orders.detail')} onClose={onClose} loading={query.isPending}>
      {order && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('orders.number')}>{order.OrderNumber}</Descriptions.Item>
            <Descriptions.Item label={t('orders.company')}>{order.CompanyName}</Descriptions.Item>
            <Descriptions.Item label={t('orders.state')}>
              <Tag color={STATE_COLOR[order.State]} data-testid="order-state">
                {t(`orders.state.${order.State}`)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.amount')}>{order.Amount}</Descriptions.Item>
            <Descriptions.Item label={t('orders.note')} span={2}>
              {order.Note}
            </Descriptions.Item>
          </Descriptions>
          <Space wrap>
            {order.State === 'draft' && (
              <Button type="primary" onClick={() => setEditing(true)}>
                {t('orders.edit')}
              </Button>
            )}
            {ORDER_MOVES[order.State].map((state) => (
              <Button key={state} danger={state === 'cancelled'} onClick={() => move(order, state)}>
                {t('orders.moveTo', { state: t(`orders.state.${state}`) })}
              </Button>
            ))}
          </Space>
          <Typography.Title level={5}>{t('orders.lines')}</Typography.Title>
          <Table
            rowKey={(_, index) => String(index)}
            size="small"
            pagination={false}
            dataSource={order.Lines}
            columns={[
              {
                title: t('orders.kind'),
                dataIndex: 'Kind',
                render: (kind: 'device' | 'software') => t(`orders.kind.${kind}`),
              },
              { title: t('orders.item'), dataIndex: 'Item' },
              { title: t('orders.quantity'), dataIndex: 'Quantity', align: 'right' },
              { title: t('orders.unitPrice'), dataIndex: 'UnitPrice', align: 'right' },
              { title: t('orders.amount'), dataIndex: 'Amount', align: 'right' },
            ]}
          />
          <Typography.Title level={5}>{t('orders.history')}</Typography.Title>
          <Table
            rowKey={(_, index) => String(index)}
            size="small"
            pagination={false}
            dataSource={order.History}
            columns={[
              {
                title: t('orders.state'),
                key: 'state',
                render: (_, entry) =>
                  entry.Kind === 'edited'
                    ? t('orders.edited')
                    : `${entry.FromState ? `${t(`orders.state.${entry.FromState}`)} → ` : ''}${t(`orders.state.${entry.ToState}`)}`,
              },
              { title: t('orders.by'), dataIndex: 'OperatorName' },
              { title: t('orders.at'), dataIndex: 'Time', render: (value: string) => showDateTime(value) },
              { title: t('orders.note'), dataIndex: 'Note' },
            ]}
          />
        </Space>
      )}
      {editing && order && (
        <OrderFormDialog order={order} onClose={() => setEditing(false)} onCreated={() => void refresh()} />
      )}
    </Drawer>
  );
}
