import { WORK_ORDER_STATES, type WorkOrderRow, type WorkOrderState } from '@measure/contract';
import { useQueries } from '@tanstack/react-query';
import { Badge, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { usePlace } from './WorkOrderDialogs.tsx';
import './i18n.ts';

/** Cards one column shows; the column's count is always the whole total. */
const BOARD_PAGE = 50;

export interface WorkOrderFilter {
  ProjectId?: string;
  State?: WorkOrderState;
  Type?: 'rectify' | 'remeasure';
}

/**
 * The board by state: one column per state (only the filtered one when a state is chosen), with the
 * same project and type filters as the list; a card opens the order's details.
 */
export function WorkOrderBoard({
  filter,
  colors,
  onOpen,
}: {
  filter: WorkOrderFilter;
  colors: Record<WorkOrderState, string>;
  onOpen: (workOrderId: string) => void;
}) {
  const { t } = useTranslation('work-orders');
  const place = usePlace();
  const states = filter.State ? [filter.State] : [...WORK_ORDER_STATES];
  const columns = useQueries({
    queries: states.map((State) => ({
      queryKey: ['workOrders', 'list', { ...filter, State }, 'board'],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        callApi(
          routes.workOrders.list,
          { ProjectId: filter.ProjectId, Type: filter.Type, State, PageSize: BOARD_PAGE, CurrentPage: 1 },
          { signal },
        ),
    })),
  });

  const card = (row: WorkOrderRow) => (
    <Card
      key={row.WorkOrderId}
      size="small"
      hoverable
      data-testid="board-card"
      onClick={() => onOpen(row.WorkOrderId)}
    >
      <Space orientation="vertical" size={2} style={{ width: '100%' }}>
        <Space size={6}>
          <Typography.Text strong>{row.OrderNumber}</Typography.Text>
          <Tag>{t(`type.${row.Type}`)}</Tag>
        </Space>
        <Typography.Text ellipsis>{row.ProjectName}</Typography.Text>
        <Typography.Text type="secondary">{place(row)}</Typography.Text>
        <Typography.Text type="secondary">{row.AssigneeName ?? '—'}</Typography.Text>
      </Space>
    </Card>
  );

  return (
    <Row gutter={[12, 12]} wrap={false} style={{ overflowX: 'auto' }}>
      {states.map((state, index) => {
        const data = columns[index]?.data;
        const rest = (data?.Total ?? 0) - (data?.Items.length ?? 0);
        return (
          <Col key={state} flex="1 0 240px">
            <Card
              size="small"
              data-testid={`board-column-${state}`}
              loading={columns[index]?.isLoading}
              title={
                <Badge
                  color={colors[state] === 'default' ? 'gray' : colors[state]}
                  text={`${t(`state.${state}`)} ${data?.Total ?? 0}`}
                />
              }
              styles={{ body: { background: 'rgba(0,0,0,0.02)' } }}
            >
              <Space orientation="vertical" size={8} style={{ width: '100%' }}>
                {data?.Items.map(card)}
                {data && data.Items.length === 0 && (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('board.empty')} />
                )}
                {rest > 0 && (
                  <Typography.Text type="secondary">{t('board.more', { count: rest })}</Typography.Text>
                )}
              </Space>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
