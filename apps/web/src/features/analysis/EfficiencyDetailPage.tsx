import { EFFICIENCY_SUBJECTS, type EfficiencyDay, type EfficiencySubject } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Result, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { useBreadcrumbTrail } from '../layout/breadcrumbTrail.ts';
import { EChart } from './EChart.tsx';
import { useDaysOption, useMeasureColumns } from './efficiencyParts.tsx';
import { QueryAlert } from './QueryAlert.tsx';
import './i18n.ts';
import { showDate } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const DETAIL_ROUTES = {
  user: routes.analysis.getUserEfficiencyDetail,
  device: routes.analysis.getDeviceEfficiencyDetail,
  project: routes.analysis.getProjectEfficiencyDetail,
} as const;

/** One person's, device's or project's efficiency per day (`mscEfficacyAnalysisDetails`). */
export default function EfficiencyDetailPage() {
  const { t } = useTranslation(['analysis', 'common']);
  const [params] = useSearchParams();
  const subject = EFFICIENCY_SUBJECTS.find((candidate) => candidate === params.get('subject')) as
    EfficiencySubject | undefined;
  const id = params.get('id') ?? '';
  const name = params.get('name') ?? '';
  const period = { StartDate: params.get('start') || undefined, EndDate: params.get('end') || undefined };
  const days = useQuery({
    queryKey: ['analysis', 'efficiency', 'detail', subject, id, period],
    queryFn: ({ signal }) => callApi(DETAIL_ROUTES[subject ?? 'user'], { ...period, Id: id }, { signal }),
    enabled: Boolean(subject && id),
    retry: false,
  });
  const measures = useMeasureColumns<EfficiencyDay>();
  const daysChart = useDaysOption(days.data ?? []);
  useBreadcrumbTrail(name ? [{ title: name }] : []);
  if (!subject || !id) return <Result status="404" title={t('common:notFound.title')} />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4}>{t('efficiency.detailTitle', { name })}</Typography.Title>
      <Typography.Text type="secondary">{`${showDate(period.StartDate)} ~ ${showDate(period.EndDate)}`}</Typography.Text>
      <QueryAlert error={days.error} />
      <Alert
        type="info"
        showIcon
        title={subject === 'user' ? t('efficiency.personDefinition') : t('efficiency.definition')}
      />
      {days.data && (
        <Card size="small" title={t('efficiency.byDay')}>
          <EChart label={t('efficiency.byDay')} option={daysChart} />
        </Card>
      )}
      <Table<EfficiencyDay>
        size="small"
        rowKey="Day"
        {...tableLoading(days)}
        dataSource={days.data ?? []}
        pagination={false}
        columns={[
          { title: t('efficiency.day'), dataIndex: 'Day', width: 120, render: showDate },
          ...measures,
        ]}
      />
    </Space>
  );
}
