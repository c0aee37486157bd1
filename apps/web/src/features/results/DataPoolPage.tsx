import { DownloadOutlined } from '@ant-design/icons';
import {
  DATA_POOL_GRADES,
  INSPECTION_KINDS,
  MEASURE_KINDS,
  RESULT_SOURCES,
  STAGES,
  type DataPoolRow,
} from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { dateShortcuts, toApiDate } from '../../shared/forms/dateShortcuts.ts';
import { PlaceFilterItems } from '../../shared/forms/PlaceFilterItems.tsx';
import { columnsWidth } from '../../shared/table/columnsWidth.ts';
import { formatRate, siteReviewPath, taskDetailPath } from '../tasks/taskLabels.tsx';
import { ExportProgress } from './ExportProgress.tsx';
import { type CarriedFilters, PoolSummary } from './PoolSummary.tsx';
import { GRADE_COLOR } from './gradePreview.ts';
import { useDataPoolExport } from './useDataPoolExport.ts';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';
import './i18n.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const PAGE_SIZE = 20;
type Grade = (typeof DATA_POOL_GRADES)[number];
type Source = (typeof RESULT_SOURCES)[number];

interface Filters extends CarriedFilters {
  ProjectId?: string;
  TaskId?: string;
  BuildingNumber?: string;
  Floor?: number;
  ItemCode?: string;
  Grade?: Grade;
  Source?: Source;
  StartDate?: string;
  EndDate?: string;
  OutsideTaskWindow?: boolean;
}
interface FilterForm extends Omit<Filters, 'StartDate' | 'EndDate'> {
  Dates?: [Dayjs | null, Dayjs | null] | null;
}

/** The analysis filters of a drill-down's address (see analysis `readingsPath`), kept across searches. */
function carriedFromParams(params: URLSearchParams): CarriedFilters {
  const oneOf = <T extends string>(values: readonly T[], value: string | null) =>
    values.find((candidate) => candidate === value);
  const items = params.get('items')?.split(',').filter(Boolean);
  return {
    Stage: oneOf(STAGES, params.get('stage')),
    InspectionKind: oneOf(INSPECTION_KINDS, params.get('kind')),
    MeasureKind: oneOf(MEASURE_KINDS, params.get('measure')),
    ItemCodes: items?.length ? items : undefined,
    CountedOnly: params.get('counted') === '1' || undefined,
  };
}

const carriedOf = ({
  Stage,
  InspectionKind,
  MeasureKind,
  ItemCodes,
  CountedOnly,
}: Filters): CarriedFilters => ({
  Stage,
  InspectionKind,
  MeasureKind,
  ItemCodes,
  CountedOnly,
});

/** Filters given in the address (see analysis `readingsPath`). */
function filtersFromParams(params: URLSearchParams): Filters {
  const floor = Number(params.get('floor'));
  return {
    ...carriedFromParams(params),
    ProjectId: params.get('projectId') || undefined,
    TaskId: params.get('taskId') || undefined,
    BuildingNumber: params.get('building') || undefined,
    Floor: Number.isInteger(floor) && floor > 0 ? floor : undefined,
    ItemCode: params.get('itemCode') || undefined,
    StartDate: params.get('start') || undefined,
    EndDate: params.get('end') || undefined,
    OutsideTaskWindow: params.get('outsideWindow') === '1' || undefined,
  };
}

const formOf = (filters: Filters): FilterForm => ({
  ...filters,
  Dates:
    filters.StartDate || filters.EndDate
      ? [filters.StartDate ? dayjs(filters.StartDate) : null, filters.EndDate ? dayjs(filters.EndDate) : null]
      : undefined,
});

/** The data pool (`dataPool`): every reading of the visible tasks, filtered and paged on the server. */
export default function DataPoolPage() {
  const { t } = useTranslation(['results', 'common']);
  const { t: tc } = useTranslation('common');
  const places = usePlaceText();
  const [form] = Form.useForm<FilterForm>();
  // Analysis pages link here with the readings behind a figure (project, item, building, floor, dates).
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(() => filtersFromParams(params));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const exporter = useDataPoolExport();

  const pool = useQuery({
    queryKey: ['results', 'pool', { ...filters, page, pageSize }],
    queryFn: ({ signal }) =>
      callApi(routes.results.getDataPool, { ...filters, PageSize: pageSize, CurrentPage: page }, { signal }),
    placeholderData: keepPreviousData,
  });

  const search = (values: FilterForm, keepCarried = true) => {
    setFilters({
      ...(keepCarried ? carriedOf(filters) : {}),
      ProjectId: values.ProjectId,
      TaskId: values.TaskId,
      BuildingNumber: values.BuildingNumber?.trim() || undefined,
      Floor: values.Floor ?? undefined,
      ItemCode: values.ItemCode?.trim() || undefined,
      Grade: values.Grade,
      Source: values.Source,
      StartDate: toApiDate(values.Dates?.[0]),
      EndDate: toApiDate(values.Dates?.[1]),
      OutsideTaskWindow: values.OutsideTaskWindow || undefined,
    });
    setPage(1);
  };

  const columns: ColumnsType<DataPoolRow> = [
    { title: t('pool.project'), dataIndex: 'ProjectName', width: 130, ellipsis: true },
    {
      title: t('pool.task'),
      dataIndex: 'TaskName',
      width: 160,
      ellipsis: true,
      render: (name: string, row) => <Link to={taskDetailPath(row.TaskId)}>{name}</Link>,
    },
    {
      title: t('pool.place'),
      dataIndex: 'SiteName',
      width: 150,
      ellipsis: true,
      render: (name: string, row) => (
        <Link to={siteReviewPath(row.TaskId, row.PointIndex)}>{places.site({ ...row, Name: name })}</Link>
      ),
    },
    {
      title: t('pool.item'),
      key: 'item',
      width: 150,
      ellipsis: true,
      render: (_, row) => `${row.ItemCode} ${row.ItemName}`,
    },
    {
      title: t('pool.values'),
      key: 'values',
      width: 210,
      render: (_, row) => (
        <Space size={2} wrap>
          <Typography.Text>{row.Values.join(', ')}</Typography.Text>
          {[...new Set(row.Grades)].map((grade) => (
            <Tag key={grade} color={GRADE_COLOR[grade]}>
              {t(`grade.${grade}`)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('pool.source'),
      dataIndex: 'Source',
      width: 80,
      render: (source: Source) => t(`source.${source}`),
    },
    {
      title: t('pool.measuredAt'),
      dataIndex: 'MeasuredAt',
      width: 150,
      render: (value: string, row) => (
        <Space size={2} wrap>
          {showDateTime(value)}
          {row.OutsideTaskWindow && <Tag color="orange">{t('pool.outsideWindow')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('pool.passRate'),
      key: 'rate',
      width: 80,
      align: 'right',
      render: (_, row) => formatRate(row.Figures.PassRate),
    },
  ];
  const total = pool.data?.Total ?? 0;

  return (
    <Card
      title={t('pool.title')}
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={exporter.busy}
          onClick={() => void exporter.start(filters)}
        >
          {t('pool.export')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('pool.note')}</Typography.Paragraph>
      {exporter.busy && <ExportProgress current={exporter.current} />}
      <Form
        form={form}
        layout="inline"
        initialValues={formOf(filters)}
        onFinish={search}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <PlaceFilterItems
          texts={{
            project: t('pool.project'),
            allProjects: t('pool.allProjects'),
            task: t('pool.task'),
            allTasks: t('pool.allTasks'),
            building: t('pool.building'),
            floor: t('pool.floor'),
          }}
        />
        <Form.Item name="ItemCode">
          <Input
            allowClear
            maxLength={20}
            style={{ width: 110 }}
            placeholder={t('pool.item')}
            aria-label={t('pool.item')}
          />
        </Form.Item>
        <Form.Item name="Grade">
          <Select
            allowClear
            style={{ width: 120 }}
            aria-label={t('pool.grade')}
            placeholder={t('pool.anyGrade')}
            options={DATA_POOL_GRADES.map((grade) => ({ value: grade, label: t(`grade.${grade}`) }))}
          />
        </Form.Item>
        <Form.Item name="Source">
          <Select
            allowClear
            style={{ width: 130 }}
            aria-label={t('pool.source')}
            placeholder={t('pool.anySource')}
            options={RESULT_SOURCES.map((source) => ({ value: source, label: t(`source.${source}`) }))}
          />
        </Form.Item>
        <Form.Item name="Dates">
          <DatePicker.RangePicker presets={dateShortcuts(tc)} aria-label={t('pool.dates')} />
        </Form.Item>
        <Form.Item name="OutsideTaskWindow" valuePropName="checked">
          <Checkbox>{t('pool.onlyOutsideWindow')}</Checkbox>
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('pool.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({}, false);
              }}
            >
              {t('pool.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <PoolSummary carried={filters} figures={pool.data?.Figures ?? null} />
      <Table<DataPoolRow>
        rowKey={(row) => `${row.TaskId}|${row.PointIndex}|${row.ItemCode}`}
        size="small"
        columns={columns}
        dataSource={pool.data?.Items ?? []}
        {...tableLoading(pool, t('pool.empty'))}
        scroll={{ x: columnsWidth(columns) }}
        pagination={{
          current: page,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 30, 50],
          showTotal: (count) =>
            pool.data?.TotalCapped ? t('pool.totalCapped', { count }) : t('pool.total', { count }),
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
      />
    </Card>
  );
}
