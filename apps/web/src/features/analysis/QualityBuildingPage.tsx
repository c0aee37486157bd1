import type { BuildingAnalysis } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Result, Row, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { useBreadcrumbTrail } from '../layout/breadcrumbTrail.ts';
import { formatRate } from '../tasks/taskLabels.tsx';
import { ratingOf } from '@measure/contract';
import { AnalysisFilterBar } from './AnalysisFilterBar.tsx';
import { AppliedFiltersTags } from './AppliedFiltersTags.tsx';
import { analysisPath, useAnalysisFilter, type AnalysisFilter } from './analysisFilter.ts';
import { RATING_COLORS } from './chartOptions.ts';
import { FiguresCards } from './FiguresCards.tsx';
import { QueryAlert } from './QueryAlert.tsx';
import { readingsPath } from './readingsPath.ts';
import './i18n.ts';

type Building = BuildingAnalysis['Buildings'][number];

/** One building's floors, top floor first, each coloured by its rating; a click opens its readings. */
function BuildingFloors({ building, filter }: { building: Building; filter: AnalysisFilter }) {
  const { t } = useTranslation('analysis');
  const navigate = useNavigate();
  const bands = { high: filter.RatingHigh ?? 90, middle: filter.RatingMiddle ?? 80 };
  const floors = [...building.Floors].reverse();
  return (
    <Card
      size="small"
      title={`${building.BuildingNumber} · ${formatRate(building.Figures.PassRate)}`}
      extra={`${building.Figures.Qualified + building.Figures.Warning} / ${building.Figures.Total}`}
    >
      {floors.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('building.noFloors')} />
      )}
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        {floors.map((floor) => {
          const rating = ratingOf(floor.Figures.PassRate, bands);
          return (
            <Tooltip
              key={floor.Floor}
              title={`${floor.Figures.Qualified + floor.Figures.Warning} / ${floor.Figures.Total} · ${t('grade.exploded')} ${floor.Figures.Exploded}`}
            >
              <button
                type="button"
                data-floor={floor.Floor}
                onClick={() =>
                  void navigate(
                    readingsPath(filter, { buildingNumber: building.BuildingNumber, floor: floor.Floor }),
                  )
                }
                style={{
                  width: '100%',
                  display: 'flex',
                  justifyContent: 'space-between',
                  padding: '4px 8px',
                  border: 'none',
                  borderRadius: 4,
                  cursor: 'pointer',
                  color: '#fff',
                  background: rating ? RATING_COLORS[rating] : '#bfbfbf',
                }}
              >
                <span>{t('building.floor', { floor: floor.Floor })}</span>
                <span>{formatRate(floor.Figures.PassRate)}</span>
              </button>
            </Tooltip>
          );
        })}
      </Space>
    </Card>
  );
}

/** Quality per building and floor of one project (`mscQualityAnalysisBuilding?projectId=`). */
export default function QualityBuildingPage() {
  const { t } = useTranslation(['analysis', 'common']);
  const [filter, setFilter, pageDefaults] = useAnalysisFilter();
  const projectId = filter.ProjectId;
  const data = useQuery({
    queryKey: ['analysis', 'buildings', filter],
    queryFn: ({ signal }) =>
      callApi(
        routes.analysis.getQualityAnalysisBuildingData,
        { ...filter, ProjectId: projectId ?? '' },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled: Boolean(projectId),
    retry: false,
  });
  const name = data.data?.ProjectName;
  useBreadcrumbTrail(name ? [{ title: name, to: analysisPath('mscQualityAnalysisDetails', filter) }] : []);
  if (!projectId) return <Result status="404" title={t('common:notFound.title')} />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {name && <Typography.Title level={4}>{`${name} · ${t('building.title')}`}</Typography.Title>}
      <Card size="small">
        <AnalysisFilterBar filter={filter} onChange={setFilter} fixedProject error={data.error} />
        {data.data && <AppliedFiltersTags applied={data.data.AppliedFilters} pageDefaults={pageDefaults} />}
      </Card>
      <QueryAlert error={data.error} />
      {data.data && (
        <>
          <FiguresCards figures={data.data.Figures} />
          <Typography.Text type="secondary">{t('building.legend')}</Typography.Text>
          <Row gutter={[16, 16]}>
            {data.data.Buildings.map((building) => (
              <Col key={building.BuildingId} xs={24} md={12} xl={6}>
                <BuildingFloors building={building} filter={filter} />
              </Col>
            ))}
          </Row>
        </>
      )}
    </Space>
  );
}
