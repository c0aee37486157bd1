import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { GRADE_NAMES, type GradeName, type TaskDetail } from '@measure/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { useCan } from '../auth/permissions.ts';
import { useSelf } from '../auth/self.ts';
import { useTaskHasScans } from '../scans/useTaskHasScans.ts';
import { ElevationsLink } from '../external-walls/ElevationsLink.tsx';
import { FiguresSummary } from '../tasks/FiguresSummary.tsx';
import { formatRate, TaskStateTag } from '../tasks/taskLabels.tsx';
import { PlaceFigures, useFigureColumns } from './PlaceFigures.tsx';
import { PlanView } from './PlanView.tsx';
import { GRADE_COLOR } from './grades.ts';
import { SiteReview } from './SiteReview.tsx';
import { SiteFilters, type Filters } from './SiteFilters.tsx';
import { TaskGrinding } from './TaskGrinding.tsx';
import { householdKey, useTaskSiteRows, type SiteRow } from './useTaskSiteRows.ts';
import './i18n.ts';

/** The 3D tab (three.js in its own chunk, loaded when the tab opens). */
const TaskScansTab = lazy(() => import('../scans/TaskScansTab.tsx'));
/** Per-household reports, with the modelling feature on (the `scans` words load with it). */
const HouseholdReports = lazy(() => import('../scans/HouseholdReports.tsx'));

type ItemRow = TaskDetail['Items'][number];

/** Whether a key press belongs to a field (typing there never moves between sites). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Task data (`mscReportData?taskId=`): the task's figures overall and per item, its sites with filters
 * (item, grade, household), and the site under review: picture, readings, validity, trail. ← and →
 * move between the listed sites; administrators audit the task here.
 */
export default function TaskDataPage() {
  const { t } = useTranslation(['review', 'tasks', 'common']);
  const can = useCan();
  const modal = useModal();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const taskId = params.get('taskId') ?? '';
  const task = useQuery({
    queryKey: ['tasks', 'detail', taskId],
    queryFn: ({ signal }) => callApi(routes.tasks.getTask, { TaskId: taskId }, { signal }),
    enabled: Boolean(taskId),
  });
  const facade = task.data?.TaskKind === 'externalWall';
  const sites = useTaskSiteRows(taskId, task.data?.TaskKind);
  const rows = sites.rows;
  const modelling = useSelf().data?.EnabledModeling ?? false;
  const hasScans = useTaskHasScans(taskId, modelling);
  const itemFigureColumns = useFigureColumns<ItemRow>();
  const [filters, setFilters] = useState<Filters>({});
  // `point` opens a site directly (from the data pool or a work order).
  const pointOf = (value: string | null) => {
    const point = Number(value);
    return Number.isInteger(point) && point > 0 ? point : undefined;
  };
  const [selected, setSelected] = useState<number | undefined>(() => pointOf(params.get('point')));
  // Another task's site opened from this page (before / after links): start afresh at that site.
  const opened = `${taskId}/${params.get('point') ?? ''}`;
  const [shownFor, setShownFor] = useState(opened);
  if (shownFor !== opened) {
    setShownFor(opened);
    setSelected(pointOf(params.get('point')));
    setFilters({});
  }

  const shown = useMemo(
    () =>
      rows.filter(
        (row) =>
          (!filters.item || row.ItemCodes.includes(filters.item)) &&
          (!filters.grade ||
            (filters.grade === 'none' ? row.WorstGrade === null : row.WorstGrade === filters.grade)) &&
          (!filters.household || row.placeKey === filters.household),
      ),
    [rows, filters],
  );
  const current = shown.some((row) => row.PointIndex === selected) ? selected : shown[0]?.PointIndex;
  const position = shown.findIndex((row) => row.PointIndex === current);
  // The plan shows the household filtered on, else the current site's.
  const planHousehold = sites.households.find(
    (home) =>
      householdKey(home) === (filters.household ?? rows.find((row) => row.PointIndex === current)?.placeKey),
  );
  const move = (step: number) => {
    const next = shown[position + step];
    if (next) setSelected(next.PointIndex);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      // A zoomed picture (antd preview) keeps its own arrow keys.
      if (document.querySelector('.ant-image-preview')) return;
      const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
      const next = step === 0 ? undefined : shown[position + step];
      if (!next) return;
      event.preventDefault();
      setSelected(next.PointIndex);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown, position]);

  if (task.isLoading || sites.isLoading) return <PageLoading />;
  const detail = task.data;
  if (!detail) return <Alert type="error" showIcon message={t('common:notFound.title')} />;

  const audit = () =>
    modal.confirm({
      title: t('audit.button'),
      content: t('audit.confirm', { name: detail.Name }),
      okText: t('common:action.ok'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await callApi(routes.review.auditTask, { TaskId: detail.TaskId });
          notify.success(t('audit.done'));
        } catch (error) {
          showError(error);
        } finally {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: ['tasks'] }),
            queryClient.invalidateQueries({ queryKey: ['review'] }),
          ]);
        }
      },
    });

  const gradeLabel = (value: GradeName | null) => t(value ? `grade.${value}` : 'grade.none');
  const siteColumns: ColumnsType<SiteRow> = [
    { title: '#', dataIndex: 'PointIndex', width: 56 },
    { title: t('site.place'), key: 'place', render: (_, row) => row.place },
    {
      title: t('filter.grade'),
      key: 'grade',
      width: 90,
      render: (_, row) =>
        row.WorstGrade ? <Tag color={GRADE_COLOR[row.WorstGrade]}>{gradeLabel(row.WorstGrade)}</Tag> : '—',
    },
    {
      title: t('tasks:field.passRate'),
      key: 'rate',
      width: 80,
      align: 'right',
      render: (_, row) => formatRate(row.Figures.PassRate),
    },
  ];
  const itemColumns: ColumnsType<ItemRow> = [
    { title: t('figures.item'), key: 'item', render: (_, row) => `${row.ItemCode} ${row.Name}` },
    ...itemFigureColumns,
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            {`${t('page.title')}: ${detail.Name}`}
            <TaskStateTag state={detail.State} />
          </Space>
        }
        extra={
          <Space>
            <ElevationsLink task={detail} />
            {can('project.publish') && (
              <Tooltip title={detail.State === 'uploaded' ? undefined : t('audit.onlyUploaded')}>
                <Button type="primary" disabled={detail.State !== 'uploaded'} onClick={audit}>
                  {t('audit.button')}
                </Button>
              </Tooltip>
            )}
            <Link to={`/measurerobot/taskDetail?id=${detail.TaskId}`}>
              <Button>{t('page.back')}</Button>
            </Link>
          </Space>
        }
      >
        <Typography.Title level={5}>{t('figures.task')}</Typography.Title>
        <FiguresSummary figures={detail.Figures} />
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('figures.items')}
        </Typography.Title>
        <Table<ItemRow>
          rowKey="ItemCode"
          size="small"
          pagination={false}
          columns={itemColumns}
          dataSource={detail.Items}
          scroll={{ x: 700 }}
        />
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('figures.places')}
        </Typography.Title>
        <PlaceFigures task={detail} />
        <TaskGrinding taskId={detail.TaskId} />
      </Card>
      {modelling && (
        <Suspense fallback={<PageLoading />}>
          <HouseholdReports taskId={detail.TaskId} />
        </Suspense>
      )}
      {rows.length === 0 ? (
        <Card>
          <Empty description={t('page.noSites')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={9}>
            <Card size="small" title={t('sites.title')}>
              <SiteFilters
                filters={filters}
                onChange={setFilters}
                items={detail.Items}
                places={sites.placeOptions}
                placeLabel={t(facade ? 'filter.side' : 'filter.household')}
                gradeNames={GRADE_NAMES}
                gradeLabel={gradeLabel}
              />
              <Tabs
                size="small"
                items={[
                  {
                    key: 'list',
                    label: t('sites.list'),
                    children: (
                      <>
                        <Typography.Paragraph type="secondary">
                          {t('sites.count', { shown: shown.length, total: rows.length })}
                        </Typography.Paragraph>
                        <Table<SiteRow>
                          rowKey="PointIndex"
                          size="small"
                          columns={siteColumns}
                          dataSource={shown}
                          locale={{ emptyText: t('sites.empty') }}
                          pagination={{ pageSize: 15, showSizeChanger: false }}
                          rowClassName={(row) => (row.PointIndex === current ? 'ant-table-row-selected' : '')}
                          onRow={(row) => ({
                            onClick: () => setSelected(row.PointIndex),
                            style: { cursor: 'pointer' },
                          })}
                        />
                      </>
                    ),
                  },
                  // A facade site has no plan: its elevation opens from the Elevations button.
                  ...(facade
                    ? []
                    : [
                        {
                          key: 'plan',
                          label: t('plan.title'),
                          children: (
                            <PlanView
                              household={planHousehold}
                              current={current}
                              onSite={(pointIndex) => setSelected(pointIndex)}
                            />
                          ),
                        },
                      ]),
                  ...(hasScans
                    ? [
                        {
                          key: 'model',
                          label: t('plan.model'),
                          children: (
                            <Suspense fallback={<PageLoading />}>
                              <TaskScansTab
                                taskId={detail.TaskId}
                                selected={current}
                                onSelect={(pointIndex) => {
                                  setFilters({});
                                  setSelected(pointIndex);
                                }}
                              />
                            </Suspense>
                          ),
                        },
                      ]
                    : []),
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} xl={15}>
            <Space style={{ marginBottom: 8 }} wrap>
              <Button icon={<LeftOutlined />} disabled={position <= 0} onClick={() => move(-1)}>
                {t('site.prev')}
              </Button>
              <Button disabled={position < 0 || position >= shown.length - 1} onClick={() => move(1)}>
                {t('site.next')}
                <RightOutlined />
              </Button>
              {position >= 0 && (
                <Typography.Text type="secondary">
                  {`${t('site.position', { position: position + 1, total: shown.length })} · ${t('site.keys')}`}
                </Typography.Text>
              )}
            </Space>
            {current === undefined ? (
              <Empty description={t('site.choose')} />
            ) : (
              <SiteReview
                key={current}
                taskId={detail.TaskId}
                pointIndex={current}
                canEdit={can('project.detail')}
                workOrderAt={
                  can('project.distribute') ? { projectId: detail.ProjectId, stage: detail.Stage } : undefined
                }
              />
            )}
          </Col>
        </Row>
      )}
    </Space>
  );
}
