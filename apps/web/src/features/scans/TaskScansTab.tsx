import { useQuery } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi, requestHeaders } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { modelTaskDataPath } from './paths.ts';
import { ScanPreview } from './ScanPreview.tsx';
import './i18n.ts';

/**
 * The task data page's 3D tab: the task's scans with its sites; a site picked here is the page's
 * current site (its review opens beside), and the full preview is a click away.
 */
export default function TaskScansTab(props: {
  taskId: string;
  selected: number | undefined;
  onSelect: (pointIndex: number) => void;
}) {
  const { taskId, selected, onSelect } = props;
  const { t } = useTranslation('scans');
  const preview = useQuery({
    queryKey: ['scans', 'preview', taskId],
    queryFn: ({ signal }) => callApi(routes.scans.getModelPreview, { TaskId: taskId }, { signal }),
  });
  if (preview.isLoading || !preview.data) return <PageLoading />;
  const headers = requestHeaders('*/*');
  delete headers.Accept;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Link to={modelTaskDataPath(taskId)}>
        <Button size="small">{t('tab.full')}</Button>
      </Link>
      <ScanPreview
        preview={preview.data}
        headers={headers}
        height="min(48vh, 420px)"
        selected={selected ?? null}
        onSelect={(pointIndex) => {
          if (pointIndex !== null) onSelect(pointIndex);
        }}
      />
    </Space>
  );
}
