import type { ExternalWallTask, FacadePanel } from '@measure/contract';
import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../auth/permissions.ts';
import { useSelf } from '../auth/self.ts';
import { modelTaskDataPath } from '../scans/paths.ts';
import { SiteReview } from '../review/SiteReview.tsx';
import '../review/i18n.ts';
import '../scans/i18n.ts';
import './i18n.ts';

/**
 * The deviation view of a scanned panel: the model preview on the panel's own scan with the panel
 * picked (its deviation figures and rulers); a scan not ready yet shows its state (modelling on only).
 */
function DeviationLink({ taskId, panel }: { taskId: string; panel: FacadePanel }) {
  const { t } = useTranslation(['external-walls', 'scans']);
  const modelling = useSelf().data?.EnabledModeling ?? false;
  if (!panel.ScanId || !modelling) return null;
  if (!panel.Scanned)
    return (
      <Space data-testid="facade-scan-state" data-status={panel.ScanStatus}>
        <span>{t('elevation.scanned')}</span>
        <Tag>{t(`scans:status.${panel.ScanStatus ?? 'queued'}`)}</Tag>
      </Space>
    );
  return (
    <Link to={modelTaskDataPath(taskId, panel.ScanId, panel.PointIndex)} data-testid="facade-deviation">
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
