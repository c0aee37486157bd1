import { z } from 'zod';
import { figuresSchema } from '../figures.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { resultReadingSchema } from './results.device.ts';
import { householdRefSchema, frozenStandardSchema } from './tasks.ts';
import { JUDGING_MODES } from './standards.ts';

/**
 * Readings typed in on the web (spec `ManualMeasureSummaryItems`; measurement-api.md section 3:
 * stored through the same results service with `Source: manual`). A manual site is one room of a
 * household (or the whole household when its house type has no rooms); saving it again corrects it.
 */
export const GRADE_NAMES = ['qualified', 'warning', 'unqualified', 'exploded'] as const;

export const manualItemSchema = z.object({
  ItemCode: z.string(),
  Name: z.string(),
  Mode: z.enum(JUDGING_MODES),
  NeedsDesign: z.boolean(),
  Standard: frozenStandardSchema,
  MinReadings: z.number().int(),
  MaxReadings: z.number().int(),
  InitialReadings: z.number().int(),
});

export const manualEntrySchema = householdRefSchema.extend({
  PointIndex: z.number().int(),
  RoomId: z.string().nullable(),
  Name: z.string(),
  MeasuredAt: z.string(),
  Readings: z.array(
    z.object({
      ItemCode: z.string(),
      Values: z.array(z.number()),
      /** One per judged value (one per spot group in range mode); empty when not judged. */
      Grades: z.array(z.enum(GRADE_NAMES)),
    }),
  ),
  Figures: figuresSchema,
});
export type ManualEntry = z.infer<typeof manualEntrySchema>;

const taskId = z.object({ TaskId: rules.uuid });
const tag = 'results';

export const resultsRoutes = {
  getManualMeasureSummaryItems: defineRoute({
    method: 'POST',
    path: '/api/ms/ManualMeasureSummaryItems/GetManualMeasureSummaryItems',
    access: 'authenticated',
    tag,
    summary:
      'Manual entry of a task: the items whose frozen rule allows manual entry (with standard and reading counts), ' +
      'the households with the rooms of their house type, and the manual sites entered so far',
    body: taskId,
    result: z.object({
      TaskId: z.string(),
      Name: z.string(),
      /** Readings can be saved: the task is open and the caller executes it or plans its project. */
      Editable: z.boolean(),
      Items: z.array(manualItemSchema),
      Households: z.array(
        householdRefSchema.extend({
          HouseMapName: z.string(),
          Rooms: z.array(z.object({ RoomId: z.string(), Name: z.string() })),
        }),
      ),
      Entries: z.array(manualEntrySchema),
      Figures: figuresSchema,
    }),
  }),
  updates: defineRoute({
    method: 'POST',
    path: '/api/ms/ManualMeasureSummaryItems/Updates',
    access: 'authenticated',
    tag,
    summary:
      'Save the readings of one room of a household (RoomId empty: the household) as a manual site, judged at ' +
      'once with the frozen standard; saving the same room again corrects it (its history is kept). Only items ' +
      'whose rule allows manual entry. Result: the site with its grades and figures',
    body: householdRefSchema.extend({
      TaskId: rules.uuid,
      RoomId: z
        .union([z.string().trim().min(1).max(64), z.literal('')])
        .nullish()
        .transform((value) => value || null),
      Readings: z
        .array(resultReadingSchema.pick({ ItemCode: true, Values: true }))
        .min(1, 'results.readingsRequired')
        .max(100),
    }),
    result: manualEntrySchema,
  }),
};
