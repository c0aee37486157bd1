import { z } from 'zod';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { pictureInline } from './file-answers.ts';
import { MAP_TYPES, measurePointsSchema } from './house-maps.measure-points.ts';
import {
  WORK_ORDER_STATES,
  workOrderFilterShape,
  workOrderFloor,
  workOrderHousehold,
} from './work-orders.ts';

/**
 * Completion photos a person uploads from the browser, the photos of a work order, and a household's
 * plan with the pins of its work orders (issue 18: photos when completing, pins on the plan).
 */

export const WORK_ORDER_PICTURE_LIMITS = {
  /** One JPEG or PNG per upload, at most this many bytes. */
  maxBytes: 10 * 1024 * 1024,
  /** Width x height at most (a photo of a phone or robot camera fits easily). */
  maxPixels: 50_000_000,
} as const;

export const workOrderPinSchema = z.object({
  WorkOrderId: z.string(),
  OrderNumber: z.string(),
  State: z.enum(WORK_ORDER_STATES),
  X: z.number(),
  Y: z.number(),
});
export type WorkOrderPin = z.infer<typeof workOrderPinSchema>;

export const workOrderPlanSchema = z.object({
  HouseMapId: z.string(),
  HouseMapName: z.string(),
  MapType: z.enum(MAP_TYPES),
  /** Image plans: the picture's size in pixels (pins are pixels, y down); null for DXF. */
  Width: z.number().nullable(),
  Height: z.number().nullable(),
  MeasurePoints: measurePointsSchema,
  /** Pinned work orders of the household the caller sees. */
  Pins: z.array(workOrderPinSchema),
});
export type WorkOrderPlan = z.infer<typeof workOrderPlanSchema>;

export const WORK_ORDER_PINNED_PLACES_MAX = 1000;

export const workOrderPinnedPlaceSchema = z.object({
  ProjectId: z.string(),
  ProjectName: z.string(),
  BuildingNumber: z.string(),
  Floor: z.number().int(),
  Household: z.number().int(),
  /** Pinned work orders of the filter there. */
  Count: z.number().int(),
});
export type WorkOrderPinnedPlace = z.infer<typeof workOrderPinnedPlaceSchema>;

/**
 * Whether a pin lies on a household's plan: inside the picture of an image plan (pixels), inside the
 * extent of the rooms drawn on a DXF plan (drawing units; a drawing's own extent is not stored). The
 * server refuses a pin elsewhere (`workOrders.pinOutsidePlan`); the browser refuses the click.
 */
export function pinOnPlan(
  plan: {
    MapType: string;
    Width: number | null;
    Height: number | null;
    MeasurePoints: { Rooms: readonly { Polygon: readonly { X: number; Y: number }[] }[] } | null;
  },
  x: number,
  y: number,
): boolean {
  if (plan.MapType === 'image') {
    return (
      plan.Width !== null && plan.Height !== null && x >= 0 && y >= 0 && x <= plan.Width && y <= plan.Height
    );
  }
  const vertices = (plan.MeasurePoints?.Rooms ?? []).flatMap((room) => room.Polygon);
  if (vertices.length === 0) return false;
  const xs = vertices.map((vertex) => vertex.X);
  const ys = vertices.map((vertex) => vertex.Y);
  return x >= Math.min(...xs) && x <= Math.max(...xs) && y >= Math.min(...ys) && y <= Math.max(...ys);
}

/** The form fields of UploadPicture (besides the file). */
export const workOrderPictureFieldsSchema = z.object({ WorkOrderId: rules.uuid });

const tag = 'workOrders';

export const workOrderPictureRoutes = {
  uploadPicture: defineRoute({
    method: 'POST',
    path: '/api/rs/WorkOrder/UploadPicture',
    access: 'authenticated',
    tag,
    summary:
      'multipart/form-data: WorkOrderId and one file (JPEG or PNG, at most 10 MB, checked by its content), by the ' +
      'assignee or a holder of project.distribute while the work order is in progress. Stored in the company’s ' +
      'file store; answers the FileId that WorkOrder/Complete takes in PictureFileIds',
    result: z.object({ FileId: z.string(), FileName: z.string(), Size: z.number().int() }),
  }),
  getPicture: defineRoute({
    method: 'GET',
    path: '/api/rs/WorkOrder/Picture/:WorkOrderId/:FileId',
    access: 'authenticated',
    tag,
    summary:
      'A completion photo of a work order the caller sees (the bytes, not an envelope); a file the work order ' +
      'does not name is 404',
    params: z.object({ WorkOrderId: rules.uuid, FileId: z.string().trim().min(1).max(128) }),
    result: z.null(),
    file: pictureInline,
  }),
  getPlan: defineRoute({
    method: 'POST',
    path: '/api/rs/WorkOrderMap/GetPlan',
    access: 'authenticated',
    tag,
    summary:
      'The house type plan of a household of a project the caller sees (rooms, stations; image size), with the pins ' +
      'of its work orders the caller sees and their states; null when the household has no house type',
    body: z.object({
      ProjectId: rules.uuid,
      BuildingNumber: rules.requiredText(20),
      Floor: workOrderFloor,
      Household: workOrderHousehold,
    }),
    result: workOrderPlanSchema.nullable(),
  }),
  getPinnedPlaces: defineRoute({
    method: 'POST',
    path: '/api/rs/WorkOrderMap/GetPinnedPlaces',
    access: 'authenticated',
    tag,
    summary:
      'The households where work orders of the filter (the filters and scope of WorkOrder/List) are pinned on the ' +
      'plan, with how many, by project, building, floor and household; at most 1000 (Total counts them all)',
    body: z.object(workOrderFilterShape),
    result: z.object({ Items: z.array(workOrderPinnedPlaceSchema), Total: z.number().int() }),
  }),
};
