import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { ExportButton } from '../../shared/table/ExportButton.tsx';
import { useBreadcrumbTrail } from '../layout/breadcrumbTrail.ts';
import { AnalysisFilterBar } from './AnalysisFilterBar.tsx';
import { AppliedFiltersTags } from './AppliedFiltersTags.tsx';
import { analysisPath, useAnalysisFilter } from './analysisFilter.ts';
import { QualityView } from './QualityView.tsx';
import { QueryAlert } from './QueryAlert.tsx';
import { readingsPath } from './readingsPath.ts';
import './i18n.ts';

/** One project's quality (`mscQualityAnalysisDetails?projectId=`): figures, items, stages, trend. */
export default function QualityDetailsPage() {
  const { t } = useTranslation(['analysis', 'common']);
  const [filter, setFilter, pageDefaults] = useAnalysisFilter();
  const projectId = filter.ProjectId;
  const quality = useQuery({
    queryKey: ['analysis', 'quality', filter],
    queryFn: ({ signal }) => callApi(routes.analysis.getQualityAnalysisData, filter, { signal }),
    placeholderData: keepPreviousData,
    enabled: Boolean(projectId),
    retry: false,
  });
  const name = quality.data?.ByProject[0]?.ProjectName;
  useBreadcrumbTrail(name ? [{ title: name }] : []);
  if (!projectId) return <Result status="404" title={t('common:notFound.title')} />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {name && <Typography.Title level={4}>{name}</Typography.Title>}
      <Card size="small">
        <AnalysisFilterBar filter={filter} onChange={setFilter} fixedProject error={quality.error} />
        {quality.data && (
          <AppliedFiltersTags applied={quality.data.AppliedFilters} pageDefaults={pageDefaults} />
        )}
      </Card>
      <QueryAlert error={quality.error} />
      <Space>
        <Link to={analysisPath('mscQualityAnalysisBuilding', filter)}>
          <Button type="primary">{t('quality.openBuildings')}</Button>
        </Link>
        <Link to={readingsPath(filter)}>
          <Button>{t('quality.openReadings')}</Button>
        </Link>
        <ExportButton
          route={routes.analysis.qualityDataToExcelFile}
          input={filter}
          fallbackName="quality-analysis.xlsx"
        />
      </Space>
      {quality.data && (
        <QualityView data={quality.data} itemLink={(itemCode) => readingsPath(filter, { itemCode })} />
      )}
    </Space>
  );
}
