import type { RobotRow } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  Progress,
  Row,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { PermissionGate } from '../layout/PermissionGate.tsx';
import './i18n.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';

/** Spec section 9: robot health is refreshed every 5000 ms. */
export const HEALTH_REFRESH_MS = 5000;
const FLAGS = [
  'DriveHealth',
  'NetworkHealth',
  'PowerHealth',
  'VisionServerHealth',
  'TaskInDatabase',
  'TaskInFramework',
] as const;

/** The robots page (`equipment`): the company's robots with live health from their heartbeats. */
export default function RobotsPage() {
  return (
    <PermissionGate permission="device.distribute">
      <Robots />
    </PermissionGate>
  );
}

function Robots() {
  const { t } = useTranslation(['devices', 'common']);
  const [keyword, setKeyword] = useState('');
  const query = useQuery({
    queryKey: ['devices', 'robots', keyword],
    queryFn: ({ signal }) =>
      callApi(routes.devices.getRobotList, { KeyWord: keyword || undefined }, { signal }),
    refetchInterval: HEALTH_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  const robots = query.data?.Items ?? [];
  return (
    <Card
      title={t('robots.title')}
      extra={
        <Space>
          <Typography.Text type="secondary">
            {t('robots.refresh')} ·{' '}
            {t('robots.offlineHelp', { seconds: query.data?.OfflineAfterSeconds ?? 30 })}
          </Typography.Text>
          <Input.Search
            allowClear
            maxLength={50}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            onSearch={(value) => setKeyword(value.trim())}
            style={{ width: 240 }}
          />
        </Space>
      }
    >
      <RobotCards robots={robots} loading={query.isLoading} empty={t('robots.empty')} />
    </Card>
  );
}

/** The devices' cards, three a row on wide screens; `empty` once loaded without any. */
export function RobotCards({
  robots,
  loading,
  empty,
}: {
  robots: RobotRow[];
  loading: boolean;
  empty: string;
}) {
  if (robots.length === 0 && !loading) return <Empty description={empty} />;
  return (
    <Row gutter={[16, 16]}>
      {robots.map((robot) => (
        <Col key={robot.DeviceGuid} xs={24} md={12} xl={8}>
          <RobotCard robot={robot} />
        </Col>
      ))}
    </Row>
  );
}

/** One device's live state from its last heartbeat (also on my devices); shows, never edits. */
export function RobotCard({ robot }: { robot: RobotRow }) {
  const { t } = useTranslation(['devices', 'common']);
  const flag = (name: (typeof FLAGS)[number]) => {
    const value = robot.Health?.[name] as { Health?: boolean | null; Msg?: string | null } | null | undefined;
    const health = value?.Health;
    const label =
      health === true ? t('health.ok') : health === false ? t('health.fault') : t('health.unknown');
    return {
      key: name,
      label: t(`health.${name}`),
      children: (
        <Tooltip title={value?.Msg || undefined}>
          <Tag color={health === true ? 'green' : health === false ? 'red' : undefined}>{label}</Tag>
          {value?.Msg ? <Typography.Text type="secondary">{value.Msg}</Typography.Text> : null}
        </Tooltip>
      ),
    };
  };
  return (
    <Card
      size="small"
      data-testid={`robot-${robot.DeviceNumber}`}
      data-online={robot.Online ? 'true' : 'false'}
      title={
        <Space>
          <Badge status={robot.Online ? 'success' : 'default'} />
          {robot.DeviceNumber}
          {robot.MachineModel && <Typography.Text type="secondary">{robot.MachineModel}</Typography.Text>}
        </Space>
      }
      extra={
        robot.IsActive ? (
          <Tag color={robot.Online ? 'green' : 'default'}>
            {robot.Online ? t('robots.online') : t('robots.offline')}
          </Tag>
        ) : (
          <Tag>{t('robots.inactive')}</Tag>
        )
      }
    >
      {robot.Alerts.map((alert) => (
        <Alert key={alert.Kind} type="warning" showIcon title={alert.Message} style={{ marginBottom: 8 }} />
      ))}
      <Descriptions
        size="small"
        column={2}
        items={[
          ...FLAGS.map(flag),
          {
            key: 'battery',
            label: t('robots.battery'),
            children:
              robot.Battery === null ? (
                '-'
              ) : (
                <Progress
                  percent={Math.round(robot.Battery)}
                  size="small"
                  status={robot.Battery < 20 ? 'exception' : 'normal'}
                  style={{ width: 100 }}
                />
              ),
          },
          {
            key: 'disk',
            label: t('robots.disk'),
            children: robot.DiskFreeMB === null ? '-' : `${Math.floor(robot.DiskFreeMB)} MB`,
          },
          { key: 'version', label: t('robots.version'), children: robot.SoftwareVersion ?? '-' },
          { key: 'user', label: t('robots.user'), children: robot.DeviceUserName ?? '-' },
        ]}
      />
      <Typography.Text type="secondary">
        {robot.LastSeenAt
          ? t('robots.lastSeen', { time: showDateTime(robot.LastSeenAt) })
          : t('robots.never')}
      </Typography.Text>
    </Card>
  );
}
