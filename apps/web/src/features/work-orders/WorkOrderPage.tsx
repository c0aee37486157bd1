import {
  WORK_ORDER_STATES,
  WORK_ORDER_TYPES,
  type WorkOrderRow,
  type WorkOrderState,
} from '@measure/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Row, Segmented, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { ExportButton } from '../../shared/table/ExportButton.tsx';
import { useCan } from '../auth/permissions.ts';
import { useSelf } from '../auth/self.ts';
import { taskDetailPath, useStageLabel } from '../tasks/taskLabels.tsx';
import { CompleteDialog } from './CompleteDialog.tsx';
import { HandWorkOrderButton } from './HandWorkOrderButton.tsx';
import { AssignDialog, usePlace, WorkOrderDrawer } from './WorkOrderDialogs.tsx';
import { WorkOrderPlans } from './WorkOrderPlans.tsx';
import { WorkOrderBoard, type WorkOrderFilter } from './WorkOrderBoard.tsx';
import { WorkOrderItems } from './WorkOrderItems.tsx';
import './i18n.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const STATE_COLOR: Record<WorkOrderState, string> = {
  undistributed: 'default',
  unstart: 'blue',
  start: 'orange',
  completed: 'green',
};
const PAGE_SIZE = 10;

/** Work orders (`workOrder`): counts per project and state, the list with its moves, and details. */
export default function WorkOrderPage() {
  const { t } = useTranslation(['work-orders', 'common']);
  const can = useCan();
  const distributor = can('project.distribute');
  const me = useSelf().data?.UserId;
  const stageLabel = useStageLabel();
  const place = usePlace();
  const client = useQueryClient();
  const [filter, setFilter] = useState<WorkOrderFilter>({});
  const [view, setView] = useState<'list' | 'board' | 'plan'>('list');
  const [page, setPage] = useState(1);
  const [assigning, setAssigning] = useState<WorkOrderRow | null>(null);
  const [completing, setCompleting] = useState<WorkOrderRow | null>(null);
  // `?id=` (a message's link) opens that work order's details.
  const [params, setParams] = useSearchParams();
  const [showing, setShowingState] = useState<string | null>(params.get('id'));
  const setShowing = (id: string | null) => {
    setShowingState(id);
    if (!id && params.has('id')) setParams({}, { replace: true });
  };
  // A new link while the page is open (the message list is in the top bar) opens that order too.
  const linked = params.get('id');
  const [seenLink, setSeenLink] = useState(linked);
  if (linked !== seenLink) {
    setSeenLink(linked);
    if (linked) setShowingState(linked);
  }

  const board = useQuery({
    queryKey: ['workOrders', 'projects'],
    queryFn: ({ signal }) => callApi(routes.workOrders.getWorkOrderMapProjects, undefined, { signal }),
  });
  const list = useQuery({
    queryKey: ['workOrders', 'list', filter, page],
    queryFn: ({ signal }) =>
      callApi(routes.workOrders.list, { ...filter, PageSize: PAGE_SIZE, CurrentPage: page }, { signal }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['workOrders'] });
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify.success(done);
      await refresh();
    } catch (error) {
      showError(error);
    }
  };
  const mine = (row: WorkOrderRow) => distributor || row.AssigneeId === me;

  const columns: ColumnsType<WorkOrderRow> = [
    {
      title: t('field.number'),
      dataIndex: 'OrderNumber',
      width: 150,
      render: (number: string, row) => (
        <Button type="link" size="small" onClick={() => setShowing(row.WorkOrderId)}>
          {number}
        </Button>
      ),
    },
    { title: t('field.project'), dataIndex: 'ProjectName', ellipsis: true },
    {
      title: t('field.type'),
      dataIndex: 'Type',
      width: 80,
      render: (type: WorkOrderRow['Type']) => t(`type.${type}`),
    },
    { title: t('field.process'), dataIndex: 'Process', width: 80, render: (stage) => stageLabel(stage) },
    { title: t('field.place'), key: 'place', width: 170, render: (_, row) => place(row) },
    { title: t('field.items'), key: 'items', width: 220, render: (_, row) => <WorkOrderItems order={row} /> },
    {
      title: t('field.state'),
      dataIndex: 'State',
      width: 90,
      render: (state: WorkOrderState) => <Tag color={STATE_COLOR[state]}>{t(`state.${state}`)}</Tag>,
    },
    { title: t('field.assignee'), dataIndex: 'AssigneeName', width: 110, render: (name) => name ?? '—' },
    {
      title: '',
      key: 'actions',
      width: 200,
      render: (_, row) => (
        <Space size={4} wrap>
          {row.State === 'undistributed' && distributor && (
            <Button size="small" onClick={() => setAssigning(row)}>
              {t('action.assign')}
            </Button>
          )}
          {row.State === 'unstart' && mine(row) && (
            <Button
              size="small"
              onClick={() =>
                void run(
                  () => callApi(routes.workOrders.start, { WorkOrderId: row.WorkOrderId }),
                  t('action.start'),
                )
              }
            >
              {t('action.start')}
            </Button>
          )}
          {row.State === 'start' && mine(row) && (
            <Button size="small" type="primary" onClick={() => setCompleting(row)}>
              {t('action.complete')}
            </Button>
          )}
          {row.State === 'completed' && !row.RemeasureTaskId && distributor && (
            <Button
              size="small"
              onClick={() =>
                void run(
                  () => callApi(routes.workOrders.createRemeasureTask, { WorkOrderId: row.WorkOrderId }),
                  t('action.remeasure'),
                )
              }
            >
              {t('action.remeasure')}
            </Button>
          )}
          {row.RemeasureTaskId && (
            <Link to={taskDetailPath(row.RemeasureTaskId)}>{t('action.openTask')}</Link>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title={t('board.title')}>
        <Row gutter={[12, 12]}>
          {(board.data ?? []).map((project) => (
            <Col key={project.ProjectId} xs={24} md={12} xl={8}>
              <Card
                size="small"
                hoverable
                title={project.ProjectName}
                onClick={() => {
                  setFilter((current) => ({ ...current, ProjectId: project.ProjectId }));
                  setPage(1);
                }}
              >
                <Space wrap>
                  {WORK_ORDER_STATES.map((state) => (
                    <Badge
                      key={state}
                      color={STATE_COLOR[state] === 'default' ? 'gray' : STATE_COLOR[state]}
                      text={`${t(`state.${state}`)} ${project.Counts[state]}`}
                    />
                  ))}
                </Space>
              </Card>
            </Col>
          ))}
        </Row>
      </Card>
      <Card size="small">
        <Space wrap style={{ marginBottom: 12 }}>
          <Segmented
            value={view}
            onChange={(value) => setView(value as 'list' | 'board' | 'plan')}
            options={[
              { value: 'list', label: t('view.list') },
              { value: 'board', label: t('view.board') },
              { value: 'plan', label: t('view.plan') },
            ]}
          />
          <Select
            allowClear
            placeholder={t('field.project')}
            style={{ width: 200 }}
            value={filter.ProjectId}
            onChange={(ProjectId) => {
              setFilter((current) => ({ ...current, ProjectId }));
              setPage(1);
            }}
            options={(board.data ?? []).map((p) => ({ value: p.ProjectId, label: p.ProjectName }))}
          />
          <Select
            allowClear
            placeholder={t('field.state')}
            style={{ width: 140 }}
            value={filter.State}
            onChange={(State) => {
              setFilter((current) => ({ ...current, State }));
              setPage(1);
            }}
            options={WORK_ORDER_STATES.map((state) => ({ value: state, label: t(`state.${state}`) }))}
          />
          <Select
            allowClear
            placeholder={t('field.type')}
            style={{ width: 140 }}
            value={filter.Type}
            onChange={(Type) => {
              setFilter((current) => ({ ...current, Type }));
              setPage(1);
            }}
            options={WORK_ORDER_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
          />
          <ExportButton
            route={routes.workOrders.exportWorkOrderList}
            input={filter}
            fallbackName="work-orders.xlsx"
          />
          {distributor && <HandWorkOrderButton />}
        </Space>
        {view === 'board' && (
          <WorkOrderBoard filter={filter} colors={STATE_COLOR} onOpen={(id) => setShowing(id)} />
        )}
        {view === 'plan' && <WorkOrderPlans filter={filter} onOpen={(id) => setShowing(id)} />}
        <Table
          style={view !== 'list' ? { display: 'none' } : undefined}
          size="small"
          rowKey="WorkOrderId"
          {...tableLoading(list)}
          dataSource={list.data?.Items ?? []}
          columns={columns}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.Total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
        />
      </Card>
      {assigning && (
        <AssignDialog
          order={assigning}
          onClose={() => setAssigning(null)}
          onOk={async (AssigneeId) => {
            await run(
              () => callApi(routes.workOrders.assign, { WorkOrderId: assigning.WorkOrderId, AssigneeId }),
              t('action.assign'),
            );
            setAssigning(null);
          }}
        />
      )}
      {completing && (
        <CompleteDialog
          order={completing}
          onClose={() => setCompleting(null)}
          onOk={async (Remark, PictureFileIds) => {
            await run(
              () =>
                callApi(routes.workOrders.complete, {
                  WorkOrderId: completing.WorkOrderId,
                  Remark,
                  PictureFileIds,
                }),
              t('action.complete'),
            );
            setCompleting(null);
          }}
        />
      )}
      {showing && (
        <WorkOrderDrawer
          key={showing}
          workOrderId={showing}
          onClose={() => setShowing(null)}
          onOpen={setShowing}
        />
      )}
    </Space>
  );
}
