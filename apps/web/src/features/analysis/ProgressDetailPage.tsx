import { STAGES, type FloorProgressState, type ProjectProgressDetail, type Stage } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Result, Row, Space, Statistic, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { useBreadcrumbTrail } from '../layout/breadcrumbTrail.ts';
import { formatRate, useStageLabel } from '../tasks/taskLabels.tsx';
import { QueryAlert } from './QueryAlert.tsx';
import './i18n.ts';

const STATE_COLORS: Record<FloorProgressState, string> = {
  notPlanned: '#f0f0f0',
  planned: '#bae0ff',
  inProgress: '#faad14',
  measured: '#52c41a',
};
const STATES = Object.keys(STATE_COLORS) as FloorProgressState[];

type Building = ProjectProgressDetail['Buildings'][number];

function BuildingColumn({ building }: { building: Building }) {
  const { t } = useTranslation('analysis');
  return (
    <Card size="small" title={building.BuildingNumber}>
      <Space orientation="vertical" size={2} style={{ width: '100%' }}>
        {[...building.Floors].reverse().map((floor) => (
          <Tooltip
            key={floor.Floor}
            title={t('progress.floorTipHouseholds', {
              floor: floor.Floor,
              households: floor.Households,
              planned: floor.Planned,
              measured: floor.Measured,
            })}
          >
            <div
              data-floor={floor.Floor}
              data-state={floor.State}
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                padding: '2px 8px',
                borderRadius: 4,
                background: STATE_COLORS[floor.State],
                color: floor.State === 'measured' ? '#fff' : 'rgba(0,0,0,0.88)',
              }}
            >
              <span>{floor.Floor}</span>
              <span>{floor.Planned > 0 ? `${floor.Measured}/${floor.Households}` : ''}</span>
            </div>
          </Tooltip>
        ))}
      </Space>
    </Card>
  );
}

/** One project and stage (`mscProgressAnalysisDetail?projectId=&stage=`): the building × floor matrix. */
export default function ProgressDetailPage() {
  const { t } = useTranslation(['analysis', 'common']);
  const stageLabel = useStageLabel();
  const [params] = useSearchParams();
  const projectId = params.get('projectId') ?? '';
  const stage = STAGES.find((candidate) => candidate === params.get('stage')) as Stage | undefined;
  const detail = useQuery({
    queryKey: ['analysis', 'progress', 'detail', projectId, stage],
    queryFn: ({ signal }) =>
      callApi(
        routes.analysis.getProjectProgressDetail,
        { ProjectId: projectId, Stage: stage ?? 'plaster' },
        { signal },
      ),
    enabled: Boolean(projectId && stage),
    retry: false,
  });
  const data = detail.data;
  useBreadcrumbTrail(data ? [{ title: `${data.ProjectName} · ${stageLabel(data.Stage)}` }] : []);
  if (!projectId || !stage) return <Result status="404" title={t('common:notFound.title')} />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <QueryAlert error={detail.error} />
      {data && (
        <>
          <Typography.Title level={4}>{`${data.ProjectName} · ${stageLabel(data.Stage)}`}</Typography.Title>
          <Row gutter={16}>
            <Col xs={8} md={4}>
              <Statistic title={t('progress.projectHouseholds')} value={data.ProjectHouseholds} />
            </Col>
            <Col xs={8} md={4}>
              <Statistic title={t('progress.dispatched')} value={data.DispatchedHouseholds} />
            </Col>
            <Col xs={8} md={4}>
              <Statistic title={t('progress.measured')} value={data.MeasuredHouseholds} />
            </Col>
            <Col xs={8} md={4}>
              <Statistic title={t('progress.projectProgress')} value={formatRate(data.ProjectProgress)} />
            </Col>
            <Col xs={8} md={4}>
              <Statistic title={t('progress.dispatchedProgress')} value={formatRate(data.Progress)} />
            </Col>
          </Row>
          <Space wrap>
            {STATES.map((state) => (
              <Tag key={state} color={STATE_COLORS[state]} style={{ color: 'rgba(0,0,0,0.88)' }}>
                {t(`progress.state.${state}`)}
              </Tag>
            ))}
          </Space>
          <Typography.Text strong>{t('progress.matrix')}</Typography.Text>
          <Row gutter={[16, 16]}>
            {data.Buildings.map((building) => (
              <Col key={building.BuildingId} xs={12} md={6} xl={4}>
                <BuildingColumn building={building} />
              </Col>
            ))}
          </Row>
        </>
      )}
    </Space>
  );
}
