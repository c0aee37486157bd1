import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { taskDate } from './tasks.ts';

/**
 * The message list (issue 18 item 4; spec section 2 "message list"): messages to the signed-in user,
 * written where the event happens, and the foundation's version notices, newest first. Paths are ours,
 * beside the spec's `/api/sys/Notification/*`.
 */
export const MESSAGE_KINDS = [
  'version',
  'workOrderAssigned',
  'taskFinished',
  'reportAudited',
  'deviceOffline',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const messageRowSchema = z.object({
  MessageId: z.string(),
  Kind: z.enum(MESSAGE_KINDS),
  Title: z.string(),
  Content: z.string(),
  IsReaded: z.boolean(),
  CreateTime: z.string(),
  ProjectId: z.string().nullable(),
  TaskId: z.string().nullable(),
  WorkOrderId: z.string().nullable(),
});
export type MessageRow = z.infer<typeof messageRowSchema>;

export const messageRoutes = {
  getMessageList: defineRoute({
    method: 'POST',
    path: '/api/sys/Notification/GetMessageList',
    access: 'authenticated',
    tag: 'notifications',
    summary:
      'The signed-in user’s messages and the version notices, newest first, with the unread count (of all). ' +
      'Filters (the messages page): UnreadOnly, IsReaded (true: read ones, false: unread ones), Kind, ' +
      'StartDate..EndDate (YYYY-MM-DD, days in the company time zone, both included)',
    body: z
      .object({
        UnreadOnly: z.boolean('validation.invalidValue').nullish(),
        IsReaded: z.boolean('validation.invalidValue').nullish(),
        Kind: z.enum(MESSAGE_KINDS, { error: 'validation.invalidValue' }).nullish(),
        StartDate: taskDate,
        EndDate: taskDate,
        ...pageRequestShape,
      })
      .superRefine((value, context) => {
        if (value.StartDate && value.EndDate && value.EndDate < value.StartDate)
          context.addIssue({ code: 'custom', path: ['EndDate'], message: 'analysis.dateOrder' });
      }),
    result: pageResultSchema(messageRowSchema).extend({ Unread: z.number().int() }),
  }),
  getUnreadCount: defineRoute({
    method: 'POST',
    path: '/api/sys/Notification/GetUnreadCount',
    access: 'authenticated',
    tag: 'notifications',
    summary: 'How many messages and version notices the signed-in user has not read',
    result: z.object({ Unread: z.number().int() }),
  }),
  setMessageReaded: defineRoute({
    method: 'POST',
    path: '/api/sys/Notification/SetMessageReaded',
    access: 'authenticated',
    tag: 'notifications',
    summary: 'Mark one message or version notice read (every one of the user’s when no id is given)',
    body: z.object({ MessageId: rules.uuid.nullish() }),
    result: z.null(),
  }),
};
