import type { WorkOrderDetail, WorkOrderRow } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Form, Modal, Select, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { formatRate, siteReviewPath, useStageLabel } from '../tasks/taskLabels.tsx';
import { Comments } from './Comments.tsx';
import { WorkOrderItems } from './WorkOrderItems.tsx';
import { WorkOrderPhotos } from './WorkOrderPhotos.tsx';
import { WorkOrderPlanView } from './WorkOrderPlanView.tsx';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';
import './i18n.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';

/**
 * A work order's place: its floor, or its household when it names one; an order at a facade panel
 * shows its side and floor with the panel's rectangle (metres along the side and above ±0.000).
 */
export function usePlace() {
  const { t } = useTranslation('work-orders');
  const { place } = usePlaceText();
  return (row: WorkOrderRow) =>
    row.Side === null || row.X0 === null
      ? place(row)
      : t('place.panel', { place: place(row), x0: row.X0, x1: row.X1, z0: row.Z0, z1: row.Z1 });
}

/** Picks the person a work order goes to: people who can see its project. */
export function AssignDialog({
  order,
  onOk,
  onClose,
}: {
  order: WorkOrderRow;
  onOk: (assigneeId: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('work-orders');
  const [form] = Form.useForm<{ AssigneeId: string }>();
  const people = useQuery({
    queryKey: ['tasks', 'options', order.ProjectId],
    queryFn: ({ signal }) => callApi(routes.tasks.getTaskOptions, { ProjectId: order.ProjectId }, { signal }),
  });
  return (
    <Modal
      open
      title={t('dialog.assignTitle', { number: order.OrderNumber })}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => onOk(values.AssigneeId))}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="AssigneeId" label={t('field.assignee')} rules={[{ required: true }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={people.isLoading}
            options={(people.data?.Surveyors ?? []).map((person) => ({
              value: person.UserId,
              label: person.Name,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * A work order with its place, people, completion photos, history, and its household's plan with the
 * pins of the work orders there (a click on another pin opens that one).
 */
export function WorkOrderDrawer({
  workOrderId,
  onClose,
  onOpen,
}: {
  workOrderId: string;
  onClose: () => void;
  onOpen: (workOrderId: string) => void;
}) {
  const { t } = useTranslation('work-orders');
  const stageLabel = useStageLabel();
  const place = usePlace();
  const detail = useQuery({
    queryKey: ['workOrders', 'detail', workOrderId],
    queryFn: ({ signal }) => callApi(routes.workOrders.get, { WorkOrderId: workOrderId }, { signal }),
  });
  const order = detail.data;
  return (
    <Drawer open size={520} title={order?.OrderNumber} onClose={onClose} loading={detail.isLoading}>
      {order && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('field.project')}>{order.ProjectName}</Descriptions.Item>
            <Descriptions.Item label={t('field.type')}>{t(`type.${order.Type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('field.process')}>{stageLabel(order.Process)}</Descriptions.Item>
            <Descriptions.Item label={t('field.place')}>{place(order)}</Descriptions.Item>
            <Descriptions.Item label={t('field.site')}>
              {order.TaskId && order.PointIndex ? (
                <Link to={siteReviewPath(order.TaskId, order.PointIndex)}>{`#${order.PointIndex}`}</Link>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.items')}>
              <WorkOrderItems order={order} />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.state')}>{t(`state.${order.State}`)}</Descriptions.Item>
            <Descriptions.Item label={t('field.assignee')}>{order.AssigneeName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.remark')}>{order.Remark || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.completionRemark')}>
              {order.CompletionRemark ?? '—'}
            </Descriptions.Item>
          </Descriptions>
          {order.State === 'completed' && (
            <>
              <h4 style={{ marginTop: 16 }}>{t('photos.title')}</h4>
              <WorkOrderPhotos workOrderId={order.WorkOrderId} fileIds={order.PictureFileIds} />
            </>
          )}
          {order.Household !== null && (
            <>
              <h4 style={{ marginTop: 16 }}>{t('plan.title')}</h4>
              <WorkOrderPlanView
                place={{
                  ProjectId: order.ProjectId,
                  BuildingNumber: order.BuildingNumber,
                  Floor: order.Floor,
                  Household: order.Household,
                }}
                highlight={order.WorkOrderId}
                onOpen={(id) => id !== order.WorkOrderId && onOpen(id)}
              />
            </>
          )}
          <h4 style={{ marginTop: 16 }}>{t('detail.history')}</h4>
          <Timeline
            items={[
              ...order.History.map((event) => ({
                children: `${showDateTime(event.Time)} ${event.UserName} ${t(`event.${event.Action}`)}${
                  event.Remark ? `：${event.Remark}` : ''
                }`,
              })),
              ...(order.Remeasured
                ? [
                    {
                      color: order.Remeasured.After ? 'green' : 'orange',
                      children: <Remeasured remeasured={order.Remeasured} />,
                    },
                  ]
                : []),
            ]}
          />
          <Comments targetType="workOrder" targetId={order.WorkOrderId} />
        </>
      )}
    </Drawer>
  );
}

/** The re-measure's before and after, the items and sites compared, and the items not measured again. */
function Remeasured({ remeasured }: { remeasured: NonNullable<WorkOrderDetail['Remeasured']> }) {
  const { t } = useTranslation('work-orders');
  const sites = (indexes: number[]) => indexes.map((index) => `#${index}`).join(', ');
  return (
    <div data-testid="work-order-remeasured">
      <Link to={`/measurerobot/mscReportData?taskId=${remeasured.TaskId}`}>
        {remeasured.After
          ? t('detail.remeasured', {
              task: remeasured.TaskName,
              before: formatRate(remeasured.Before.PassRate),
              after: formatRate(remeasured.After.PassRate),
            })
          : t('detail.remeasuredNone', {
              task: remeasured.TaskName,
              before: formatRate(remeasured.Before.PassRate),
            })}
      </Link>
      {remeasured.ItemCodes.length > 0 && (
        <div>
          {t('detail.remeasuredWhich', {
            items: remeasured.ItemCodes.join(', '),
            sites: sites(remeasured.PointIndexes),
            remeasured: sites(remeasured.RemeasurePointIndexes),
          })}
        </div>
      )}
      {remeasured.NotMeasuredAgain.length > 0 && (
        <Typography.Text type="warning">
          {t('detail.notMeasuredAgain', { items: remeasured.NotMeasuredAgain.join(', ') })}
        </Typography.Text>
      )}
    </div>
  );
}
