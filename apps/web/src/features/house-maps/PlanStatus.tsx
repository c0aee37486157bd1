import { Button, Flex, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BaseStatus } from './usePlanBase.ts';

/** Covers the viewport while the plan loads (with the phase) or when it failed (with a reload button). */
export function PlanStatus({ status }: { status: BaseStatus }) {
  const { t } = useTranslation('house-maps');
  if (status.state === 'loading')
    return (
      <div style={overlayStyle}>
        <Flex vertical align="center" gap={12} role="status">
          <Spin size="large" />
          <Typography.Text type="secondary">{t(`viewer.phase.${status.phase ?? 'fetch'}`)}</Typography.Text>
        </Flex>
      </div>
    );
  if (status.state === 'error')
    return (
      <div style={overlayStyle}>
        <Result
          status="warning"
          title={t('viewer.failed')}
          subTitle={status.message}
          extra={<Button onClick={() => window.location.reload()}>{t('viewer.reload')}</Button>}
        />
      </div>
    );
  return null;
}

const overlayStyle: React.CSSProperties = {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'rgba(255, 255, 255, 0.85)',
};
