import type { TaskDetail } from '@measure/contract';
import { Card, Descriptions, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showDate, showDateTime } from '../../shared/i18n/dates.ts';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';
import { useFacadeScope } from '../external-walls/ElevationsLink.tsx';
import { TaskStateTag, useStageLabel } from './taskLabels.tsx';
import './i18n.ts';

const time = (value: string | null) => (value ? showDateTime(value) : '—');

/**
 * A task's head: its name and state, and what it is (project, stage, kinds, facades, device, people,
 * dates, parent, re-measured sites). Shared by the task detail and the demo area's task detail;
 * `extra` holds the page's own buttons, `children` what follows the description in the card.
 */
export function TaskHeadCard({
  task,
  extra,
  children,
}: {
  task: TaskDetail;
  extra: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['tasks', 'common']);
  const stageLabel = useStageLabel();
  const places = usePlaceText();
  const facadeScope = useFacadeScope();
  return (
    <Card
      title={
        <Space>
          {task.Name}
          <TaskStateTag state={task.State} />
        </Space>
      }
      extra={extra}
    >
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label={t('field.project')}>{task.ProjectName}</Descriptions.Item>
        <Descriptions.Item label={t('field.stage')}>{stageLabel(task.Stage)}</Descriptions.Item>
        <Descriptions.Item label={t('field.measureKind')}>
          {t(`measureKind.${task.MeasureKind}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.inspectionKind')}>
          {t(`inspectionKind.${task.InspectionKind}`)}
        </Descriptions.Item>
        {task.TaskKind === 'externalWall' && (
          <Descriptions.Item label={t('field.facades')}>{facadeScope(task)}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('field.device')}>{task.DeviceNumber ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('field.surveyors')}>
          {task.Surveyors.map((person) => person.Name).join(', ') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.plannedDate')}>
          {showDate(task.PlannedDate) || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.startedAt')}>{time(task.StartedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('field.finishedAt')}>{time(task.FinishedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('field.createdBy')}>{task.CreatedByName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('field.createTime')}>{time(task.CreateTime)}</Descriptions.Item>
        {task.ParentTaskId && (
          <Descriptions.Item label={t('field.parent')}>
            <Link to={`/measurerobot/taskDetail?id=${task.ParentTaskId}`}>{t('action.view')}</Link>
          </Descriptions.Item>
        )}
        {task.RemeasureSites && (
          <Descriptions.Item label={t('field.remeasureSites')} span="filled">
            <span data-testid="remeasure-sites">
              {task.RemeasureSites.map((site) =>
                t('detail.remeasureSite', {
                  index: site.PointIndex,
                  place: places.site(site),
                  items: site.ItemCodes.join(', '),
                }),
              ).join('; ')}
            </span>
          </Descriptions.Item>
        )}
      </Descriptions>
      {children}
    </Card>
  );
}
