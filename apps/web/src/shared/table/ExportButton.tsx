import { DownloadOutlined } from '@ant-design/icons';
import type { RouteBodyInput, RouteDefinition } from '@measure/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../api/download.ts';
import type { RouteRef } from '../api/routes.ts';
import { showError } from '../api/showError.ts';
import { notify } from '../feedback/notify.ts';

interface ExportButtonProps<R extends RouteDefinition> {
  /** A list's export route (the list's filters and order, no paging). */
  route: RouteRef<R>;
  /** The filters and order the list shows now. */
  input: RouteBodyInput<R>;
  /** The file name when the server names none. */
  fallbackName: string;
}

/** "Export to Excel" of what a list's filters show; the server names the file in the page's language. */
export function ExportButton<R extends RouteDefinition>({
  route,
  input,
  fallbackName,
}: ExportButtonProps<R>) {
  const { t } = useTranslation('common');
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      const name = await downloadFile(route, fallbackName, input);
      notify.success(t('done.exported', { name }));
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void run()}>
      {t('action.exportExcel')}
    </Button>
  );
}
