import type { ReportFormat } from '@measure/contract';
import { Button, Modal, Progress, Typography } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { DownloadFailed, type DownloadProgress, percentOf, streamDownload } from './streamDownload.ts';
import './i18n.ts';

/** Bytes for people: 1.5 MB, 820 KB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/**
 * Downloads reports (one file, or a zip of several) through a short-lived download address, streamed
 * with a progress dialog that can cancel; afterwards the reports count as read by the user.
 * `element` is the dialog, to render once in the page.
 */
export function useReportDownload(): {
  start: (reports: readonly { ReportId: string; TaskId: string }[], format: ReportFormat) => Promise<void>;
  busy: boolean;
  element: ReactNode;
} {
  const { t } = useTranslation('reports');
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const start = async (reports: readonly { ReportId: string; TaskId: string }[], format: ReportFormat) => {
    setBusy(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const { Url } = await callApi(routes.reports.downloadReport, {
        ReportIds: reports.map((report) => report.ReportId),
        Format: format,
      });
      setProgress({ received: 0, total: null });
      const fallback = reports.length > 1 ? 'reports.zip' : `report.${format}`;
      const name = await streamDownload(Url, fallback, setProgress, controller.signal);
      notify.success(t('download.done', { name }));
      // Downloaded: read. A failure here must not spoil the download.
      await Promise.allSettled(
        reports.map((report) => callApi(routes.reports.userIsReadedTask, { TaskId: report.TaskId })),
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof DownloadFailed) notify.error(t('download.failed'));
      else showError(error);
    } finally {
      abort.current = null;
      setProgress(null);
      setBusy(false);
    }
  };

  const percent = progress ? percentOf(progress) : null;
  const element = (
    <Modal
      open={progress !== null}
      title={t('download.title')}
      closable={false}
      maskClosable={false}
      footer={<Button onClick={() => abort.current?.abort()}>{t('download.cancel')}</Button>}
    >
      <Progress percent={percent ?? 0} status="active" aria-label={t('download.title')} />
      {progress && (
        <Typography.Text type="secondary" data-testid="download-progress">
          {progress.total
            ? t('download.progress', {
                received: formatBytes(progress.received),
                total: formatBytes(progress.total),
              })
            : t('download.received', { received: formatBytes(progress.received) })}
        </Typography.Text>
      )}
    </Modal>
  );
  return { start, busy, element };
}
