import type { Dayjs } from 'dayjs';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  STAGES,
  TASK_ORDER_FIELDS,
  TASK_STATES,
  type Stage,
  type TaskKind,
  type TaskRow,
  type TaskState,
} from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tooltip } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { ExportButton } from '../../shared/table/ExportButton.tsx';
import { dateShortcuts, toApiDate } from '../../shared/forms/dateShortcuts.ts';
import { columnsWidth, SELECTION_WIDTH } from '../../shared/table/columnsWidth.ts';
import { useCan } from '../auth/permissions.ts';
import { useSelf } from '../auth/self.ts';
import {
  formatRate,
  taskDetailPath,
  TASK_DISPATCH_PATH,
  TaskStateTag,
  useStageLabel,
} from './taskLabels.tsx';
import { useTaskActions } from './useTaskActions.tsx';
import { EXTERNAL_WALL_TASKS_PATH } from '../external-walls/paths.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const ReassignTaskDialog = lazy(() => import('./ReassignTaskDialog.tsx'));

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

/** Task management (`taskCenter`): every task of the projects the user sees. */
export default function TaskCenterPage() {
  const { t } = useTranslation('tasks');
  const navigate = useNavigate();
  return <TaskListCard title={t('center.title')} onDispatch={() => void navigate(TASK_DISPATCH_PATH)} />;
}

/**
 * The task list with its filters, sort, export and the planner's actions. `kind` shows only tasks of
 * that kind (and exports them); `placeColumn` replaces the households column and `nameLink` where a
 * task's name leads (external-wall task management).
 */
export function TaskListCard(props: {
  title: ReactNode;
  kind?: TaskKind;
  onDispatch: () => void;
  dispatchLabel?: string;
  placeColumn?: ColumnsType<TaskRow>[number];
  nameLink?: (row: TaskRow) => string;
  extraActions?: (row: TaskRow) => ReactNode;
}) {
  const { t } = useTranslation(['tasks', 'common']);
  const { t: tc } = useTranslation('common');
  const can = useCan();
  const planner = can('project.distribute');
  // Dispatching to robots (the dispatch page, a task's device) follows the company's EnabledRobotTask.
  const robotTask = useSelf().data?.EnabledRobotTask ?? false;
  const dispatcher = planner && robotTask;
  const navigate = useNavigate();
  const stageLabel = useStageLabel();
  const actions = useTaskActions();
  const [filterForm] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<Filters>({});
  const [order, setOrder] = useState<{ OrderBy?: OrderField; AscDesc?: 'asc' | 'desc' }>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [selected, setSelected] = useState<TaskRow[]>([]);
  const [reassigning, setReassigning] = useState<TaskRow | null>(null);

  const projects = useQuery({
    queryKey: ['projects', 'select'],
    queryFn: ({ signal }) => callApi(routes.projects.getProjectSelectItem, undefined, { signal }),
  });
  const listInput = { ...filters, ...order, ...(props.kind ? { TaskKind: props.kind } : {}) };
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
      title: t('field.name'),
      dataIndex: 'Name',
      width: 160,
      ellipsis: { showTitle: false },
      sorter: true,
      sortOrder: sortOrder('Name'),
      key: 'Name',
      render: (name: string, row) => (
        <Tooltip title={name}>
          <Link to={(props.nameLink ?? ((task: TaskRow) => taskDetailPath(task.TaskId)))(row)}>{name}</Link>
        </Tooltip>
      ),
    },
    { title: t('field.project'), dataIndex: 'ProjectName', width: 120, ellipsis: true },
    { title: t('field.stage'), dataIndex: 'Stage', width: 70, render: (stage: Stage) => stageLabel(stage) },
    {
      title: t('field.state'),
      dataIndex: 'State',
      key: 'State',
      width: 86,
      sorter: true,
      sortOrder: sortOrder('State'),
      render: (state: TaskState) => <TaskStateTag state={state} />,
    },
    {
      title: t('field.device'),
      dataIndex: 'DeviceNumber',
      width: 110,
      ellipsis: true,
      render: (v) => v ?? '—',
    },
    props.placeColumn ?? { title: t('field.households'), dataIndex: 'Households', width: 84, align: 'right' },
    {
      title: t('field.passRate'),
      key: 'passRate',
      width: 76,
      align: 'right',
      render: (_, row) => formatRate(row.Figures.PassRate),
    },
    {
      title: t('field.createTime'),
      dataIndex: 'CreateTime',
      key: 'CreateTime',
      width: 140,
      sorter: true,
      sortOrder: sortOrder('CreateTime'),
      render: (v: string) => showDateTime(v),
    },
    {
      title: '',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4} wrap>
          {props.extraActions?.(row)}
          {dispatcher && row.State === 'pending' && (
            <Button type="link" size="small" onClick={() => setReassigning(row)}>
              {t('action.reassign')}
            </Button>
          )}
          {planner && (row.State === 'pending' || row.State === 'inProgress') && (
            <Button type="link" size="small" danger onClick={() => actions.cancel(row)}>
              {t('action.cancel')}
            </Button>
          )}
          {planner && row.State !== 'pending' && row.State !== 'cancelled' && (
            <Button
              type="link"
              size="small"
              // An external-wall re-measure is planned in the facade dispatch form.
              onClick={() =>
                void navigate(
                  `${row.TaskKind === 'indoor' ? TASK_DISPATCH_PATH : EXTERNAL_WALL_TASKS_PATH}?parentTaskId=${encodeURIComponent(row.TaskId)}`,
                )
              }
            >
              {t('action.remeasure')}
            </Button>
          )}
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
      title={props.title}
      extra={
        <Space>
          <ExportButton route={routes.tasks.exportTaskList} input={listInput} fallbackName="tasks.xlsx" />
          {planner && (
            <>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={selected.length === 0}
                onClick={() => actions.remove(selected, () => setSelected([]))}
              >
                {t('action.deleteSelected')}
              </Button>
              {dispatcher && (
                <Button type="primary" icon={<PlusOutlined />} onClick={props.onDispatch}>
                  {props.dispatchLabel ?? t('action.dispatch')}
                </Button>
              )}
            </>
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
            placeholder={t('placeholder.allProjects')}
            aria-label={t('field.project')}
            options={(projects.data ?? []).map((item) => ({ value: item.ProjectId, label: item.Name }))}
          />
        </Form.Item>
        <Form.Item name="State">
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('placeholder.allStates')}
            aria-label={t('field.state')}
            options={TASK_STATES.map((state) => ({ value: state, label: t(`state.${state}`) }))}
          />
        </Form.Item>
        <Form.Item name="Stage">
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('placeholder.allStages')}
            aria-label={t('field.stage')}
            options={STAGES.map((stage) => ({ value: stage, label: stageLabel(stage) }))}
          />
        </Form.Item>
        <Form.Item name="Keyword">
          <Input allowClear maxLength={50} style={{ width: 220 }} placeholder={t('placeholder.keyword')} />
        </Form.Item>
        <Form.Item name="Dates">
          <DatePicker.RangePicker presets={dateShortcuts(tc)} aria-label={t('field.dates')} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('action.search')}
            </Button>
            <Button
              onClick={() => {
                filterForm.resetFields();
                search({});
              }}
            >
              {t('action.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<TaskRow>
        rowKey="TaskId"
        size="middle"
        columns={columns}
        dataSource={query.data?.Items ?? []}
        {...tableLoading(query, t('center.empty'))}
        scroll={{ x: columnsWidth(columns, planner ? SELECTION_WIDTH : 0) }}
        rowSelection={
          planner
            ? {
                selectedRowKeys: selected.map((row) => row.TaskId),
                onChange: (_, rows) => setSelected(rows),
                getCheckboxProps: (row) => ({ disabled: row.State === 'completed' }),
              }
            : undefined
        }
        onChange={onChange}
        pagination={{
          current: page,
          pageSize,
          total: query.data?.Total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 30],
          showTotal: (total) => t('center.total', { count: total }),
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
      />
      <Suspense fallback={null}>
        {reassigning && <ReassignTaskDialog task={reassigning} onClose={() => setReassigning(null)} />}
      </Suspense>
    </Card>
  );
}
