import { messageRoutes, notificationsRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

export function registerNotificationsRoutes(app: FastifyInstance, { notifications }: Services): void {
  registerRoute(app, notificationsRoutes.getNotification, async ({ user, request }) =>
    notifications.latest(user, request.lang),
  );

  registerRoute(app, notificationsRoutes.setReaded, async ({ query, user }) => {
    await notifications.markRead(user, query.UpdateNotificationId);
    return null;
  });

  registerRoute(app, messageRoutes.getMessageList, async ({ body, user, request }) =>
    notifications.messageList(user, request.lang, body),
  );

  registerRoute(app, messageRoutes.getUnreadCount, async ({ user }) => notifications.unreadCount(user));

  registerRoute(app, messageRoutes.setMessageReaded, async ({ body, user }) => {
    await notifications.markMessageRead(user, body.MessageId);
    return null;
  });
}
