import { useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { takeFreshSignIn } from '../auth/signIn.ts';
import { MESSAGES_KEY } from './messageKeys.ts';
import { opensVersionDialog } from './versionNoticeFlag.ts';
// Registers the namespace before the hook's first render.
import './i18n.ts';

/**
 * After a successful login, the version notice opens when GetNotification flags it to be read
 * (`IsReaded: true`, spec section 4); closing it acknowledges it (SetReaded turns the flag false).
 */
export function useVersionNotice(enabled = true): void {
  const { t } = useTranslation('notifications');
  const modal = useModal();
  const client = useQueryClient();

  useEffect(() => {
    if (!takeFreshSignIn() || !enabled) return;
    void callApi(routes.notifications.getNotification)
      .then((notice) => {
        if (!notice || !opensVersionDialog(notice)) return;
        modal.info({
          title: notice.UpdateTitle || t('notice.title'),
          width: 560,
          okText: t('notice.ok'),
          content: (
            <>
              <Typography.Paragraph strong>{notice.TipsContent}</Typography.Paragraph>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
                {notice.UpdateContent}
              </Typography.Paragraph>
            </>
          ),
          afterClose: () => {
            void callApi(routes.notifications.setReaded, {
              UpdateNotificationId: notice.UpdateNotificationId,
            })
              // The notice is in the message list too: its unread count changes.
              .then(() => client.invalidateQueries({ queryKey: MESSAGES_KEY }))
              .catch(() => undefined);
          },
        });
      })
      // The notice is a courtesy: failures were already reported by the client when they matter.
      .catch(() => undefined);
  }, [client, modal, t, enabled]);
}
