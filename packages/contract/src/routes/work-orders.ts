import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import { figuresSchema } from '../figures.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { listExportRoute } from './list-export.ts';
import { STAGES } from './standards.ts';

/**
 * Work orders (measurement-api.md section 7; domain.md sections 8 and 9 step 6): a rectification or
 * re-measurement of a place, from undistributed to completed, and the re-measure task that checks it.
 */

export const WORK_ORDER_TYPES = ['rectify', 'remeasure'] as const;
export type WorkOrderType = (typeof WORK_ORDER_TYPES)[number];
export const WORK_ORDER_STATES = ['undistributed', 'unstart', 'start', 'completed'] as const;
export type WorkOrderState = (typeof WORK_ORDER_STATES)[number];
export const WORK_ORDER_EVENTS = ['created', 'assigned', 'started', 'completed', 'remeasureCreated'] as const;

export const WORK_ORDER_LIMITS = {
  remark: 200,
  maxPictures: 20,
  /** Work orders one bulk creation makes at most. */
  maxBulk: 500,
  /** Items one work order names at most. */
  maxItems: 50,
} as const;

const optionalId = z
  .union([rules.uuid, z.literal('')])
  .nullish()
  .transform((value) => value || null);

export const workOrderRowSchema = z.object({
  WorkOrderId: z.string(),
  OrderNumber: z.string(),
  ProjectId: z.string(),
  ProjectName: z.string(),
  Type: z.enum(WORK_ORDER_TYPES),
  /** The stage (the spec's process). */
  Process: z.enum(STAGES),
  BuildingNumber: z.string(),
  Floor: z.number().int(),
  Household: z.number().int().nullable(),
  /**
   * An order at a facade panel (an external-wall task's site): its side and rectangle in metres
   * (measurement-api.md section 9); null otherwise. Its place is then the side and floor, no household.
   */
  Side: z.string().nullable(),
  X0: z.number().nullable(),
  X1: z.number().nullable(),
  Z0: z.number().nullable(),
  Z1: z.number().nullable(),
  TaskId: z.string().nullable(),
  PointIndex: z.number().int().nullable(),
  /** The first of ItemCodes (measurement-api.md section 7 keeps the single item). */
  ItemCode: z.string().nullable(),
  /** The item(s) the order is about: those that failed at its site, unless chosen by hand. */
  ItemCodes: z.array(z.string()),
  /** The items' names (from the task's frozen standard; the code when the order has no task). */
  Items: z.array(z.object({ ItemCode: z.string(), Name: z.string(), NameEn: z.string() })),
  /** An item was chosen by hand that did not fail at the order's site (or the order names no site). */
  ItemsByHand: z.boolean(),
  X: z.number().nullable(),
  Y: z.number().nullable(),
  Remark: z.string(),
  State: z.enum(WORK_ORDER_STATES),
  AssigneeId: z.string().nullable(),
  AssigneeName: z.string().nullable(),
  CompletionRemark: z.string().nullable(),
  PictureFileIds: z.array(z.string()),
  RemeasureTaskId: z.string().nullable(),
  CreatedByName: z.string(),
  CreateTime: z.string(),
  UpdateTime: z.string(),
});
export type WorkOrderRow = z.infer<typeof workOrderRowSchema>;

export const workOrderDetailSchema = workOrderRowSchema.extend({
  /**
   * The re-measure closing the loop, computed on read once the re-measure task has sites that
   * re-measure the order's site (its PointIndex, else any site of its task at the place): figures of
   * the order's items at those original sites (Before) and at their re-measures (After), over the
   * items measured again only; null before that. An order's item the re-measure did not measure is
   * listed in NotMeasuredAgain with a null After (never counted as passed); After is null when none was.
   */
  Remeasured: z
    .object({
      TaskId: z.string(),
      TaskName: z.string(),
      Before: figuresSchema,
      After: figuresSchema.nullable(),
      /** The items compared (measured on both sides). */
      ItemCodes: z.array(z.string()),
      /** The order's items the re-measure did not measure. */
      NotMeasuredAgain: z.array(z.string()),
      /** The parent task's sites compared (Before) and the re-measure task's sites (After). */
      PointIndexes: z.array(z.number().int()),
      RemeasurePointIndexes: z.array(z.number().int()),
      /** Per item of the order: Before at the original sites, After at the re-measures (null: not measured again). */
      Items: z.array(
        z.object({ ItemCode: z.string(), Before: figuresSchema, After: figuresSchema.nullable() }),
      ),
    })
    .nullable(),
  History: z.array(
    z.object({
      Action: z.enum(WORK_ORDER_EVENTS),
      UserName: z.string(),
      Remark: z.string().nullable(),
      Time: z.string(),
    }),
  ),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetailSchema>;

const workOrderId = z.object({ WorkOrderId: rules.uuid });
/** A work order's floor and household position (the task's ranges). */
export const workOrderFloor = z
  .number('validation.invalidValue')
  .int()
  .min(1, 'tasks.floorRange')
  .max(200, 'tasks.floorRange');
export const workOrderHousehold = z
  .number('validation.invalidValue')
  .int()
  .min(1, 'tasks.householdRange')
  .max(50, 'tasks.householdRange');
const remark = rules.optionalText(WORK_ORDER_LIMITS.remark);
const coordinate = z.number('validation.invalidValue').finite().min(-1e9).max(1e9).nullish();
const tag = 'workOrders';

/** The filters of the work order list (also those of the pinned households of the plan view). */
export const workOrderFilterShape = {
  ProjectId: optionalId,
  State: z.enum(WORK_ORDER_STATES).nullish(),
  Type: z.enum(WORK_ORDER_TYPES).nullish(),
  AssigneeId: optionalId,
  BuildingNumber: rules.optionalText(20),
  Floor: z.number('validation.invalidValue').int().min(1).max(200).nullish(),
  TaskId: optionalId,
};

const workOrderList = defineRoute({
  method: 'POST',
  path: '/api/rs/WorkOrder/List',
  access: 'authenticated',
  tag,
  summary:
    'Work orders the caller sees (those of the projects of the caller’s scope, assignee or not), newest first; ' +
    'filters ProjectId, State, Type, AssigneeId, BuildingNumber, Floor, TaskId; paged',
  body: z.object({ ...workOrderFilterShape, ...pageRequestShape }),
  result: pageResultSchema(workOrderRowSchema),
});

export const workOrdersRoutes = {
  add: defineRoute({
    method: 'POST',
    path: '/api/rs/WorkOrderMap/Add',
    access: 'project.distribute',
    tag,
    summary:
      'A work order for a place of a project: Type rectify|remeasure, Process (stage), BuildingNumber, Floor, ' +
      'Household?, TaskId + PointIndex for a site of a task with its items: ItemCodes (or the single ItemCode; ' +
      'default: the items that failed there, an item that did not fail is refused unless ItemsByHand, then ' +
      'marked so), X/Y a pin on the household plan (image ' +
      'pixels, or drawing units inside the rooms drawn), Remark, AssigneeId (then unstart, else undistributed). ' +
      'Answers the WorkOrderId; the order number is WO + date + sequence',
    body: z.object({
      ProjectId: rules.uuid,
      Type: z.enum(WORK_ORDER_TYPES, 'workOrders.typeInvalid'),
      Process: z.enum(STAGES, 'tasks.stageInvalid'),
      BuildingNumber: rules.requiredText(20),
      Floor: workOrderFloor,
      Household: workOrderHousehold.nullish(),
      TaskId: optionalId,
      PointIndex: z.number('validation.invalidValue').int().min(1).max(1_000_000).nullish(),
      ItemCode: rules.optionalText(20),
      ItemCodes: z
        .array(rules.requiredText(20))
        .max(WORK_ORDER_LIMITS.maxItems, 'workOrders.tooManyItems')
        .nullish(),
      /** The items were typed by hand: an item that did not fail at the site is taken (and marked so). */
      ItemsByHand: z.boolean('validation.invalidValue').nullish(),
      X: coordinate,
      Y: coordinate,
      Remark: remark,
      AssigneeId: optionalId,
    }),
    result: z.string(),
  }),
  addFromTask: defineRoute({
    method: 'POST',
    path: '/api/rs/WorkOrderMap/AddFromTask',
    access: 'project.distribute',
    tag,
    summary:
      'Rectification work orders for every site of a task with an exploded reading (Unqualified: true adds the ' +
      'unqualified ones), one per site with the items that failed there, skipping sites that already have an open work order; AssigneeId optional',
    body: z.object({ TaskId: rules.uuid, Unqualified: z.boolean().optional(), AssigneeId: optionalId }),
    result: z.object({ Created: z.number().int(), Skipped: z.number().int() }),
  }),
  list: workOrderList,
  exportWorkOrderList: listExportRoute(
    workOrderList,
    '/api/rs/WorkOrder/ExportList',
    'Work orders the caller sees',
  ),
  get: defineRoute({
    method: 'POST',
    path: '/api/rs/WorkOrder/Get',
    access: 'authenticated',
    tag,
    summary: 'One work order with its history',
    body: workOrderId,
    result: workOrderDetailSchema,
  }),
  getWorkOrderMapProjects: defineRoute({
    method: 'POST',
    path: '/api/rs/WorkOrderMap/GetWorkOrderMapProjects',
    access: 'authenticated',
    tag,
    summary: 'Projects the caller sees that have work orders, with their counts per state',
    result: z.array(
      z.object({
        ProjectId: z.string(),
        ProjectName: z.string(),
        Counts: z.object(
          Object.fromEntries(WORK_ORDER_STATES.map((state) => [state, z.number().int()])) as {
            [K in WorkOrderState]: z.ZodNumber;
          },
        ),
      }),
    ),
  }),
  assign: defineRoute({
    method: 'POST',
    path: '/api/rs/WorkOrder/Assign',
    access: 'project.distribute',
    tag,
    summary:
      'undistributed -> unstart, to a person of the company who sees the project (any other state: 409)',
    body: workOrderId.extend({ AssigneeId: rules.uuid }),
    result: workOrderRowSchema,
  }),
  start: defineRoute({
    method: 'POST',
    path: '/api/rs/WorkOrder/Start',
    access: 'authenticated',
    tag,
    summary: 'unstart -> start, by the assignee or a holder of project.distribute (any other state: 409)',
    body: workOrderId,
    result: workOrderRowSchema,
  }),
  complete: defineRoute({
    method: 'POST',
    path: '/api/rs/WorkOrder/Complete',
    access: 'authenticated',
    tag,
    summary:
      'start -> completed with a Remark (required) and PictureFileIds (finished picture uploads), by the assignee ' +
      'or a holder of project.distribute (any other state: 409)',
    body: workOrderId.extend({
      Remark: rules.requiredText(WORK_ORDER_LIMITS.remark),
      PictureFileIds: z
        .array(z.string().max(128))
        .max(WORK_ORDER_LIMITS.maxPictures, 'workOrders.tooManyPictures')
        .nullish(),
    }),
    result: workOrderRowSchema,
  }),
  createRemeasureTask: defineRoute({
    method: 'POST',
    path: '/api/rs/WorkOrder/CreateRemeasureTask',
    access: 'project.distribute',
    tag,
    summary:
      'A re-measure task of the work order’s place (its household, or every household of the floor), stage and ' +
      'items, child of its task, measuring only the order’s site when it names one (RemeasureSites of the work ' +
      'package); only for a completed work order, once (409 otherwise). Answers the TaskId',
    body: workOrderId,
    result: z.string(),
  }),
};
