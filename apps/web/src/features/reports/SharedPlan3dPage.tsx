import type { GradeName, SharedPlanHousehold } from '@measure/contract';
import { PLAN_GRADE_FILL } from '@measure/contract';
import { Alert, Card, Descriptions, List, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { AntdProvider } from '../../shared/i18n/AntdProvider.tsx';
import { LanguageSwitch } from '../../shared/i18n/LanguageSwitch.tsx';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';
import { buildPlanScene, type SceneRoom, STOREY_HEIGHT_M } from './planScene.ts';
import { createPlanViewer, type PlanViewer, webGlAvailable } from './planViewer.ts';
import { FigureLine, rate } from './SharedReportPage.tsx';
import { useSharedReport } from './sharedReportCache.ts';
import './i18n.ts';

const GRADE_KEYS = {
  qualified: 'figures.qualified',
  warning: 'figures.warning',
  unqualified: 'figures.unqualified',
  exploded: 'figures.exploded',
} as const;
const LEGEND: (GradeName | 'none')[] = ['qualified', 'warning', 'unqualified', 'exploded', 'none'];

const Swatch = ({ colour }: { colour: string }) => (
  <span
    style={{
      display: 'inline-block',
      width: 12,
      height: 12,
      borderRadius: 2,
      background: colour,
      border: '1px solid #8c8c8c',
      verticalAlign: 'middle',
    }}
  />
);

/**
 * `/supplement/taskReportThreeDimensional/:shareId` (no sign-in, spec "3D task report"): the shared
 * task's measured households as rooms in 3D (`planScene.ts` for the geometry), coloured by the worst
 * grade of their sites; a tapped room shows its name, grade and pass rate and opens its first site.
 * Without WebGL the rooms are listed with their colours instead.
 */
export default function SharedPlan3dPage() {
  const { t, i18n } = useTranslation('reports');
  const places = usePlaceText();
  const roomText = (room: { name: string; buildingNumber: string; floor: number; household: number }) =>
    t('plan3d.room', {
      name: room.name,
      place: places.place({
        BuildingNumber: room.buildingNumber,
        Floor: room.floor,
        Household: room.household,
      }),
    });
  const { shareId = '' } = useParams();
  const { report } = useSharedReport(shareId, i18n.language);
  const [fetched, setFetched] = useState<{ shareId: string; plan: SharedPlanHousehold[] | null } | null>(
    null,
  );
  useEffect(() => {
    const controller = new AbortController();
    callApi(routes.reports.getSharedPlan, { ShareId: shareId }, { signal: controller.signal, quiet: true })
      .then((plan) => setFetched({ shareId, plan }))
      .catch(() => {
        if (!controller.signal.aborted) setFetched({ shareId, plan: null });
      });
    return () => controller.abort();
  }, [shareId]);
  const current = fetched?.shareId === shareId ? fetched : undefined;
  const failed = current !== undefined && !current.plan;
  const scene = useMemo(() => (current?.plan ? buildPlanScene(current.plan) : null), [current]);

  const holder = useRef<HTMLDivElement>(null);
  const viewer = useRef<PlanViewer | null>(null);
  const [picked, setPicked] = useState<SceneRoom | null>(null);
  const [webgl] = useState(webGlAvailable);
  useEffect(() => {
    const element = holder.current;
    if (!scene || scene.rooms.length === 0 || !element) return;
    viewer.current = createPlanViewer(element, scene, setPicked);
    element.dataset.rendered = 'true';
    return () => {
      viewer.current?.dispose();
      viewer.current = null;
    };
  }, [scene]);
  useEffect(() => viewer.current?.select(picked?.key ?? null), [picked]);

  const base = `/supplement`;
  const share = encodeURIComponent(shareId);
  const gradeText = (grade: GradeName | null) => (grade ? t(GRADE_KEYS[grade]) : t('plan3d.noGrade'));

  return (
    <AntdProvider>
      <div style={{ maxWidth: 960, margin: '0 auto', padding: 12 }}>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('plan3d.title')}
          </Typography.Title>
          <Space wrap>
            <Link to={`${base}/taskReportList/${share}`}>{t('plan3d.back')}</Link>
            <LanguageSwitch size="small" />
          </Space>
        </Space>
        {report && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {report.ProjectName} · {report.Name}
          </Typography.Paragraph>
        )}
        {failed ? (
          <Alert type="warning" showIcon message={t('plan3d.notFound')} />
        ) : !scene ? (
          <Spin />
        ) : scene.rooms.length === 0 ? (
          <Alert type="info" showIcon message={t('plan3d.empty')} />
        ) : (
          <Space direction="vertical" size="small" style={{ width: '100%' }}>
            {webgl ? (
              <div
                ref={holder}
                data-testid="plan-3d"
                data-rooms={scene.rooms.length}
                data-colours={scene.rooms.map((room) => room.colour).join(' ')}
                style={{
                  width: '100%',
                  height: 'min(62vh, 560px)',
                  minHeight: 300,
                  border: '1px solid #d9d9d9',
                  borderRadius: 6,
                  overflow: 'hidden',
                }}
              />
            ) : (
              <Alert type="warning" showIcon message={t('plan3d.noWebgl')} />
            )}
            <Typography.Text type="secondary">{t('plan3d.hint')}</Typography.Text>
            <Space wrap size={[12, 4]} data-testid="plan-3d-legend">
              <Typography.Text strong>{t('plan3d.legend')}</Typography.Text>
              {LEGEND.map((grade) => (
                <Space key={grade} size={4}>
                  <Swatch colour={PLAN_GRADE_FILL[grade]} />
                  {grade === 'none' ? t('plan3d.noGrade') : t(GRADE_KEYS[grade])}
                </Space>
              ))}
            </Space>
            <Card size="small" data-testid="plan-3d-room">
              {picked ? (
                <Space direction="vertical" size={4} style={{ width: '100%' }}>
                  <Typography.Text strong>
                    <Swatch colour={picked.colour} /> {roomText(picked)}
                  </Typography.Text>
                  <Descriptions size="small" column={1}>
                    <Descriptions.Item label={t('plan3d.grade')}>{gradeText(picked.grade)}</Descriptions.Item>
                    <Descriptions.Item label={t('figures.passRate')}>
                      {rate(picked.figures.PassRate)}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('plan3d.sites')}>{picked.sites.length}</Descriptions.Item>
                  </Descriptions>
                  {picked.sites.length > 0 ? (
                    <>
                      <FigureLine figures={picked.figures} />
                      <Link to={`${base}/taskReportDetail/${share}/${picked.sites[0]}`}>
                        {t('plan3d.firstSite')}
                      </Link>
                    </>
                  ) : (
                    <Typography.Text type="secondary">{t('plan3d.noSites')}</Typography.Text>
                  )}
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('plan3d.pick')}</Typography.Text>
              )}
            </Card>
            {!webgl && (
              <List
                size="small"
                bordered
                dataSource={scene.rooms}
                renderItem={(room) => (
                  <List.Item onClick={() => setPicked(room)} style={{ cursor: 'pointer' }}>
                    <Space size={6}>
                      <Swatch colour={room.colour} />
                      {roomText(room)}· {gradeText(room.grade)} · {rate(room.figures.PassRate)}
                    </Space>
                  </List.Item>
                )}
              />
            )}
            <Typography.Text type="secondary">
              {t('plan3d.storeys', { height: STOREY_HEIGHT_M })}
            </Typography.Text>
            {scene.withoutPlan.length > 0 && (
              <Typography.Text type="secondary">
                {t('plan3d.withoutPlan', { count: scene.withoutPlan.length })}
              </Typography.Text>
            )}
            {scene.sitesOutsideRooms > 0 && (
              <Typography.Text type="secondary">
                {t('plan3d.outside', { count: scene.sitesOutsideRooms })}
              </Typography.Text>
            )}
          </Space>
        )}
      </div>
    </AntdProvider>
  );
}
