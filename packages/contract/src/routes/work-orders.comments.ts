import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';

/**
 * Comments on a work order or a task (spec section 7 `POST /api/sys/Comment/GetCommentList`; its fields
 * are not shown there, these are ours, as is `AddComment`). Whoever sees the target reads and writes them.
 */
export const COMMENT_TARGETS = ['workOrder', 'task'] as const;
export type CommentTarget = (typeof COMMENT_TARGETS)[number];
export const COMMENT_LIMITS = { content: 500 } as const;

const target = {
  TargetType: z.enum(COMMENT_TARGETS, 'workOrders.commentTargetInvalid'),
  TargetId: rules.uuid,
};

export const commentRowSchema = z.object({
  CommentId: z.string(),
  TargetType: z.enum(COMMENT_TARGETS),
  TargetId: z.string(),
  UserId: z.string().nullable(),
  UserName: z.string(),
  Content: z.string(),
  CreateTime: z.string(),
});
export type CommentRow = z.infer<typeof commentRowSchema>;

export const commentRoutes = {
  getCommentList: defineRoute({
    method: 'POST',
    path: '/api/sys/Comment/GetCommentList',
    access: 'authenticated',
    tag: 'workOrders',
    summary: 'Comments on a work order or a task the caller sees, oldest first',
    body: z.object({ ...target, ...pageRequestShape, PageSize: pageRequestShape.PageSize.default(50) }),
    result: pageResultSchema(commentRowSchema),
  }),
  addComment: defineRoute({
    method: 'POST',
    path: '/api/sys/Comment/AddComment',
    access: 'authenticated',
    tag: 'workOrders',
    summary: 'Add a comment to a work order or a task the caller sees; answers the CommentId',
    body: z.object({ ...target, Content: rules.requiredText(COMMENT_LIMITS.content) }),
    result: z.string(),
  }),
};
