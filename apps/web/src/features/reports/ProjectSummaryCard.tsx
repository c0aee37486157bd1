import {
  type Figures,
  MEASURE_KINDS,
  type MeasureKind,
  STAGES,
  type Stage,
  type SummaryReport,
} from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Checkbox, Select, Space, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { FiguresSummary } from '../tasks/FiguresSummary.tsx';
import { formatRate, taskDetailPath, useStageLabel } from '../tasks/taskLabels.tsx';
import './i18n.ts';

/** The summary report's query (the page's title shares the default one). */
export const summaryQuery = (
  projectId: string,
  stage: Stage | null = null,
  auditedOnly = false,
  measureKind: MeasureKind | null = null,
) => ({
  queryKey: ['reports', 'summary', projectId, { stage, auditedOnly, measureKind }],
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<SummaryReport> =>
    callApi(
      routes.reports.getSummaryReport,
      { ProjectId: projectId, Stage: stage, AuditedOnly: auditedOnly, MeasureKind: measureKind },
      { signal },
    ),
});

/** Tasks by state and households counted once (a line of the measure kind and stage tables). */
interface TaskCounts {
  tasks: number;
  uploaded: number;
  completed: number;
  households: number;
}

interface FiguresLine {
  key: string;
  name: ReactNode;
  counts?: TaskCounts;
  Figures: Figures;
}

const countsOf = (line: { Tasks: number; Uploaded: number; Completed: number; Households: number }) => ({
  tasks: line.Tasks,
  uploaded: line.Uploaded,
  completed: line.Completed,
  households: line.Households,
});

/**
 * The project summary report (GetSummaryReport): the figures of the project's finished tasks, of one
 * stage or all, one measure kind or all, optionally audited tasks only. Tasks are counted by state
 * (uploaded, completed) and households once each; first measure and re-measure stand side by side.
 */
export function ProjectSummaryCard({ projectId }: { projectId: string }) {
  const { t } = useTranslation(['reports', 'tasks']);
  const stageLabel = useStageLabel();
  const [stage, setStage] = useState<Stage | null>(null);
  const [auditedOnly, setAuditedOnly] = useState(false);
  const [measureKind, setMeasureKind] = useState<MeasureKind | null>(null);
  const query = useQuery({
    ...summaryQuery(projectId, stage, auditedOnly, measureKind),
    placeholderData: keepPreviousData,
  });
  const summary = query.data;

  const columns = (withTasks: boolean): ColumnsType<FiguresLine> => [
    { title: t('summary.column.name'), dataIndex: 'name', ellipsis: true },
    ...(withTasks
      ? (['tasks', 'uploaded', 'completed', 'households'] as const).map((key) => ({
          title: t(`summary.column.${key}`),
          key,
          width: key === 'households' ? 110 : 90,
          align: 'right' as const,
          render: (_value: unknown, line: FiguresLine) => line.counts?.[key],
        }))
      : []),
    {
      title: t('tasks:field.passRate'),
      key: 'rate',
      width: 110,
      align: 'right',
      render: (_value, line) => formatRate(line.Figures.PassRate),
    },
    {
      title: t('summary.column.judged'),
      key: 'judged',
      width: 90,
      align: 'right',
      render: (_value, line) => line.Figures.Total,
    },
    {
      title: t('tasks:field.sites'),
      key: 'sites',
      width: 80,
      align: 'right',
      render: (_value, line) => line.Figures.Sites,
    },
    {
      title: t('tasks:field.explodedRate'),
      key: 'exploded',
      width: 100,
      align: 'right',
      render: (_value, line) => formatRate(line.Figures.ExplodedRate),
    },
  ];
  const table = (lines: FiguresLine[], withTasks = false) => (
    <Table<FiguresLine>
      rowKey="key"
      size="small"
      columns={columns(withTasks)}
      dataSource={lines}
      pagination={false}
      scroll={{ x: withTasks ? 850 : 560 }}
    />
  );

  return (
    <Card
      title={t('summary.title')}
      loading={query.isLoading}
      extra={
        <Space wrap>
          <Select<Stage | 'all'>
            aria-label={t('summary.allStages')}
            style={{ width: 140 }}
            value={stage ?? 'all'}
            onChange={(value) => setStage(value === 'all' ? null : value)}
            options={[
              { value: 'all', label: t('summary.allStages') },
              ...STAGES.map((value) => ({ value, label: stageLabel(value) })),
            ]}
          />
          <Select<MeasureKind | 'all'>
            aria-label={t('summary.allKinds')}
            style={{ width: 140 }}
            value={measureKind ?? 'all'}
            onChange={(value) => setMeasureKind(value === 'all' ? null : value)}
            options={[
              { value: 'all', label: t('summary.allKinds') },
              ...MEASURE_KINDS.map((value) => ({ value, label: t(`tasks:measureKind.${value}`) })),
            ]}
          />
          <Checkbox checked={auditedOnly} onChange={(event) => setAuditedOnly(event.target.checked)}>
            {t('summary.auditedOnly')}
          </Checkbox>
        </Space>
      }
    >
      {summary && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Text type="secondary" data-testid="summary-tasks">
            {summary.TaskCount === 0
              ? t('summary.none')
              : t('summary.tasks', {
                  tasks: summary.TaskCount,
                  uploaded: summary.Uploaded,
                  completed: summary.Completed,
                  households: summary.Households,
                })}
          </Typography.Text>
          {/* Readings of a first measure and its re-measure are never one headline: kinds side by side. */}
          {summary.MeasureKinds.length === 1 && <FiguresSummary figures={summary.Figures} />}
          {summary.MeasureKinds.length > 1 && (
            <Typography.Text data-testid="summary-kinds-note">{t('summary.kindsApart')}</Typography.Text>
          )}
          <div data-testid="summary-kinds">
            {table(
              summary.MeasureKinds.map((line) => ({
                key: line.MeasureKind,
                name: t(`tasks:measureKind.${line.MeasureKind}`),
                counts: countsOf(line),
                Figures: line.Figures,
              })),
              true,
            )}
          </div>
          <Tabs
            items={[
              {
                key: 'stages',
                label: t('summary.byStage'),
                children: table(
                  summary.Stages.map((line) => ({
                    key: line.Stage,
                    name: line.StageName,
                    counts: countsOf(line),
                    Figures: line.Figures,
                  })),
                  true,
                ),
              },
              {
                key: 'items',
                label: t('summary.byItem'),
                children: table(
                  summary.Items.map((line) => ({
                    key: line.ItemCode,
                    name: `${line.Name} (${line.ItemCode})`,
                    Figures: line.Figures,
                  })),
                ),
              },
              {
                key: 'buildings',
                label: t('summary.byBuilding'),
                children: table(
                  summary.Buildings.map((line) => ({
                    key: line.BuildingNumber,
                    name: line.BuildingNumber,
                    Figures: line.Figures,
                  })),
                ),
              },
              {
                key: 'tasks',
                label: t('summary.byTask'),
                children: table(
                  summary.Tasks.map((line) => ({
                    key: line.TaskId,
                    name: (
                      <Link to={taskDetailPath(line.TaskId)}>
                        {line.Name} · {line.StageName} · {t(`tasks:measureKind.${line.MeasureKind}`)} ·{' '}
                        {t(`tasks:state.${line.State}`)}
                      </Link>
                    ),
                    Figures: line.Figures,
                  })),
                ),
              },
            ]}
          />
        </Space>
      )}
    </Card>
  );
}
