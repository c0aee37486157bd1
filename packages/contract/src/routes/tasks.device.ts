import { z } from 'zod';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { planAttachment } from './file-answers.ts';
import { measurePointsSchema } from './house-maps.measure-points.ts';
import { JUDGING_MODES, measureRuleSchema } from './standards.ts';
import {
  householdRefSchema,
  remeasureSitesSchema,
  TASK_STATES,
  taskDesignValuesSchema,
  taskFacadeSideSchema,
} from './tasks.ts';
import { TASK_KINDS } from '../places.ts';

/**
 * The task side of the device API (measurement-api.md section 3), under /api/device/v1/. Every call
 * sends `Authorization: Device <DeviceKey>`; a device sees only the tasks assigned to it (else 404).
 */
const taskParams = z.object({ TaskId: rules.uuid });
const tag = 'device-api';

export const deviceTaskRowSchema = z.object({
  TaskId: z.string(),
  Name: z.string(),
  State: z.enum(TASK_STATES),
  ProjectName: z.string(),
  UpdatedAt: z.string(),
});

/** The work package: everything a robot needs to execute the task offline. */
export const workPackageSchema = z.object({
  TaskId: z.string(),
  Name: z.string(),
  State: z.enum(TASK_STATES),
  ProjectId: z.string(),
  ProjectName: z.string(),
  Stage: z.string(),
  /** indoor | externalWall (measurement-api.md section 9). */
  TaskKind: z.enum(TASK_KINDS),
  MeasureKind: z.string(),
  InspectionKind: z.string(),
  PlannedDate: z.string().nullable(),
  /** External-wall tasks: the building, the floor band and the sides to measure (empty for indoor). */
  BuildingNumber: z.string().nullable(),
  FloorFrom: z.number().int().nullable(),
  FloorTo: z.number().int().nullable(),
  Sides: z.array(taskFacadeSideSchema),
  Households: z.array(householdRefSchema.extend({ HouseMapId: z.string() })),
  HouseMaps: z.array(
    z.object({
      HouseMapId: z.string(),
      Name: z.string(),
      MapType: z.string(),
      Width: z.number().nullable(),
      Height: z.number().nullable(),
      /**
       * The house type's floor area in m²: metres per plan unit are sqrt(FloorArea / area of the rooms'
       * polygons), the scale a scanner uses for its plan frame (measurement-api.md section 8).
       */
      FloorArea: z.number().nullable(),
      /** Downloadable with the device key. */
      PlanUrl: z.string(),
      MeasurePoints: measurePointsSchema.nullable(),
    }),
  ),
  Items: z.array(
    z.object({
      ItemCode: z.string(),
      Name: z.string(),
      NameEn: z.string(),
      Mode: z.enum(JUDGING_MODES),
      Standard: z.object({
        Left: z.number(),
        Right: z.number(),
        WarnLeft: z.number(),
        WarnRight: z.number(),
        Exploded: z.number(),
      }),
      Rule: measureRuleSchema,
      NeedsDesign: z.boolean(),
    }),
  ),
  DesignValues: z.array(taskDesignValuesSchema),
  /** Only these sites (rooms) are measured when present (a re-measure for a work order). */
  RemeasureSites: remeasureSitesSchema,
});
export type WorkPackage = z.infer<typeof workPackageSchema>;

export const taskDeviceRoutes = {
  tasks: defineRoute({
    method: 'GET',
    path: '/api/device/v1/Tasks',
    access: 'device',
    tag,
    summary: "Authorization: Device <DeviceKey>. The device's tasks that are pending or in progress",
    result: z.array(deviceTaskRowSchema),
  }),
  workPackage: defineRoute({
    method: 'GET',
    path: '/api/device/v1/Tasks/:TaskId',
    access: 'device',
    tag,
    summary:
      'The work package: the task, its households with their house type, each house type with MeasurePoints and ' +
      'plan URL, the frozen items and standards, design values per site type',
    params: taskParams,
    result: workPackageSchema,
  }),
  planFile: defineRoute({
    method: 'GET',
    path: '/api/device/v1/Tasks/:TaskId/HouseMaps/:HouseMapId/Plan',
    access: 'device',
    tag,
    summary: 'The plan file of a house type of the task (the file itself, not the envelope)',
    params: z.object({ TaskId: rules.uuid, HouseMapId: rules.uuid }),
    result: z.null(),
    file: planAttachment,
  }),
  start: defineRoute({
    method: 'POST',
    path: '/api/device/v1/Tasks/:TaskId/Start',
    access: 'device',
    tag,
    summary: 'pending -> inProgress; idempotent (an in-progress task answers the same)',
    params: taskParams,
    result: deviceTaskRowSchema,
  }),
  finish: defineRoute({
    method: 'POST',
    path: '/api/device/v1/Tasks/:TaskId/Finish',
    access: 'device',
    tag,
    summary: 'inProgress -> uploaded; idempotent on an uploaded task',
    params: taskParams,
    result: deviceTaskRowSchema,
  }),
};
