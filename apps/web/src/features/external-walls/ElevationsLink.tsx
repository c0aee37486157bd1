import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSelf } from '../auth/self.ts';
import { externalWallTaskPath } from './paths.ts';
import './i18n.ts';

/** "Elevations" on a task's pages: an external-wall task's sides, when the company has the feature on. */
export function ElevationsLink({ task }: { task: { TaskId: string; TaskKind: string } }) {
  const { t } = useTranslation('external-walls');
  const enabled = useSelf().data?.EnabledExternalWall ?? false;
  if (task.TaskKind !== 'externalWall' || !enabled) return null;
  return (
    <Link to={externalWallTaskPath(task.TaskId)} data-testid="elevations-link">
      <Button>{t('action.view')}</Button>
    </Link>
  );
}

/** An external-wall task's building, floor band and side count in one line (the task pages' place cell). */
export function useFacadeScope() {
  const { t } = useTranslation('external-walls');
  return (task: {
    BuildingNumber: string | null;
    FloorFrom: number | null;
    FloorTo: number | null;
    Sides: number;
  }) =>
    `${task.BuildingNumber ?? ''} · ${t('field.floorsValue', { from: task.FloorFrom, to: task.FloorTo })} · ${t('field.sidesCount', { count: task.Sides })}`;
}
