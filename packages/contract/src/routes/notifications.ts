import { z } from 'zod';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';

export const notificationSchema = z.object({
  UpdateNotificationId: z.string(),
  UpdateTitle: z.string(),
  TipsContent: z.string(),
  UpdateContent: z.string(),
  /**
   * Spec section 4, read literally: `true` means the notice is flagged to be read by this user (pending,
   * not yet acknowledged), and the version update dialog opens; `SetReaded` acknowledges it and the flag
   * turns `false`. This is the opposite of the message list's `IsReaded` (there `true` = already read).
   */
  IsReaded: z.boolean(),
  CreateTime: z.string(),
});
export type VersionNotification = z.infer<typeof notificationSchema>;

export const notificationsRoutes = {
  getNotification: defineRoute({
    method: 'GET',
    path: '/api/sys/Notification/GetNotification',
    access: 'authenticated',
    tag: 'notifications',
    summary:
      'The newest version update notice for the signed-in user (null when there is none). IsReaded true: ' +
      'flagged to be read (not yet acknowledged), the update dialog opens; false: acknowledged (SetReaded).',
    result: notificationSchema.nullable(),
  }),
  setReaded: defineRoute({
    method: 'GET',
    path: '/api/sys/Notification/SetReaded',
    access: 'authenticated',
    tag: 'notifications',
    summary:
      'Acknowledge a notice (its GetNotification IsReaded turns false; all of the user’s notices when no id is given)',
    query: z.object({ UpdateNotificationId: rules.uuid.optional() }),
    result: z.null(),
  }),
};
