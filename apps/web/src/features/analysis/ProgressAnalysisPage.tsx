import { STAGES, type ProjectProgressRow, type Stage, type UserProgressRow } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Form, Progress, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { companyToday, dateShortcuts, toApiDate } from '../../shared/forms/dateShortcuts.ts';
import { ExportButton } from '../../shared/table/ExportButton.tsx';
import { formatRate, useStageLabel } from '../tasks/taskLabels.tsx';
import { barsHeight } from './chartOptions.ts';
import { EChart } from './EChart.tsx';
import { QueryAlert } from './QueryAlert.tsx';
import './i18n.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const PAGE_SIZE = 10;
export const progressDetailPath = (projectId: string, stage: Stage) =>
  `/measurerobot/mscProgressAnalysisDetail?projectId=${encodeURIComponent(projectId)}&stage=${stage}`;

/** Progress analysis (`mscProgressAnalysis`): households measured of the project and of those dispatched, per project and stage, and per person. */
export default function ProgressAnalysisPage() {
  const { t } = useTranslation(['analysis', 'common']);
  const { t: tc } = useTranslation('common');
  const stageLabel = useStageLabel();
  const [filter, setFilter] = useState<{ ProjectId?: string; Stage?: Stage }>({});
  const [page, setPage] = useState(1);
  const [dates, setDates] = useState<[Dayjs, Dayjs]>([companyToday().subtract(29, 'day'), companyToday()]);
  const projects = useQuery({
    queryKey: ['projects', 'select'],
    queryFn: ({ signal }) => callApi(routes.projects.getProjectSelectItem, undefined, { signal }),
  });
  const rows = useQuery({
    queryKey: ['analysis', 'progress', filter, page],
    queryFn: ({ signal }) =>
      callApi(
        routes.analysis.getProjectProgressPageInfo,
        { ...filter, PageSize: PAGE_SIZE, CurrentPage: page },
        { signal },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const people = useQuery({
    queryKey: ['analysis', 'progress', 'users', filter, dates.map((day) => toApiDate(day))],
    queryFn: ({ signal }) =>
      callApi(
        routes.analysis.getUserProgress,
        { ...filter, StartDate: toApiDate(dates[0]), EndDate: toApiDate(dates[1]) },
        { signal },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const items = rows.data?.Items ?? [];
  const name = (row: ProjectProgressRow) => `${row.ProjectName} · ${stageLabel(row.Stage)}`;
  const columns: ColumnsType<ProjectProgressRow> = [
    { title: t('progress.project'), dataIndex: 'ProjectName', ellipsis: true },
    {
      title: t('progress.stage'),
      dataIndex: 'Stage',
      width: 90,
      render: (stage: Stage) => stageLabel(stage),
    },
    { title: t('progress.projectHouseholds'), dataIndex: 'ProjectHouseholds', width: 110, align: 'right' },
    { title: t('progress.dispatched'), dataIndex: 'DispatchedHouseholds', width: 110, align: 'right' },
    { title: t('progress.measured'), dataIndex: 'MeasuredHouseholds', width: 110, align: 'right' },
    {
      // The headline: the share of the whole project's households measured, not of those dispatched.
      title: t('progress.projectProgress'),
      key: 'progress',
      width: 180,
      render: (_, row) => (
        <Progress
          percent={row.ProjectProgress ?? 0}
          size="small"
          format={() => `${(row.ProjectProgress ?? 0).toFixed(2)}%`}
        />
      ),
    },
    {
      title: t('progress.dispatchedProgress'),
      key: 'dispatchedProgress',
      width: 110,
      align: 'right',
      render: (_, row) => formatRate(row.Progress),
    },
    {
      title: t('progress.tasks'),
      key: 'tasks',
      width: 220,
      render: (_, row) =>
        `${row.Tasks.pending} / ${row.Tasks.inProgress} / ${row.Tasks.uploaded} / ${row.Tasks.completed}`,
    },
    {
      title: '',
      key: 'open',
      width: 90,
      render: (_, row) => <Link to={progressDetailPath(row.ProjectId, row.Stage)}>{t('progress.open')}</Link>,
    },
  ];
  const userColumns: ColumnsType<UserProgressRow> = [
    { title: t('progress.person'), dataIndex: 'Name' },
    { title: t('progress.userTasks'), dataIndex: 'Tasks', align: 'right', width: 100 },
    { title: t('progress.households'), dataIndex: 'Households', align: 'right', width: 100 },
    { title: t('progress.sites'), dataIndex: 'Sites', align: 'right', width: 100 },
    { title: t('progress.readings'), dataIndex: 'Readings', align: 'right', width: 110 },
  ];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Form
          layout="inline"
          onValuesChange={(_, values: { ProjectId?: string; Stage?: Stage }) => {
            setFilter({ ProjectId: values.ProjectId, Stage: values.Stage });
            setPage(1);
          }}
        >
          <Form.Item name="ProjectId" label={t('filter.project')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('filter.allProjects')}
              style={{ width: 200 }}
              options={(projects.data ?? []).map((p) => ({ value: p.ProjectId, label: p.Name }))}
            />
          </Form.Item>
          <Form.Item name="Stage" label={t('filter.stage')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={STAGES.map((stage) => ({ value: stage, label: stageLabel(stage) }))}
            />
          </Form.Item>
          <Form.Item>
            <ExportButton
              route={routes.analysis.exportProgressToExcelFile}
              input={filter}
              fallbackName="progress.xlsx"
            />
          </Form.Item>
        </Form>
      </Card>
      <QueryAlert error={rows.error} />
      {items.length > 0 && (
        <Card size="small" title={t('progress.chart')}>
          <EChart
            label={t('progress.chart')}
            height={barsHeight(items.length)}
            option={{
              tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
              legend: { top: 0 },
              grid: { left: 8, right: 24, top: 32, bottom: 8, containLabel: true },
              xAxis: { type: 'value', minInterval: 1 },
              yAxis: { type: 'category', data: [...items].reverse().map(name) },
              series: [
                {
                  name: t('progress.measured'),
                  type: 'bar',
                  barMaxWidth: 24,
                  data: [...items].reverse().map((row) => row.MeasuredHouseholds),
                  itemStyle: { color: '#52c41a' },
                },
                {
                  name: t('progress.dispatched'),
                  type: 'bar',
                  barMaxWidth: 24,
                  data: [...items].reverse().map((row) => row.DispatchedHouseholds),
                  itemStyle: { color: '#bae0ff' },
                },
                {
                  name: t('progress.projectHouseholds'),
                  type: 'bar',
                  barMaxWidth: 24,
                  data: [...items].reverse().map((row) => row.ProjectHouseholds),
                  itemStyle: { color: '#d9d9d9' },
                },
              ],
            }}
          />
        </Card>
      )}
      <Card size="small" title={t('progress.byProject')}>
        <Table
          size="small"
          rowKey={(row) => `${row.ProjectId}/${row.Stage}`}
          {...tableLoading(rows, t('progress.empty'))}
          dataSource={items}
          columns={columns}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: rows.data?.Total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
        />
      </Card>
      <Card
        size="small"
        title={t('progress.byUser')}
        extra={
          <DatePicker.RangePicker
            aria-label={t('home.period')}
            value={dates}
            allowClear={false}
            presets={dateShortcuts(tc)}
            onChange={(range) => {
              if (range?.[0] && range[1]) setDates([range[0], range[1]]);
            }}
          />
        }
      >
        <QueryAlert error={people.error} />
        <Table
          size="small"
          rowKey="UserId"
          {...tableLoading(people)}
          dataSource={people.data ?? []}
          columns={userColumns}
          pagination={false}
        />
      </Card>
    </Space>
  );
}
