import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { externalWallsRoutes } from './external-walls.ts';
import { projectRowSchema } from './projects.ts';
import { reviewRoutes } from './review.ts';
import { scanItemSchema } from './scans.ts';
import { taskDetailSchema, taskRowSchema } from './tasks.ts';

/**
 * The demo area (spec section 2; issue 34 item 3): the platform's example project, its tasks and a
 * task's detail, read-only for every signed-in user of any company. The data is one hidden
 * platform-level company's (made through the same services as real data); these reads are its only
 * way out, and nothing here writes. The answers have the shapes of the real pages' calls; a demo
 * site's picture addresses are the demo picture route's.
 */
const tag = 'demo-area';

export const demoProjectRowSchema = projectRowSchema.omit({ UserIds: true });

export const demoTaskDetailSchema = taskDetailSchema.extend({
  /** The task's scans (point clouds and models) as the point cloud list shows them. */
  Scans: z.array(scanItemSchema),
});
export type DemoTaskDetail = z.infer<typeof demoTaskDetailSchema>;

export const demoAreaRoutes = {
  getDemoProjectList: defineRoute({
    method: 'POST',
    path: '/api/ms/DemoArea/GetProjectList',
    access: 'authenticated',
    tag,
    summary: 'The demo projects (the platform example), newest first; the same for every company',
    body: z.object(pageRequestShape),
    result: pageResultSchema(demoProjectRowSchema),
  }),
  getDemoTaskList: defineRoute({
    method: 'POST',
    path: '/api/ms/DemoArea/GetTaskList',
    access: 'authenticated',
    tag,
    summary: "A demo project's tasks with their figures, newest first; an id that is no demo project: 404",
    body: z.object({ ...pageRequestShape, ProjectId: rules.uuid }),
    result: pageResultSchema(taskRowSchema),
  }),
  getDemoTask: defineRoute({
    method: 'POST',
    path: '/api/ms/DemoArea/GetTask',
    access: 'authenticated',
    tag,
    summary:
      'One demo task as the task detail shows it (items, households, sites, figures) with its scans; an id that ' +
      'is no demo task: 404',
    body: z.object({ TaskId: rules.uuid }),
    result: demoTaskDetailSchema,
  }),
  getDemoSite: defineRoute({
    method: 'POST',
    path: '/api/ms/DemoArea/GetSite',
    access: 'authenticated',
    tag,
    summary: 'One site of a demo task as the review shows it (readings with grades, figures); read-only',
    body: reviewRoutes.getMsPicDto.body,
    result: reviewRoutes.getMsPicDto.result,
  }),
  getDemoPicture: defineRoute({
    method: 'GET',
    path: '/api/ms/DemoArea/Picture/:TaskId/:PointIndex/:FileId',
    access: 'authenticated',
    tag,
    summary:
      "A picture of a demo site (the bytes, not an envelope), with any session; Annotated=true draws the site's " +
      'rulers with their values (PNG); a picture the demo site does not name: 404',
    params: reviewRoutes.getPicture.params,
    query: reviewRoutes.getPicture.query,
    result: z.null(),
    file: reviewRoutes.getPicture.file,
  }),
  getDemoExternalWall: defineRoute({
    method: 'POST',
    path: '/api/ms/DemoArea/GetExternalWall',
    access: 'authenticated',
    tag,
    summary:
      'The demo external-wall task per side, as the elevation shows it (taskDetailExternalWall); read-only; an id ' +
      'that is no demo task: 404, a demo task of another kind: Code 400',
    body: externalWallsRoutes.getTask.body,
    result: externalWallsRoutes.getTask.result,
  }),
};
