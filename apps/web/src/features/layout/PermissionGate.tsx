import type { Permission } from '@measure/contract';
import { Button, Card, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LANDING_PATH } from '../../shared/routing/paths.ts';
import { holds } from '../auth/permissions.ts';
import { useSelf } from '../auth/self.ts';

/** The "no access" page: what the user's role cannot use, with the way back to data reports. */
export function NoAccess() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('forbidden.title')}
      subTitle={t('forbidden.subTitle')}
      extra={
        <Button type="primary" onClick={() => navigate(LANDING_PATH)}>
          {t('action.backHome')}
        </Button>
      }
    />
  );
}

/**
 * A page that needs a permission: opened by address without it, the page shows "no permission"
 * instead of calls the server would refuse (the server checks every call anyway).
 */
export function PermissionGate({ permission, children }: { permission: Permission; children: ReactNode }) {
  const self = useSelf();
  if (!self.data) return <Card>{self.isError ? null : <Skeleton active />}</Card>;
  if (!holds(self.data, permission)) return <NoAccess />;
  return children;
}
