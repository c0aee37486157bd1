import { z } from 'zod';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';

export const notificationSchema = z.object({
  UpdateNotificationId: z.string(),
  UpdateTitle: z.string(),
  TipsContent: z.string(),
  UpdateContent: z.string(),
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
    summary: 'The newest version update notice for the signed-in user (null when there is none)',
    result: notificationSchema.nullable(),
  }),
  setReaded: defineRoute({
    method: 'GET',
    path: '/api/sys/Notification/SetReaded',
    access: 'authenticated',
    tag: 'notifications',
    summary: 'Mark a notice as read (all of the user’s notices when no id is given)',
    query: z.object({ UpdateNotificationId: rules.uuid.optional() }),
    result: z.null(),
  }),
};
