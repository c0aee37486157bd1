import type { ExternalWallTask, FacadePanel } from '@measure/contract';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../auth/permissions.ts';
import { useSelf } from '../auth/self.ts';
import { modelTaskDataPath } from '../scans/paths.ts';
import { SiteReview } from '../review/SiteReview.tsx';
import '../review/i18n.ts';
import './i18n.ts';

/** The deviation view of a scanned panel: the task's model preview (modelling on only). */
function DeviationLink({ taskId, panel }: { taskId: string; panel: FacadePanel }) {
  const { t } = useTranslation('external-walls');
  const modelling = useSelf().data?.EnabledModeling ?? false;
  if (!panel.Scanned || !modelling) return null;
  return (
    <Link to={modelTaskDataPath(taskId)} data-testid="facade-deviation">
      <Button>{t('action.deviation')}</Button>
    </Link>
  );
}

/** A panel opened from the elevation: the review site view (section 4) and its deviation view. */
export default function PanelSite({ task, panel }: { task: ExternalWallTask; panel: FacadePanel }) {
  const can = useCan();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="facade-panel-site">
      <DeviationLink taskId={task.TaskId} panel={panel} />
      <SiteReview
        key={panel.PointIndex}
        taskId={task.TaskId}
        pointIndex={panel.PointIndex}
        canEdit={can('project.detail')}
        workOrderAt={can('project.distribute') ? { projectId: task.ProjectId, stage: task.Stage } : undefined}
      />
    </Space>
  );
}
