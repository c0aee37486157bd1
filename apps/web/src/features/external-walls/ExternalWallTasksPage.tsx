import type { Dayjs } from 'dayjs';
import { PlusOutlined } from '@ant-design/icons';
import {
  STAGES,
  TASK_ORDER_FIELDS,
  TASK_STATES,
  type Stage,
  type TaskRow,
  type TaskState,
} from '@measure/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tooltip } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { dateShortcuts, toApiDate } from '../../shared/forms/dateShortcuts.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { columnsWidth } from '../../shared/table/columnsWidth.ts';
import { ExportButton } from '../../shared/table/ExportButton.tsx';
import { tableLoading } from '../../shared/table/tableLoading.tsx';
import { useCan } from '../auth/permissions.ts';
import { formatRate, taskDetailPath, TaskStateTag, useStageLabel } from '../tasks/taskLabels.tsx';
import { externalWallTaskPath } from './paths.ts';
import './i18n.ts';

const DispatchExternalWallDialog = lazy(() => import('./DispatchExternalWallDialog.tsx'));

const PAGE_SIZE = 10;
type OrderField = (typeof TASK_ORDER_FIELDS)[number];

interface Filters {
  ProjectId?: string;
  State?: TaskState;
  Stage?: Stage;
  Keyword?: string;
  StartDate?: string;
  EndDate?: string;
}
interface FilterForm extends Omit<Filters, 'StartDate' | 'EndDate'> {
  Dates?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * External wall task management (`externalWallTaskManage`, gated by EnabledExternalWall): the
 * company's external-wall tasks with filters, sort and the Excel export (the task list and export
 * with `TaskKind: externalWall`), and the dispatch form. A task opens as elevations.
 */
export default function ExternalWallTasksPage() {
  const { t } = useTranslation(['external-walls', 'tasks', 'common']);
  const { t: tc } = useTranslation('common');
  const can = useCan();
  const planner = can('project.distribute');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const stageLabel = useStageLabel();
  const [filterForm] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<Filters>({});
  const [order, setOrder] = useState<{ OrderBy?: OrderField; AscDesc?: 'asc' | 'desc' }>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [dispatching, setDispatching] = useState(false);
  const listInput = { ...filters, ...order, TaskKind: 'externalWall' as const };

  const projects = useQuery({
    queryKey: ['projects', 'select'],
    queryFn: ({ signal }) => callApi(routes.projects.getProjectSelectItem, undefined, { signal }),
  });
  const query = useQuery({
    queryKey: ['tasks', 'list', { ...listInput, page, pageSize }],
    queryFn: ({ signal }) =>
      callApi(routes.tasks.getTaskList, { ...listInput, PageSize: pageSize, CurrentPage: page }, { signal }),
    placeholderData: keepPreviousData,
  });

  const search = (values: FilterForm) => {
    setFilters({
      ProjectId: values.ProjectId,
      State: values.State,
      Stage: values.Stage,
      Keyword: values.Keyword?.trim() || undefined,
      StartDate: toApiDate(values.Dates?.[0]),
      EndDate: toApiDate(values.Dates?.[1]),
    });
    setPage(1);
  };
  const sortOrder = (field: OrderField) =>
    order.OrderBy === field ? (order.AscDesc === 'asc' ? 'ascend' : 'descend') : null;

  const columns: ColumnsType<TaskRow> = [
    {
      title: t('tasks:field.name'),
      dataIndex: 'Name',
      key: 'Name',
      width: 180,
      ellipsis: { showTitle: false },
      sorter: true,
      sortOrder: sortOrder('Name'),
      render: (name: string, row) => (
        <Tooltip title={name}>
          <Link to={externalWallTaskPath(row.TaskId)}>{name}</Link>
        </Tooltip>
      ),
    },
    { title: t('tasks:field.project'), dataIndex: 'ProjectName', width: 120, ellipsis: true },
    { title: t('field.building'), dataIndex: 'BuildingNumber', width: 80 },
    {
      title: t('field.floors'),
      key: 'floors',
      width: 100,
      render: (_, row) => t('field.floorsValue', { from: row.FloorFrom, to: row.FloorTo }),
    },
    { title: t('field.sides'), dataIndex: 'Sides', width: 60, align: 'right' },
    {
      title: t('tasks:field.stage'),
      dataIndex: 'Stage',
      width: 80,
      render: (stage: Stage) => stageLabel(stage),
    },
    {
      title: t('tasks:field.state'),
      dataIndex: 'State',
      key: 'State',
      width: 90,
      sorter: true,
      sortOrder: sortOrder('State'),
      render: (state: TaskState) => <TaskStateTag state={state} />,
    },
    {
      title: t('tasks:field.device'),
      dataIndex: 'DeviceNumber',
      width: 110,
      ellipsis: true,
      render: (value: string | null) => value ?? '—',
    },
    {
      title: t('tasks:field.passRate'),
      key: 'passRate',
      width: 80,
      align: 'right',
      render: (_, row) => formatRate(row.Figures.PassRate),
    },
    {
      title: t('tasks:field.plannedDate'),
      dataIndex: 'PlannedDate',
      key: 'PlannedDate',
      width: 110,
      sorter: true,
      sortOrder: sortOrder('PlannedDate'),
      render: (value: string | null) => value ?? '—',
    },
    {
      title: t('tasks:field.createTime'),
      dataIndex: 'CreateTime',
      key: 'CreateTime',
      width: 140,
      sorter: true,
      sortOrder: sortOrder('CreateTime'),
      render: (value: string) => showDateTime(value),
    },
    {
      title: '',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4} wrap>
          <Link to={externalWallTaskPath(row.TaskId)}>{t('action.view')}</Link>
          <Link to={taskDetailPath(row.TaskId)}>{t('tasks:detail.title')}</Link>
        </Space>
      ),
    },
  ];

  const onChange = (_: unknown, __: unknown, sorter: SorterResult<TaskRow> | SorterResult<TaskRow>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.columnKey as OrderField | undefined;
    setOrder(
      one?.order && field && (TASK_ORDER_FIELDS as readonly string[]).includes(field)
        ? { OrderBy: field, AscDesc: one.order === 'ascend' ? 'asc' : 'desc' }
        : {},
    );
  };

  return (
    <Card
      title={t('list.title')}
      extra={
        <Space>
          <ExportButton route={routes.tasks.exportTaskList} input={listInput} fallbackName="tasks.xlsx" />
          {planner && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDispatching(true)}>
              {t('action.dispatch')}
            </Button>
          )}
        </Space>
      }
    >
      <Form form={filterForm} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="ProjectId">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 180 }}
            placeholder={t('tasks:placeholder.allProjects')}
            aria-label={t('tasks:field.project')}
            options={(projects.data ?? []).map((item) => ({ value: item.ProjectId, label: item.Name }))}
          />
        </Form.Item>
        <Form.Item name="State">
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('tasks:placeholder.allStates')}
            aria-label={t('tasks:field.state')}
            options={TASK_STATES.map((state) => ({ value: state, label: t(`tasks:state.${state}`) }))}
          />
        </Form.Item>
        <Form.Item name="Stage">
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('tasks:placeholder.allStages')}
            aria-label={t('tasks:field.stage')}
            options={STAGES.map((stage) => ({ value: stage, label: stageLabel(stage) }))}
          />
        </Form.Item>
        <Form.Item name="Keyword">
          <Input
            allowClear
            maxLength={50}
            style={{ width: 200 }}
            placeholder={t('tasks:placeholder.keyword')}
          />
        </Form.Item>
        <Form.Item name="Dates">
          <DatePicker.RangePicker presets={dateShortcuts(tc)} aria-label={t('tasks:field.dates')} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('tasks:action.search')}
            </Button>
            <Button
              onClick={() => {
                filterForm.resetFields();
                search({});
              }}
            >
              {t('tasks:action.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<TaskRow>
        rowKey="TaskId"
        size="middle"
        columns={columns}
        dataSource={query.data?.Items ?? []}
        {...tableLoading(query, t('list.empty'))}
        scroll={{ x: columnsWidth(columns, 0) }}
        onChange={onChange}
        pagination={{
          current: page,
          pageSize,
          total: query.data?.Total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 30],
          showTotal: (total) => t('list.total', { count: total }),
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
      />
      <Suspense fallback={null}>
        {dispatching && (
          <DispatchExternalWallDialog
            onClose={() => setDispatching(false)}
            onCreated={(taskId) => {
              setDispatching(false);
              void queryClient.invalidateQueries({ queryKey: ['tasks'] });
              void navigate(externalWallTaskPath(taskId));
            }}
          />
        )}
      </Suspense>
    </Card>
  );
}
