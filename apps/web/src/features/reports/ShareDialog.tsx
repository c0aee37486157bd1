import { REPORT_LIMITS, type ReportShare } from '@measure/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Flex, InputNumber, List, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import './i18n.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';

const time = (value: string) => showDateTime(value);

/** One share: its link (copyable), QR code and expiry. */
function ShareCard({ share, extra }: { share: ReportShare; extra?: ReactNode }) {
  const { t } = useTranslation('reports');
  return (
    <Flex gap={16} wrap align="center" data-testid="report-share">
      <img src={share.QrCode} alt={t('share.qrAlt')} width={160} height={160} />
      <Space direction="vertical" style={{ flex: 1, minWidth: 220 }}>
        <Typography.Text strong>{t('share.link')}</Typography.Text>
        <Typography.Text copyable={{ text: share.Url }} style={{ wordBreak: 'break-all' }}>
          {share.Url}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('share.expires', { time: time(share.ExpiresAt) })}
        </Typography.Text>
        {extra}
      </Space>
    </Flex>
  );
}

/**
 * Sharing a task's report: a new link with its QR code, and the open shares, each revocable. Opened
 * where a scan is viewed (`scanId`), the new share may name it (SharingReport's ScanId: the shared
 * model preview opens on that scan). `links` adds pages of the same share (an external wall's sides).
 */
export function ShareDialog({
  taskId,
  scanId,
  links,
  onClose,
}: {
  taskId: string;
  scanId?: string | null;
  links?: (share: ReportShare) => ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation(['reports', 'common']);
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number>(REPORT_LIMITS.shareDefaultDays);
  const [created, setCreated] = useState<ReportShare | null>(null);
  const [busy, setBusy] = useState(false);
  const [withScan, setWithScan] = useState(Boolean(scanId));
  const key = ['reports', 'shares', taskId];
  const shares = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callApi(routes.reports.getReportShares, { TaskId: taskId }, { signal }),
  });
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  const create = () =>
    run(async () => {
      setCreated(
        await callApi(routes.reports.sharingReport, {
          TaskId: taskId,
          ExpiresInDays: days,
          ...(scanId && withScan ? { ScanId: scanId } : {}),
        }),
      );
    });
  const revoke = (shareId: string) =>
    run(async () => {
      await callApi(routes.reports.revokeShare, { ShareId: shareId });
      if (created?.ShareId === shareId) setCreated(null);
    });

  return (
    <Modal
      open
      title={t('share.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('share.close')}</Button>}
      width={640}
    >
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Space wrap>
          <span>{t('share.days')}</span>
          <InputNumber
            min={1}
            max={REPORT_LIMITS.shareMaxDays}
            precision={0}
            value={days}
            onChange={(value) => setDays(value ?? REPORT_LIMITS.shareDefaultDays)}
            aria-label={t('share.days')}
          />
          {scanId && (
            <Checkbox checked={withScan} onChange={(event) => setWithScan(event.target.checked)}>
              {t('share.withScan')}
            </Checkbox>
          )}
          <Button type="primary" loading={busy} onClick={() => void create()}>
            {t('share.create')}
          </Button>
        </Space>
        {created && <ShareCard share={created} extra={links?.(created)} />}
        <div>
          <Typography.Title level={5}>{t('share.open')}</Typography.Title>
          <List<ReportShare>
            loading={shares.isLoading}
            dataSource={shares.data ?? []}
            locale={{ emptyText: <Empty description={t('share.noneOpen')} /> }}
            renderItem={(share) => (
              <List.Item
                actions={[
                  <Popconfirm
                    key="revoke"
                    title={t('share.revokeConfirm')}
                    okText={t('common:action.ok')}
                    cancelText={t('common:action.cancel')}
                    onConfirm={() => void revoke(share.ShareId)}
                  >
                    <Button danger size="small" disabled={busy}>
                      {t('share.revoke')}
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <Typography.Text copyable={{ text: share.Url }} ellipsis style={{ maxWidth: 380 }}>
                      {share.Url}
                    </Typography.Text>
                  }
                  description={
                    <>
                      {t('share.expires', { time: time(share.ExpiresAt) })}
                      {links?.(share)}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        </div>
      </Space>
    </Modal>
  );
}
