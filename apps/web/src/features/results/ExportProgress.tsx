import type { DataPoolExport } from '@measure/contract';
import { Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The progress of a data pool export: rows written of the total, then "downloading". */
export function ExportProgress({ current }: { current: DataPoolExport | undefined }) {
  const { t } = useTranslation('results');
  const state = current?.State ?? 'queued';
  const total = current?.RowsTotal ?? null;
  const written = current?.RowsWritten ?? 0;
  const percent = state === 'ready' ? 100 : total ? Math.floor((written / total) * 100) : 0;
  return (
    <Space
      direction="vertical"
      size={0}
      style={{ width: '100%', marginBottom: 16 }}
      data-testid="export-progress"
      data-state={state}
    >
      <Typography.Text type="secondary">
        {state === 'queued'
          ? t('pool.exportQueued')
          : state === 'ready'
            ? t('pool.exportReady')
            : t('pool.exportRunning', { written, total: total ?? '…' })}
      </Typography.Text>
      <Progress percent={percent} status={state === 'ready' ? 'success' : 'active'} />
    </Space>
  );
}
