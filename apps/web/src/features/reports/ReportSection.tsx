import type { ReportFormat, TaskDetail } from '@measure/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { useCan } from '../auth/permissions.ts';
import { STATUS_COLOURS } from './reportStatus.ts';
import { ShareDialog } from './ShareDialog.tsx';
import { useReportDownload } from './useReportDownload.tsx';
import './i18n.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';

const time = (value: string | null) => (value ? showDateTime(value) : '—');

/**
 * The task's data report on the task detail page: status, SHA-256 of the PDF, downloads (a
 * short-lived address the browser opens), rendering again, and sharing by link and QR code.
 */
export function ReportSection({ task }: { task: Pick<TaskDetail, 'TaskId' | 'State'> }) {
  const { t } = useTranslation(['reports', 'common']);
  const can = useCan();
  const queryClient = useQueryClient();
  const [sharing, setSharing] = useState(false);
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: ['reports', 'task', task.TaskId],
    queryFn: ({ signal }) => callApi(routes.reports.getReportList, { TaskId: task.TaskId }, { signal }),
    // While it renders, look again every few seconds.
    refetchInterval: (current) => {
      const status = current.state.data?.Items[0]?.Status;
      return status === 'queued' || status === 'rendering' ? 3000 : false;
    },
  });
  const report = query.data?.Items[0];
  const finished = task.State === 'uploaded' || task.State === 'completed';

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  const downloader = useReportDownload();
  const download = (format: ReportFormat) => (report ? downloader.start([report], format) : undefined);
  // Seen here: the report counts as read (UserIsReadedTask), once per rendering.
  const unread = report?.Unread === true;
  useEffect(() => {
    if (!unread) return;
    callApi(routes.reports.userIsReadedTask, { TaskId: task.TaskId }).then(
      () => queryClient.invalidateQueries({ queryKey: ['reports', 'projects'] }),
      () => undefined,
    );
  }, [unread, task.TaskId, queryClient]);
  const retry = () =>
    run(async () => {
      await callApi(routes.reports.retryReport, { TaskId: task.TaskId });
      await queryClient.invalidateQueries({ queryKey: ['reports', 'task', task.TaskId] });
    });

  const ready = report?.Status === 'ready';
  return (
    <Card
      title={t('section.title')}
      extra={
        <Space wrap>
          <Button disabled={!ready || downloader.busy} onClick={() => void download('pdf')}>
            {t('action.pdf')}
          </Button>
          <Button disabled={!ready || downloader.busy} onClick={() => void download('xlsx')}>
            {t('action.xlsx')}
          </Button>
          {can('project.detail') && (
            <>
              <Button disabled={!finished} onClick={() => setSharing(true)}>
                {t('action.share')}
              </Button>
              {finished && (report === undefined || report.Status === 'failed') && (
                <Button disabled={busy} onClick={() => void retry()}>
                  {t('action.retry')}
                </Button>
              )}
            </>
          )}
        </Space>
      }
    >
      {report ? (
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('section.status')}>
            <Tag color={STATUS_COLOURS[report.Status]}>{t(`status.${report.Status}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('section.audited')}>
            {t(report.Audited ? 'audited.yes' : 'audited.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('section.updated')}>{time(report.UpdateTime)}</Descriptions.Item>
          <Descriptions.Item label={t('section.sha')}>
            {report.Sha256 ? (
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {report.Sha256}
              </Typography.Text>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          {report.Error && (
            <Descriptions.Item label={t('section.error')}>
              <Typography.Text type="danger">{report.Error}</Typography.Text>
            </Descriptions.Item>
          )}
        </Descriptions>
      ) : (
        !query.isLoading && <Alert type="info" showIcon message={t('section.none')} />
      )}
      {downloader.element}
      {sharing && <ShareDialog taskId={task.TaskId} onClose={() => setSharing(false)} />}
    </Card>
  );
}
