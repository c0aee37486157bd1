import { useQuery } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { HEALTH_REFRESH_MS, RobotCards } from './RobotsPage.tsx';
import './i18n.ts';

/**
 * My devices (`myDevices`, every role): the robots and scanners assigned to the signed-in user with
 * their live state, read-only. Changes stay in device management (the server refuses them to others).
 */
export default function MyDevicesPage() {
  const { t } = useTranslation(['devices', 'common']);
  const query = useQuery({
    queryKey: ['devices', 'mine'],
    queryFn: ({ signal }) => callApi(routes.devices.getMyDevices, {}, { signal }),
    refetchInterval: HEALTH_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  const devices = query.data?.Items ?? [];
  return (
    <Card
      title={t('mine.title')}
      extra={
        <Typography.Text type="secondary">
          {t('robots.refresh')} ·{' '}
          {t('robots.offlineHelp', { seconds: query.data?.OfflineAfterSeconds ?? 30 })}
        </Typography.Text>
      }
    >
      <Typography.Paragraph type="secondary">{t('mine.help')}</Typography.Paragraph>
      <RobotCards robots={devices} loading={query.isLoading} empty={t('mine.empty')} />
    </Card>
  );
}
