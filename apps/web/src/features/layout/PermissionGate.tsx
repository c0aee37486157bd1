import type { Permission } from '@measure/contract';
import { Card, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { holds } from '../auth/permissions.ts';
import { useSelf } from '../auth/self.ts';

/**
 * A page that needs a permission: opened by address without it, the page shows "no permission"
 * instead of calls the server would refuse (the server checks every call anyway).
 */
export function PermissionGate({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { t } = useTranslation();
  const self = useSelf();
  if (!self.data) return <Card>{self.isError ? null : <Skeleton active />}</Card>;
  if (!holds(self.data, permission)) {
    return <Result status="403" title={t('forbidden.title')} subTitle={t('forbidden.subTitle')} />;
  }
  return children;
}
