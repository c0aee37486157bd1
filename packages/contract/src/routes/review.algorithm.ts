import { z } from 'zod';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { pictureInline, pngInline } from './file-answers.ts';

/**
 * The algorithm image and grinding (spec sections 3 and 7, domain.md section 9 step 4): a
 * deviation heatmap of a flatness surface, and the grinding amount and area per site and per task.
 *
 * Grinding (打磨量) of one flatness item at one site, from its valid values and the frozen standard's
 * upper edge R: `Exceeding` values are those above R; the grinding area is the site's area times the
 * share of exceeding values (`AreaM2 * Exceeding / Values`), the mean excess depth the mean of
 * `v - R` over them, and the grinding amount area x depth (m2 x mm = litres). A site without an area
 * has no grinding area or amount (null).
 */
export const grindingSchema = z.object({
  ItemCode: z.string(),
  Name: z.string(),
  /** The frozen standard's upper edge (mm) the values are compared with. */
  StandardMm: z.number(),
  /** Valid values of the item at the site. */
  Values: z.number().int(),
  /** Valid values above the standard. */
  Exceeding: z.number().int(),
  /** The site's area (m2), null when the upload gave none. */
  AreaM2: z.number().nullable(),
  /** m2, 3 decimals; null without an area. */
  GrindingAreaM2: z.number().nullable(),
  /** Mean of (value - standard) over the exceeding values, mm, 2 decimals; 0 when none exceed. */
  MeanExcessMm: z.number(),
  /** Litres (m2 x mm), 3 decimals; null without an area. */
  GrindingVolumeL: z.number().nullable(),
});
export type Grinding = z.infer<typeof grindingSchema>;

export const grindingTotalsSchema = z.object({
  /** Sites measured for the item(s), each once. */
  Sites: z.number().int(),
  /** Sites with at least one exceeding value. */
  SitesToGrind: z.number().int(),
  /** Sum of those sites' areas, each site once (m2, 3 decimals). */
  AreaM2: z.number(),
  GrindingAreaM2: z.number(),
  GrindingVolumeL: z.number(),
});
export type GrindingTotals = z.infer<typeof grindingTotalsSchema>;

export const taskGrindingSchema = z.object({
  Total: grindingTotalsSchema,
  Items: z.array(
    grindingTotalsSchema.extend({ ItemCode: z.string(), Name: z.string(), StandardMm: z.number() }),
  ),
});
export type TaskGrinding = z.infer<typeof taskGrindingSchema>;

/** Where an algorithm image's deviations come from (answered in the `X-Algorithm-Source` header). */
export const ALGORITHM_SOURCES = ['pointcloud', 'readings'] as const;
export type AlgorithmSource = (typeof ALGORITHM_SOURCES)[number];

/**
 * A ruler's orientation on the surface: within 15 degrees of the vertical or of the horizontal;
 * anything else (the 45 degree flatness rulers) is diagonal and always drawn.
 */
export const RULER_ORIENTATIONS = ['vertical', 'horizontal', 'diagonal'] as const;
export type RulerOrientation = (typeof RULER_ORIENTATIONS)[number];
export function rulerOrientation(ruler: {
  X1: number;
  Y1: number;
  X2: number;
  Y2: number;
}): RulerOrientation {
  const angle = (Math.atan2(Math.abs(ruler.Y2 - ruler.Y1), Math.abs(ruler.X2 - ruler.X1)) * 180) / Math.PI;
  if (angle >= 75) return 'vertical';
  if (angle <= 15) return 'horizontal';
  return 'diagonal';
}

const tag = 'review';
const pointIndex = z
  .number('validation.invalidValue')
  .int('validation.invalidValue')
  .min(1, 'review.pointIndexRange')
  .max(10_000_000, 'review.pointIndexRange');

export const reviewAlgorithmRoutes = {
  genAlgorithmImage: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/GenAlgorithmImage',
    access: 'authenticated',
    tag,
    summary:
      'The algorithm image of a flatness item at a site (a PNG, not an envelope): a deviation heatmap of the surface ' +
      "with a legend in mm, from the site's point cloud (PCD or PLY, ASCII or binary) where one was uploaded and " +
      'can be read, else interpolated from its valid readings laid along their rulers; header X-Algorithm-Source ' +
      'says which, X-Algorithm-Rulers the number of rulers a readings map is interpolated from, X-Algorithm-Points ' +
      'the number of cloud points a point cloud map draws; the legend shows the same (a ruler or a dot cloud and N)',
    body: z.object({
      TaskId: rules.uuid,
      PointIndex: pointIndex,
      ItemCode: rules.requiredText(20),
    }),
    result: z.null(),
    file: pngInline,
  }),
  getTaskGrinding: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/GetTaskGrinding',
    access: 'authenticated',
    tag,
    summary:
      "The task's grinding amount and area: totals over its flatness items and per item, from the stored valid " +
      'values and the frozen standard',
    body: z.object({ TaskId: rules.uuid }),
    result: taskGrindingSchema,
  }),
  showVerHor: defineRoute({
    method: 'POST',
    path: '/api/ms/Task/ShowVerHor',
    access: 'authenticated',
    tag,
    summary:
      "A site's picture annotated with only some of its rulers (a PNG, not an envelope): Vertical and Horizontal " +
      'say whether rulers within 15 degrees of the vertical / horizontal are drawn; diagonal rulers always are',
    body: z.object({
      TaskId: rules.uuid,
      PointIndex: pointIndex,
      FileId: z.string().trim().min(1).max(128),
      Vertical: z.boolean('validation.invalidValue'),
      Horizontal: z.boolean('validation.invalidValue'),
    }),
    result: z.null(),
    file: pictureInline,
  }),
  redrawPicture: defineRoute({
    method: 'POST',
    path: '/api/ms/Task/RedrawPicture',
    access: 'authenticated',
    tag,
    summary:
      "A site's picture drawn again with all its rulers and their current values and grades (a PNG, not an " +
      'envelope), as after a change; the same image as the annotated picture address',
    body: z.object({
      TaskId: rules.uuid,
      PointIndex: pointIndex,
      FileId: z.string().trim().min(1).max(128),
    }),
    result: z.null(),
    file: pictureInline,
  }),
};
