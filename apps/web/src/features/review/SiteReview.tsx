import { type ReviewReading, type ReviewSite, type Ruler, type Stage, SURFACES } from '@measure/contract';
import { siteNameOnly } from '@measure/contract/places';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Empty, Space, Switch, Table, Tag, Timeline, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { FiguresSummary } from '../tasks/FiguresSummary.tsx';
import { formatRate } from '../tasks/taskLabels.tsx';
import { AlgorithmImage } from './AlgorithmImage.tsx';
import { SitePicture } from './SitePicture.tsx';
import { RulerMover } from './RulerMover.tsx';
import { ValueEditor } from './ValueEditor.tsx';
import { NewWorkOrderButton } from '../work-orders/NewWorkOrderButton.tsx';
import { BeforeAfter } from './BeforeAfter.tsx';
import { GRADE_COLOR, gradeOf } from './grades.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';

/** One site under review: place, picture, readings with grades and validity switches, the trail. */
type Surface = (typeof SURFACES)[number];
const isSurface = (value: string | null): value is Surface =>
  (SURFACES as readonly (string | null)[]).includes(value);

export function SiteReview(props: {
  taskId: string;
  pointIndex: number;
  canEdit: boolean;
  /** Where a work order for the site goes (shown to those who distribute work). */
  workOrderAt?: { projectId: string; stage: Stage };
}) {
  const { taskId, pointIndex, canEdit, workOrderAt } = props;
  const { t } = useTranslation(['review', 'tasks', 'results', 'common']);
  const places = usePlaceText();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<string>();
  const query = useQuery({
    queryKey: ['review', 'site', taskId, pointIndex],
    queryFn: ({ signal }) =>
      callApi(routes.review.getMsPicDto, { TaskId: taskId, PointIndex: pointIndex }, { signal }),
  });
  if (query.isLoading) return <PageLoading />;
  const site = query.data;
  if (!site) return <Alert type="error" showIcon message={t('common:notFound.title')} />;
  const editable = canEdit && site.Editable;

  /** One change of one value; the site, the task's figures and the plan's grades all move with it. */
  const change = async (key: string, call: () => Promise<unknown>): Promise<boolean> => {
    setSaving(key);
    try {
      await call();
      return true;
    } catch (error) {
      showError(error);
      return false;
    } finally {
      setSaving(undefined);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['review'] }),
        queryClient.invalidateQueries({ queryKey: ['tasks', 'detail', taskId] }),
      ]);
    }
  };
  const ref = (reading: ReviewReading, index: number) => ({
    TaskId: taskId,
    PointIndex: pointIndex,
    ItemCode: reading.ItemCode,
    RulerIndex: index,
  });
  const setValid = (reading: ReviewReading, index: number, valid: boolean) =>
    change(`${reading.ItemCode}/${index}`, () =>
      callApi(routes.review.updateRulerSetting, { ...ref(reading, index), Valid: valid }),
    );
  const correct = (reading: ReviewReading, index: number, value: number, ruler?: Ruler) =>
    change(`${reading.ItemCode}/${index}`, () =>
      callApi(routes.review.updateWallRuler, { ...ref(reading, index), Value: value, Ruler: ruler }),
    );

  const columns: ColumnsType<ReviewReading> = [
    {
      title: t('reading.item'),
      key: 'item',
      width: 180,
      render: (_, reading) => (
        <Space direction="vertical" size={0}>
          <span>{`${reading.ItemCode} ${reading.Name}`}</span>
          {reading.DesignValue !== null && (
            <Typography.Text type="secondary">
              {t('reading.design', { value: reading.DesignValue })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('reading.values'),
      key: 'values',
      render: (_, reading) => (
        <Space wrap size={[8, 8]}>
          {reading.Values.map((value, index) => {
            const grade = gradeOf(reading, index);
            const valid = reading.Valid[index] ?? true;
            return (
              <Space
                key={index}
                direction="vertical"
                size={2}
                align="center"
                data-testid={`value-${reading.ItemCode}-${index}`}
              >
                <ValueEditor
                  value={value}
                  label={t('correct.label', { item: reading.ItemCode, index: index + 1 })}
                  editable={editable}
                  onSave={(next) => correct(reading, index, next)}
                >
                  <Tag
                    color={valid && grade ? GRADE_COLOR[grade] : 'default'}
                    style={valid ? undefined : { textDecoration: 'line-through' }}
                    title={
                      valid ? t(grade ? `review:grade.${grade}` : 'review:grade.none') : t('reading.invalid')
                    }
                  >
                    {value}
                  </Tag>
                </ValueEditor>
                <Switch
                  size="small"
                  checked={valid}
                  disabled={!editable}
                  loading={saving === `${reading.ItemCode}/${index}`}
                  aria-label={t('reading.toggle', { index: index + 1 })}
                  checkedChildren={t('reading.valid')}
                  unCheckedChildren={t('reading.invalid')}
                  onChange={(checked) => void setValid(reading, index, checked)}
                />
                {editable && reading.Rulers?.[index] && (
                  <RulerMover
                    site={site}
                    reading={reading}
                    index={index}
                    onSave={(next, ruler) => correct(reading, index, next, ruler)}
                  />
                )}
              </Space>
            );
          })}
        </Space>
      ),
    },
    {
      title: t('reading.passRate'),
      key: 'rate',
      width: 90,
      align: 'right',
      render: (_, reading) => formatRate(reading.Figures.PassRate),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        size="small"
        data-testid="site-card"
        title={`#${site.PointIndex} ${siteNameOnly(site.Name, site)}`}
        extra={
          workOrderAt && (
            <Space>
              <NewWorkOrderButton
                projectId={workOrderAt.projectId}
                stage={workOrderAt.stage}
                taskId={taskId}
                site={site}
              />
            </Space>
          )
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('site.place')}>{places.place(site)}</Descriptions.Item>
          <Descriptions.Item label={t('site.source')}>{t(`common:source.${site.Source}`)}</Descriptions.Item>
          <Descriptions.Item label={t('site.measuredAt')}>{showDateTime(site.MeasuredAt)}</Descriptions.Item>
          <Descriptions.Item label={t('site.surface')}>
            {isSurface(site.Surface) ? t(`common:surface.${site.Surface}`) : (site.Surface ?? '—')}
          </Descriptions.Item>
          <Descriptions.Item label={t('site.area')}>{site.AreaM2 ?? '—'}</Descriptions.Item>
        </Descriptions>
        <FiguresSummary figures={site.Figures} />
      </Card>
      <BeforeAfter site={site} />
      <Card size="small" title={t('picture.title')}>
        <SitePicture site={site} />
      </Card>
      {site.Grinding.length > 0 && (
        <Card size="small" title={t('algorithm.title')}>
          <AlgorithmImage site={site} />
        </Card>
      )}
      <Card size="small" title={t('reading.title')}>
        {!editable && (
          <Alert type="info" showIcon message={t('reading.readOnly')} style={{ marginBottom: 8 }} />
        )}
        <Table<ReviewReading>
          rowKey="ItemCode"
          size="small"
          pagination={false}
          columns={columns}
          dataSource={site.Readings}
          scroll={{ x: 600 }}
        />
      </Card>
      <Card size="small" title={t('changes.title')}>
        <ChangeTrail site={site} />
      </Card>
    </Space>
  );
}

function ChangeTrail({ site }: { site: ReviewSite }) {
  const { t } = useTranslation('review');
  if (site.Changes.length === 0) return <Empty description={t('changes.empty')} />;
  return (
    <Timeline
      items={site.Changes.map((change) => {
        const names = { item: change.ItemCode, index: change.RulerIndex + 1 };
        const text =
          change.Kind === 'value'
            ? t(
                JSON.stringify(change.Before.Ruler) === JSON.stringify(change.After.Ruler)
                  ? 'changes.corrected'
                  : 'changes.correctedMoved',
                { ...names, before: change.Before.Value, after: change.After.Value },
              )
            : t(change.After.Valid ? 'changes.markedValid' : 'changes.markedInvalid', names);
        return {
          key: change.ChangeId,
          children: (
            <Space direction="vertical" size={0}>
              <span>{text}</span>
              <Typography.Text type="secondary">
                {`${change.UserName} · ${showDateTime(change.ChangedAt)}`}
              </Typography.Text>
            </Space>
          ),
        };
      })}
    />
  );
}
