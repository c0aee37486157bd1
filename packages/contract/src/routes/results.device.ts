import { z } from 'zod';
import { figuresSchema } from '../figures.ts';
import { FACADE_LIMITS } from '../places.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';

/** Null or undefined: a nullish field not sent. */
const absent = (value: unknown): value is null | undefined => value === null || value === undefined;

/**
 * Results of a task from a device (measurement-api.md section 3): batches of sites with readings,
 * all or nothing, judged on arrival against the task's frozen standard.
 */
export const RESULT_SOURCES = ['robot', 'scanner', 'ruler', 'manual'] as const;
export type ResultSource = (typeof RESULT_SOURCES)[number];
export const SURFACES = ['wall', 'ceiling', 'floor', 'opening', 'facade', 'other'] as const;

export const RESULT_LIMITS = {
  /** JSON body of one batch. */
  batchBytes: 8 * 1024 * 1024,
  /** |value| of a reading and of a design value. */
  maxValue: 20_000,
  /** Values of one site (all its items). */
  maxValuesPerSite: 20_000,
  maxSitesPerBatch: 20_000,
  idempotencyKeyMax: 255,
  /** Idempotency keys are kept this long. */
  idempotencyHours: 24,
  /** A site's MeasuredAt may be at most this far after the server's time (clocks drift a little). */
  measuredAheadMinutes: 5,
} as const;

/** A value or design value in mm: finite (zod 4 numbers are), |v| <= 20,000. Built-in checks: a batch holds 100,000s. */
const reading = z
  .number('results.valueInvalid')
  .min(-RESULT_LIMITS.maxValue, 'results.valueRange')
  .max(RESULT_LIMITS.maxValue, 'results.valueRange');

const ruler = z.object({ X1: z.number(), Y1: z.number(), X2: z.number(), Y2: z.number() });
const fileId = z.string().trim().min(1).max(128);
const elementId = z.string().trim().min(1).max(64);

export const resultReadingSchema = z.object({
  ItemCode: rules.requiredText(20),
  // The range is checked in one loop over the array, not per element: a batch holds 100,000s of values.
  Values: z
    .array(z.number('results.valueInvalid'))
    .min(1, 'results.valuesRequired')
    .max(RESULT_LIMITS.maxValuesPerSite, 'results.tooManyValues')
    .superRefine((values, context) => {
      for (let index = 0; index < values.length; index += 1) {
        if (Math.abs(values[index] as number) > RESULT_LIMITS.maxValue) {
          context.addIssue({
            code: 'custom',
            message: 'results.valueRange',
            path: [index],
            input: values[index],
          });
        }
      }
    }),
  Rulers: z.array(ruler).max(RESULT_LIMITS.maxValuesPerSite).nullish(),
  DesignValue: reading.nullish(),
});

const metresAlong = z
  .number('validation.invalidValue')
  .min(0, 'externalWalls.alongRange')
  .max(FACADE_LIMITS.maxWidthM, 'externalWalls.alongRange');
const metresUp = z
  .number('validation.invalidValue')
  .min(FACADE_LIMITS.minHeightM, 'externalWalls.heightRange')
  .max(FACADE_LIMITS.maxHeightM, 'externalWalls.heightRange');

/**
 * A site is indoor (Household, RoomId) or a facade panel (Side, X0 < X1, Z0 < Z1; measurement-api.md
 * section 9), never both; which one the task takes is the results service's rule (its TaskKind).
 */
function checkSitePlace(
  site: {
    Household?: number | null;
    Side?: string | null;
    X0?: number | null;
    X1?: number | null;
    Z0?: number | null;
    Z1?: number | null;
  },
  context: z.RefinementCtx,
): void {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (absent(site.Side)) {
    if (absent(site.Household)) issue('Household', 'validation.required');
    return;
  }
  if (!absent(site.Household)) issue('Household', 'externalWalls.facadeHasNoHousehold');
  for (const field of ['X0', 'X1', 'Z0', 'Z1'] as const)
    if (absent(site[field])) issue(field, 'validation.required');
  if (!absent(site.X0) && !absent(site.X1) && site.X0 >= site.X1) issue('X1', 'externalWalls.panelEmpty');
  if (!absent(site.Z0) && !absent(site.Z1) && site.Z0 >= site.Z1) issue('Z1', 'externalWalls.panelEmpty');
}

export const resultSiteSchema = z
  .object({
    PointIndex: z.number('validation.invalidValue').int().min(1).max(1_000_000),
    BuildingNumber: rules.requiredText(20),
    Floor: z.number('validation.invalidValue').int().min(1).max(200),
    /** Indoor sites: 1-based household on the floor. Omitted on facade sites. */
    Household: z.number('validation.invalidValue').int().min(1).max(50).nullish(),
    RoomId: elementId.nullish(),
    /** Facade sites (`Surface: "facade"`): the side and the panel in metres (section 9). */
    Side: z
      .string('validation.invalidValue')
      .trim()
      .min(1, 'validation.required')
      .max(FACADE_LIMITS.sideName, 'externalWalls.sideTooLong')
      .nullish(),
    X0: metresAlong.nullish(),
    X1: metresAlong.nullish(),
    Z0: metresUp.nullish(),
    Z1: metresUp.nullish(),
    StationId: elementId.nullish(),
    Name: rules.optionalText(64),
    Surface: z.enum(SURFACES).nullish(),
    AreaM2: z.number().finite().min(0).max(100_000).nullish(),
    /** ISO date-time; default: when the batch arrives. */
    MeasuredAt: z.iso.datetime({ offset: true, error: 'results.measuredAtInvalid' }).nullish(),
    PictureFileIds: z.array(fileId).max(50).nullish(),
    PointCloudFileId: fileId.nullish(),
    Readings: z.array(resultReadingSchema).min(1, 'results.readingsRequired').max(200),
  })
  .superRefine(checkSitePlace);
export type ResultSite = z.infer<typeof resultSiteSchema>;

export const resultBatchSchema = z.object({
  Source: z.enum(RESULT_SOURCES, { error: 'results.sourceInvalid' }),
  Sites: z.array(resultSiteSchema).min(1, 'results.sitesRequired').max(RESULT_LIMITS.maxSitesPerBatch),
  ModelFileId: fileId.nullish(),
});
export type ResultBatch = z.infer<typeof resultBatchSchema>;

export const resultBatchAnswerSchema = z.object({
  /** Sites and values this batch stored. */
  Sites: z.number().int(),
  Readings: z.number().int(),
  /** The figures of the batch's sites. */
  Figures: figuresSchema,
});
export type ResultBatchAnswer = z.infer<typeof resultBatchAnswerSchema>;

export const resultsDeviceRoutes = {
  results: defineRoute({
    method: 'POST',
    path: '/api/device/v1/Tasks/:TaskId/Results',
    access: 'device',
    tag: 'device-api',
    summary:
      'One batch of results (at most 8 MB of JSON), all or nothing; header Idempotency-Key (1-255 characters) ' +
      'required: the same key and body answers the same result again, the same key with another body Code 409. ' +
      'A PointIndex sent again replaces that site (the old version is kept in its history). Result: the sites and ' +
      'values stored and the figures of those sites',
    params: z.object({ TaskId: rules.uuid }),
    body: resultBatchSchema,
    result: resultBatchAnswerSchema,
  }),
};
