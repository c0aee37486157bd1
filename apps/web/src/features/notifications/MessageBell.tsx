import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { MESSAGES_KEY } from './messageKeys.ts';
// Registers the namespace before the bell's first render.
import './i18n.ts';

const MessageDrawer = lazy(() => import('./MessageDrawer.tsx'));

/** How often the unread count is asked again while the page stays open (and on window focus). */
export const UNREAD_POLL_MS = 30_000;

/** The top bar's bell: the unread count of the message list; a click opens the list. */
export function MessageBell() {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const unread = useQuery({
    queryKey: [...MESSAGES_KEY, 'unread'],
    queryFn: ({ signal }) => callApi(routes.notifications.getUnreadCount, undefined, { signal, quiet: true }),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  const count = unread.data?.Unread ?? 0;

  return (
    <>
      <Badge count={count} size="small" offset={[-4, 4]} data-testid="message-count">
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={t('messages.open')}
          onClick={() => setOpen(true)}
        >
          {t('messages.open')}
        </Button>
      </Badge>
      {open && (
        <Suspense fallback={null}>
          <MessageDrawer onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
