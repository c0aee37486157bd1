import {
  DEFAULT_INSPECTION_KIND,
  INSPECTION_KINDS,
  MEASURE_KINDS,
  STAGES,
  TASK_STATES,
  type InspectionKind,
  type MeasureKind,
  type Stage,
} from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Row, Select, Space, Statistic, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { companyToday, dateShortcuts, toApiDate } from '../../shared/forms/dateShortcuts.ts';
import { useStageLabel } from '../tasks/taskLabels.tsx';
import { analysisPath } from './analysisFilter.ts';
import { AppliedFiltersTags } from './AppliedFiltersTags.tsx';
import { barsHeight, rateBarsOption, trendOption } from './chartOptions.ts';
import { EChart } from './EChart.tsx';
import { FiguresCards } from './FiguresCards.tsx';
import { QueryAlert } from './QueryAlert.tsx';
import { MeasureKindTable } from './QualityView.tsx';
import './i18n.ts';

/** One of home's filters (stage, inspection or measure kind): cleared means all, or the default it names. */
function KindSelect<V extends string>(props: {
  label: string;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  placeholder: string;
  options: { value: V; label: string }[];
}) {
  return (
    <Select
      allowClear
      style={{ width: 190 }}
      value={props.value}
      onChange={props.onChange}
      aria-label={props.label}
      placeholder={props.placeholder}
      options={props.options}
    />
  );
}

/** Home (`home`): headline figures of the user's projects, tasks by state, trend and worst items. */
export default function HomePage() {
  const { t } = useTranslation(['analysis', 'common', 'tasks']);
  const { t: tc } = useTranslation('common');
  const stageLabel = useStageLabel();
  const [projectId, setProjectId] = useState<string | undefined>();
  const [stage, setStage] = useState<Stage | undefined>();
  const [inspectionKind, setInspectionKind] = useState<InspectionKind | undefined>();
  const [measureKind, setMeasureKind] = useState<MeasureKind | undefined>();
  const [dates, setDates] = useState<[Dayjs, Dayjs]>([companyToday().subtract(29, 'day'), companyToday()]);
  const period = { StartDate: toApiDate(dates[0]), EndDate: toApiDate(dates[1]) };
  const projects = useQuery({
    queryKey: ['projects', 'select'],
    queryFn: ({ signal }) => callApi(routes.projects.getProjectSelectItem, undefined, { signal }),
  });
  const body = {
    ProjectId: projectId,
    Stage: stage,
    InspectionKind: inspectionKind,
    MeasureKind: measureKind,
  };
  const stats = useQuery({
    queryKey: ['analysis', 'home', body, period],
    queryFn: ({ signal }) => callApi(routes.analysis.getStatisticsData, { ...body, ...period }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = stats.data;
  // Quality opens with every filter the home figures were computed with, defaults included.
  const applied = data?.AppliedFilters;
  const qualityLink = analysisPath('mscQualityAnalysis', {
    ProjectId: projectId,
    Stage: applied?.Stage ?? stage,
    InspectionKind: applied
      ? (applied.InspectionKind ?? undefined)
      : (inspectionKind ?? DEFAULT_INSPECTION_KIND),
    MeasureKind: measureKind,
    ...period,
  });
  const all = t('applied.all');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('filter.allProjects')}
            style={{ width: 200 }}
            value={projectId}
            onChange={setProjectId}
            aria-label={t('filter.project')}
            options={(projects.data ?? []).map((p) => ({ value: p.ProjectId, label: p.Name }))}
          />
          <DatePicker.RangePicker
            aria-label={t('home.period')}
            value={dates}
            allowClear={false}
            presets={dateShortcuts(tc)}
            onChange={(range) => {
              if (range?.[0] && range[1]) setDates([range[0], range[1]]);
            }}
          />
          <KindSelect
            label={t('filter.stage')}
            value={stage}
            onChange={setStage}
            placeholder={`${t('filter.stage')}: ${all}`}
            options={STAGES.map((value) => ({ value, label: stageLabel(value) }))}
          />
          <KindSelect
            label={t('filter.inspectionKind')}
            value={inspectionKind}
            onChange={setInspectionKind}
            placeholder={
              stage
                ? `${t('filter.inspectionKind')}: ${all}`
                : `${t(`tasks:inspectionKind.${DEFAULT_INSPECTION_KIND}`)} ${t('applied.default')}`
            }
            options={INSPECTION_KINDS.map((value) => ({ value, label: t(`tasks:inspectionKind.${value}`) }))}
          />
          <KindSelect
            label={t('filter.measureKind')}
            value={measureKind}
            onChange={setMeasureKind}
            placeholder={`${t('filter.measureKind')}: ${all}`}
            options={MEASURE_KINDS.map((value) => ({ value, label: t(`tasks:measureKind.${value}`) }))}
          />
          <Link to={qualityLink}>
            <Button>{t('home.openQuality')}</Button>
          </Link>
        </Space>
        {applied && (
          <div style={{ marginTop: 8 }}>
            <AppliedFiltersTags applied={applied} />
          </div>
        )}
      </Card>
      <QueryAlert error={stats.error} />
      {data && (
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <FiguresCards figures={data.Figures} rating={data.Rating} />
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title={t('home.projects')} value={data.Projects} />
              <Typography.Text type="secondary">{t('home.unfiltered')}</Typography.Text>
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title={t('home.householdsThisMonth')} value={data.HouseholdsThisMonth} />
              <Typography.Text type="secondary">{t('home.unfiltered')}</Typography.Text>
            </Card>
          </Col>
          <Col xs={24} md={12}>
            <Card
              size="small"
              title={t('home.tasks')}
              extra={<Typography.Text type="secondary">{t('home.unfiltered')}</Typography.Text>}
            >
              <Row>
                {TASK_STATES.map((state) => (
                  <Col key={state} span={Math.floor(24 / TASK_STATES.length)} style={{ minWidth: 80 }}>
                    <Statistic title={t(`state.${state}`)} value={data.Tasks[state]} />
                  </Col>
                ))}
              </Row>
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <MeasureKindTable rows={data.ByMeasureKind} />
          </Col>
          <Col xs={24} lg={14}>
            <Card size="small" title={t('home.trend')}>
              <EChart
                label={t('home.trend')}
                option={trendOption(data.Trend, { passRate: t('figure.passRate'), total: t('figure.total') })}
              />
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card size="small" title={t('home.worstItems')}>
              <EChart
                label={t('home.worstItems')}
                height={Math.max(280, barsHeight(data.WorstItems.length))}
                option={rateBarsOption(
                  data.WorstItems.map((row) => ({
                    name: row.Name,
                    figures: row.Figures,
                    rating: row.Rating,
                  })),
                  t('figure.passRate'),
                )}
              />
            </Card>
          </Col>
        </Row>
      )}
    </Space>
  );
}
