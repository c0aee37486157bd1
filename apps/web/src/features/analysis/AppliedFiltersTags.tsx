import type { AppliedFilterName, AppliedFilters } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { useStageLabel } from '../tasks/taskLabels.tsx';
import './i18n.ts';
import { showDate } from '../../shared/i18n/dates.ts';

interface Props {
  /** The filters the server computed the figures with (the answer's echo). */
  applied: AppliedFilters;
  /** Filters the page filled in before asking (the server only knows those it filled itself). */
  pageDefaults?: readonly AppliedFilterName[];
}

/**
 * Every filter in force on an analysis figure, defaults marked (issue 28 item 3): what the figure
 * counts is never hidden, so two pages showing different figures show why.
 */
export function AppliedFiltersTags({ applied, pageDefaults = [] }: Props) {
  const { t } = useTranslation(['analysis', 'tasks']);
  const stageLabel = useStageLabel();
  const projects = useQuery({
    queryKey: ['projects', 'select'],
    queryFn: ({ signal }) => callApi(routes.projects.getProjectSelectItem, undefined, { signal }),
    enabled: Boolean(applied.ProjectId),
  });
  const defaults = new Set([...applied.Defaults, ...pageDefaults]);
  const all = t('applied.all');
  const project = applied.ProjectId
    ? (projects.data?.find((row) => row.ProjectId === applied.ProjectId)?.Name ?? applied.ProjectId)
    : all;
  const tags: [AppliedFilterName, string, string][] = [
    ['ProjectId', t('filter.project'), project],
    ['Stage', t('filter.stage'), applied.Stage ? stageLabel(applied.Stage) : all],
    [
      'InspectionKind',
      t('filter.inspectionKind'),
      applied.InspectionKind ? t(`tasks:inspectionKind.${applied.InspectionKind}`) : all,
    ],
    [
      'MeasureKind',
      t('filter.measureKind'),
      applied.MeasureKind ? t(`tasks:measureKind.${applied.MeasureKind}`) : all,
    ],
    ['TaskKind', t('filter.taskKind'), applied.TaskKind ? t(`taskKind.${applied.TaskKind}`) : all],
    ['ItemCodes', t('filter.items'), applied.ItemCodes.length ? applied.ItemCodes.join(', ') : all],
    ['StartDate', t('filter.dates'), `${showDate(applied.StartDate)} ~ ${showDate(applied.EndDate)}`],
  ];
  return (
    <Space size={4} wrap data-testid="applied-filters">
      <Typography.Text type="secondary">{t('applied.title')}</Typography.Text>
      {tags.map(([name, label, value]) => {
        const isDefault = defaults.has(name) || (name === 'StartDate' && defaults.has('EndDate'));
        return (
          <Tag key={name} color={isDefault ? 'gold' : undefined} data-filter={name}>
            {`${label}: ${value}${isDefault ? ` ${t('applied.default')}` : ''}`}
          </Tag>
        );
      })}
    </Space>
  );
}
