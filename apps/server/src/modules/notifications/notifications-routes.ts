import { notificationsRoutes } from '@measure/contract';
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
}
