import { EFFICIENCY_SUBJECTS, type EfficiencyRow, type EfficiencySubject } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, DatePicker, Row, Select, Space, Statistic, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { companyToday, dateShortcuts, toApiDate } from '../../shared/forms/dateShortcuts.ts';
import { ExportButton } from '../../shared/table/ExportButton.tsx';
import { formatRate } from '../tasks/taskLabels.tsx';
import { EChart } from './EChart.tsx';
import { useDaysOption, useMeasureColumns } from './efficiencyParts.tsx';
import { QueryAlert } from './QueryAlert.tsx';
import './i18n.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const LIST_ROUTES = {
  user: routes.analysis.getUserEfficiencyList,
  device: routes.analysis.getDeviceEfficiencyList,
  project: routes.analysis.getProjectEfficiencyList,
} as const;

export const efficiencyDetailPath = (
  subject: EfficiencySubject,
  row: { Id: string; Name: string },
  period: { StartDate?: string; EndDate?: string },
) => {
  const params = new URLSearchParams({ subject, id: row.Id, name: row.Name });
  if (period.StartDate) params.set('start', period.StartDate);
  if (period.EndDate) params.set('end', period.EndDate);
  return `/measurerobot/mscEfficacyAnalysisDetails?${params.toString()}`;
};

/** Efficiency analysis (`mscEfficacyAnalysis`): per person, device and project over a period. */
export default function EfficiencyAnalysisPage() {
  const { t } = useTranslation(['analysis', 'common']);
  const { t: tc } = useTranslation('common');
  const [projectId, setProjectId] = useState<string | undefined>();
  const [dates, setDates] = useState<[Dayjs, Dayjs]>([companyToday().subtract(29, 'day'), companyToday()]);
  const [subject, setSubject] = useState<EfficiencySubject>('user');
  const filter = { ProjectId: projectId, StartDate: toApiDate(dates[0]), EndDate: toApiDate(dates[1]) };
  const projects = useQuery({
    queryKey: ['projects', 'select'],
    queryFn: ({ signal }) => callApi(routes.projects.getProjectSelectItem, undefined, { signal }),
  });
  const summary = useQuery({
    queryKey: ['analysis', 'efficiency', 'summary', filter],
    queryFn: ({ signal }) => callApi(routes.analysis.getEfficiencySummaryData, filter, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const rows = useQuery({
    queryKey: ['analysis', 'efficiency', subject, filter],
    queryFn: ({ signal }) => callApi(LIST_ROUTES[subject], filter, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const measures = useMeasureColumns<EfficiencyRow>();
  const daysChart = useDaysOption(summary.data?.ByDay ?? []);
  const columns: ColumnsType<EfficiencyRow> = [
    {
      title: t(`efficiency.subject.${subject}`),
      dataIndex: 'Name',
      ellipsis: true,
      // The device row with an empty Id holds the tasks without a device: no detail of its own.
      render: (name: string, row) =>
        row.Id === '' ? (
          t('efficiency.noDevice')
        ) : (
          <Link to={efficiencyDetailPath(subject, row, filter)}>{name || '—'}</Link>
        ),
    },
    ...measures,
    ...(subject === 'device'
      ? [
          {
            title: t('efficiency.utilisation'),
            dataIndex: 'Utilisation',
            align: 'right' as const,
            width: 100,
            render: (value: number | null) => formatRate(value),
          },
        ]
      : []),
  ];
  const totals = summary.data?.Totals;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('filter.allProjects')}
            aria-label={t('filter.project')}
            style={{ width: 200 }}
            value={projectId}
            onChange={setProjectId}
            options={(projects.data ?? []).map((p) => ({ value: p.ProjectId, label: p.Name }))}
          />
          <DatePicker.RangePicker
            aria-label={t('efficiency.period')}
            value={dates}
            allowClear={false}
            presets={dateShortcuts(tc)}
            onChange={(range) => {
              if (range?.[0] && range[1]) setDates([range[0], range[1]]);
            }}
          />
          <ExportButton
            route={routes.analysis.downloadEfficiencySummaryData}
            input={filter}
            fallbackName="efficiency-per-day.xlsx"
          />
        </Space>
      </Card>
      <QueryAlert error={summary.error ?? rows.error} />
      <Alert type="info" showIcon title={t('efficiency.definition')} data-testid="efficiency-definition" />
      {totals && summary.data && (
        <>
          <Row gutter={[12, 12]}>
            {(
              [
                [t('efficiency.area'), totals.AreaM2],
                [t('efficiency.hours'), totals.WorkingHours],
                [t('efficiency.areaPerHour'), totals.AreaPerHour ?? '—'],
                [t('efficiency.readingsPerHour'), totals.ReadingsPerHour ?? '—'],
                [t('efficiency.sites'), totals.Sites],
                [t('efficiency.people'), summary.data.People],
                [t('efficiency.devices'), summary.data.Devices],
              ] as const
            ).map(([title, value]) => (
              <Col key={title} xs={12} md={6} xl={3}>
                <Card size="small">
                  <Statistic title={title} value={value} />
                </Card>
              </Col>
            ))}
          </Row>
          <Card size="small" title={t('efficiency.byDay')}>
            <EChart label={t('efficiency.byDay')} option={daysChart} />
          </Card>
        </>
      )}
      <Card size="small">
        <Tabs
          activeKey={subject}
          onChange={(key) => setSubject(key as EfficiencySubject)}
          items={EFFICIENCY_SUBJECTS.map((key) => ({ key, label: t(`efficiency.subject.${key}`) }))}
          tabBarExtraContent={
            <ExportButton
              route={routes.analysis.efficiencyDataToExcelFile}
              input={{ ...filter, Subject: subject }}
              fallbackName="efficiency.xlsx"
            />
          }
        />
        {subject !== 'project' && summary.data && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="efficiency-subject-note"
            title={
              subject === 'user'
                ? t('efficiency.peopleNote', {
                    people: summary.data.PeopleWorkingHours,
                    total: summary.data.Totals.WorkingHours,
                  })
                : t('efficiency.noDeviceNote')
            }
          />
        )}
        <Table
          size="small"
          rowKey="Id"
          {...tableLoading(rows)}
          dataSource={rows.data ?? []}
          columns={columns}
          pagination={{ pageSize: 20, showSizeChanger: false }}
        />
      </Card>
    </Space>
  );
}
