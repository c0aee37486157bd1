import type { DataPoolExport } from '@measure/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { downloadFile } from '../../shared/api/download.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';

const POLL_MS = 1000;
const pause = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * A data pool export in the background: `start` asks the server for one, polls its progress every
 * second while it is queued or running (`current`, for the progress bar), and once it is ready
 * downloads the file (once). Leaving the page stops following it.
 */
export function useDataPoolExport() {
  const { t } = useTranslation('results');
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState<DataPoolExport | undefined>();
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const start = async (filters: object) => {
    setBusy(true);
    setCurrent(undefined);
    try {
      const { ExportId } = await callApi(routes.results.startDataPoolExport, filters);
      let status = await callApi(routes.results.getDataPoolExport, { ExportId });
      while (mounted.current && (status.State === 'queued' || status.State === 'running')) {
        setCurrent(status);
        await pause(POLL_MS);
        status = await callApi(routes.results.getDataPoolExport, { ExportId });
      }
      if (!mounted.current) return;
      setCurrent(status);
      if (status.State === 'failed') {
        notify.error(status.Error ?? t('pool.exportFailed'));
        return;
      }
      const name = await downloadFile(routes.results.downloadDataPoolExport, status.FileName, { ExportId });
      notify.success(t('pool.exported', { name }));
    } catch (error) {
      showError(error);
    } finally {
      if (mounted.current) {
        setBusy(false);
        setCurrent(undefined);
      }
    }
  };

  return { start, busy, current };
}
