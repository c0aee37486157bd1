import { z } from 'zod';
import { SCAN_STATUSES } from './events.ts';
import { figuresSchema } from '../figures.ts';
import { TASK_STATES, taskFacadeSideSchema } from './tasks.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { STAGES } from './standards.ts';

/**
 * External walls (measurement-api.md section 9, gated by `EnabledExternalWall`): an external-wall
 * task read per side as an elevation. Tasks are planned, listed and exported with the task routes
 * (`TaskKind: "externalWall"`); facade sites arrive through the results routes.
 */

/** One facade panel (a facade site) with its figures. */
export const facadePanelSchema = z.object({
  PointIndex: z.number().int(),
  Name: z.string(),
  Floor: z.number().int(),
  X0: z.number(),
  X1: z.number(),
  Z0: z.number(),
  Z1: z.number(),
  Figures: figuresSchema,
  /** The items the panel has readings of, in code order (the task data page filters on them). */
  ItemCodes: z.array(z.string()),
  /** The worst grade among the panel's judged values (null: nothing judged): the colour it is drawn in. */
  Grade: z.enum(['qualified', 'warning', 'unqualified', 'exploded']).nullable(),
  /** The panel has a processed scan (its deviation view opens from the site view). */
  Scanned: z.boolean(),
  /**
   * The scan the panel's deviation view opens on: its newest ready scan, else its newest one still
   * queued, processing or failed; null when the panel has no scan.
   */
  ScanId: z.string().nullable(),
  /** That scan's processing state (null: no scan). */
  ScanStatus: z.enum(SCAN_STATUSES).nullable(),
});
export type FacadePanel = z.infer<typeof facadePanelSchema>;

/** One side as an elevation: its floors as bands (bottom to top), its panels and its figures. */
export const facadeElevationSchema = taskFacadeSideSchema.extend({
  Figures: figuresSchema,
  /** Each floor of the band with its lowest and highest panel edge seen (null: no panel on it yet). */
  Floors: z.array(
    z.object({
      Floor: z.number().int(),
      Z0: z.number().nullable(),
      Z1: z.number().nullable(),
      Figures: figuresSchema,
    }),
  ),
  Panels: z.array(facadePanelSchema),
});
export type FacadeElevation = z.infer<typeof facadeElevationSchema>;

export const externalWallTaskSchema = z.object({
  TaskId: z.string(),
  Name: z.string(),
  ProjectId: z.string(),
  ProjectName: z.string(),
  Stage: z.enum(STAGES),
  State: z.enum(TASK_STATES),
  BuildingNumber: z.string(),
  FloorFrom: z.number().int(),
  FloorTo: z.number().int(),
  /** Another measurement of the same facades: the parent (first measure) or re-measures, newest first. */
  RelatedTaskIds: z.array(z.string()),
  ParentTaskId: z.string().nullable(),
  Sides: z.array(facadeElevationSchema),
  /** The whole task (all sides). */
  Figures: figuresSchema,
});
export type ExternalWallTask = z.infer<typeof externalWallTaskSchema>;

const shareId = z.string().trim().min(1).max(100);
const tag = 'external-walls';

export const externalWallsRoutes = {
  getTask: defineRoute({
    method: 'POST',
    path: '/api/ms/ExternalWall/GetTask',
    access: 'project.detail',
    tag,
    summary:
      'An external-wall task per side (taskDetailExternalWall): each side as an elevation with its floors, its ' +
      'panels at their X/Z with figures and grade, the side figures and the task figures. Not an external-wall ' +
      'task: Code 400; gate EnabledExternalWall off: Code 403',
    body: z.object({ TaskId: rules.uuid }),
    result: externalWallTaskSchema,
  }),
};

export const externalWallShareRoutes = {
  getSharedExternalWall: defineRoute({
    method: 'GET',
    path: '/api/share/:ShareId/ExternalWall',
    access: 'public',
    tag,
    summary:
      'The shared external-wall task per side (externalWallTaskPreview/{ShareId}/{index}); closed or unknown ' +
      'share, a task of another kind or the gate off: 404',
    params: z.object({ ShareId: shareId }),
    result: externalWallTaskSchema,
  }),
};
