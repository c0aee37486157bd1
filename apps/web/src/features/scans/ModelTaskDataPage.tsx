import { ShareAltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi, requestHeaders } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { useCan } from '../auth/permissions.ts';
import { ShareDialog } from '../reports/ShareDialog.tsx';
import { SiteReview } from '../review/SiteReview.tsx';
import '../review/i18n.ts';
import { preloadScanView, ScanPreview } from './ScanPreview.tsx';
import './i18n.ts';

// This page always shows the 3D view: its code loads alongside the preview's data.
preloadScanView();

/**
 * Model preview (`modelTaskData?taskId=&scanId=&pointIndex=`, a child of the task data page): the task's scans in
 * 3D with its sites; a picked site opens its readings and pictures for review (the task data page's
 * site view). Tiles and models are read with the session's header.
 */
export default function ModelTaskDataPage() {
  const { t } = useTranslation(['scans', 'common']);
  const can = useCan();
  const [params] = useSearchParams();
  const taskId = params.get('taskId') ?? '';
  const scanId = params.get('scanId');
  const [sharing, setSharing] = useState(false);
  // `pointIndex=`: the site picked on opening (a facade panel's deviation view opens on its panel).
  const [selected, setSelected] = useState<number | null>(() => Number(params.get('pointIndex')) || null);
  const preview = useQuery({
    queryKey: ['scans', 'preview', taskId],
    queryFn: ({ signal }) => callApi(routes.scans.getModelPreview, { TaskId: taskId }, { signal }),
    enabled: Boolean(taskId),
  });
  if (preview.isLoading) return <PageLoading />;
  const data = preview.data;
  if (!data) return <Alert type="error" showIcon message={t('common:notFound.title')} />;
  const headers = requestHeaders('*/*');
  delete headers.Accept;

  return (
    <Card
      title={`${t('preview.title')}: ${data.TaskName}`}
      extra={
        <Link to={`/measurerobot/mscReportData?taskId=${encodeURIComponent(taskId)}`}>
          <Button>{t('preview.back')}</Button>
        </Link>
      }
    >
      <ScanPreview
        preview={data}
        headers={headers}
        initialScanId={scanId}
        selected={selected}
        onSelect={setSelected}
        extra={
          can('project.detail') && (
            <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)}>
              {t('preview.share')}
            </Button>
          )
        }
        siteDetail={(site) => (
          <div style={{ marginTop: 16 }}>
            <SiteReview
              key={site.PointIndex}
              taskId={taskId}
              pointIndex={site.PointIndex}
              canEdit={can('project.detail')}
            />
          </div>
        )}
      />
      {sharing && (
        <ShareDialog
          taskId={taskId}
          scanId={scanId ?? data.Scans.find((scan) => scan.Status === 'ready')?.ScanId}
          onClose={() => setSharing(false)}
        />
      )}
    </Card>
  );
}
