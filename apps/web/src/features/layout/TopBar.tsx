import { BookOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { endSession } from '../../shared/api/unauthorized.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';
import { LanguageSwitch } from '../../shared/i18n/LanguageSwitch.tsx';
import { loginPathFor, SUBSYSTEM } from '../../shared/routing/paths.ts';
import { getSession } from '../../shared/storage/session.ts';
import { MessageBell } from '../notifications/MessageBell.tsx';
import { OperatorPasswordDialog } from '../operator-console/OperatorPasswordDialog.tsx';

/**
 * `operator`: the platform operator has no messages, manual pages or personal centre of a company;
 * it changes its own password from here.
 */
export function TopBar({ userName, operator = false }: { userName: string; operator?: boolean }) {
  const { t } = useTranslation(['layout', 'common']);
  const modal = useModal();
  const navigate = useNavigate();
  const [changingPassword, setChangingPassword] = useState(false);

  const signOut = () =>
    modal.confirm({
      title: t('top.signOutConfirm'),
      okText: t('common:action.ok'),
      cancelText: t('common:action.cancel'),
      onOk: () => {
        // The local session ends first (its queries are cancelled and the cache cleared), so no
        // request of this page is sent with the token the server is about to refuse; the server is
        // then told with that token, best effort.
        const token = getSession()?.token;
        endSession();
        if (token) void callApi(routes.auth.logout, undefined, { quiet: true, token }).catch(() => undefined);
        notify.success(t('top.signedOut'));
        navigate(loginPathFor(SUBSYSTEM.cloud), { replace: true });
      },
    });

  return (
    <Flex justify="space-between" align="center" style={{ height: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'nowrap' }}>
        {t('common:appName')}
      </Typography.Title>
      <Space size="middle">
        <LanguageSwitch size="small" />
        {!operator && <MessageBell />}
        {!operator && (
          <Button
            type="text"
            icon={<BookOutlined />}
            onClick={() => navigate(`/${SUBSYSTEM.cloud}/userManual`)}
          >
            {t('top.userManual')}
          </Button>
        )}
        {userName && (
          // One line, however large the text (surface mode): a wrapped name spills out of the bar.
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {userName}
          </Typography.Text>
        )}
        {!operator && (
          <Button type="text" icon={<UserOutlined />} onClick={() => navigate(`/${SUBSYSTEM.cloud}/aboug`)}>
            {t('top.profile')}
          </Button>
        )}
        {operator && (
          <Button type="text" icon={<LockOutlined />} onClick={() => setChangingPassword(true)}>
            {t('menu.changePassword')}
          </Button>
        )}
        <Button type="text" icon={<LogoutOutlined />} onClick={signOut}>
          {t('top.signOut')}
        </Button>
      </Space>
      {changingPassword && <OperatorPasswordDialog onClose={() => setChangingPassword(false)} />}
    </Flex>
  );
}
