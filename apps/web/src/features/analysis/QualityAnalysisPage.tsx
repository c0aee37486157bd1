import { ANALYSIS_PROJECT_ORDER, type ProjectPassRateRow } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { ExportButton } from '../../shared/table/ExportButton.tsx';
import { useServerSort } from '../../shared/table/useServerSort.ts';
import { formatRate } from '../tasks/taskLabels.tsx';
import { AnalysisFilterBar } from './AnalysisFilterBar.tsx';
import { AppliedFiltersTags } from './AppliedFiltersTags.tsx';
import { analysisPath, useAnalysisFilter } from './analysisFilter.ts';
import { RatingTag } from './FiguresCards.tsx';
import { QualityView } from './QualityView.tsx';
import { QueryAlert } from './QueryAlert.tsx';
import './i18n.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const PAGE_SIZE = 10;

/** Quality analysis (`mscQualityAnalysis`): the visible projects' figures, charts and pass rate per project. */
export default function QualityAnalysisPage() {
  const { t } = useTranslation('analysis');
  const [filter, setFilter, pageDefaults] = useAnalysisFilter();
  const [page, setPage] = useState(1);
  const sort = useServerSort(ANALYSIS_PROJECT_ORDER, () => setPage(1));
  const quality = useQuery({
    queryKey: ['analysis', 'quality', filter],
    queryFn: ({ signal }) => callApi(routes.analysis.getQualityAnalysisData, filter, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const projects = useQuery({
    queryKey: ['analysis', 'projects', filter, sort.order, page],
    queryFn: ({ signal }) =>
      callApi(
        routes.analysis.getProjectOverallPassRatePage,
        { ...filter, ...sort.order, PageSize: PAGE_SIZE, CurrentPage: page },
        { signal },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const columns: ColumnsType<ProjectPassRateRow> = [
    {
      title: t('quality.project'),
      dataIndex: 'ProjectName',
      ...sort.sortable('Name'),
      ellipsis: true,
      render: (name: string, row) => (
        <Link to={analysisPath('mscQualityAnalysisDetails', { ...filter, ProjectId: row.ProjectId })}>
          {name}
        </Link>
      ),
    },
    {
      title: t('figure.passRate'),
      ...sort.sortable('PassRate'),
      align: 'right',
      width: 110,
      render: (_, row) => formatRate(row.Figures.PassRate),
    },
    {
      title: t('quality.counts'),
      ...sort.sortable('Total'),
      align: 'right',
      width: 170,
      render: (_, row) => `${row.Figures.Qualified + row.Figures.Warning} / ${row.Figures.Total}`,
    },
    {
      title: t('figure.explodedRate'),
      key: 'x',
      align: 'right',
      width: 100,
      render: (_, row) => formatRate(row.Figures.ExplodedRate),
    },
    {
      title: t('rating.title'),
      key: 'rating',
      width: 80,
      render: (_, row) => <RatingTag rating={row.Rating} />,
    },
    {
      title: '',
      key: 'open',
      width: 130,
      render: (_, row) => (
        <Link to={analysisPath('mscQualityAnalysisBuilding', { ...filter, ProjectId: row.ProjectId })}>
          {t('quality.openBuildings')}
        </Link>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <AnalysisFilterBar
          filter={filter}
          error={quality.error}
          onChange={(next) => {
            setPage(1);
            setFilter(next);
          }}
        />
        {quality.data && (
          <AppliedFiltersTags applied={quality.data.AppliedFilters} pageDefaults={pageDefaults} />
        )}
      </Card>
      <QueryAlert error={quality.error} />
      <Space>
        <ExportButton
          route={routes.analysis.qualityDataToExcelFile}
          input={filter}
          fallbackName="quality-analysis.xlsx"
        />
      </Space>
      {quality.data && <QualityView data={quality.data} />}
      <Card size="small" title={t('quality.byProject')}>
        <Table
          size="small"
          rowKey="ProjectId"
          {...tableLoading(projects)}
          dataSource={projects.data?.Items ?? []}
          columns={columns}
          onChange={(_, __, sorter) => sort.onSort(sorter)}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: projects.data?.Total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
        />
      </Card>
    </Space>
  );
}
