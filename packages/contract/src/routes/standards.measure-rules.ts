import { z } from 'zod';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { measureItemResultSchema, STANDARD_LIMITS, stageQuery } from './standards.ts';

// ---- measure rules (measureRuleManage; the spec names no paths: /api/ms/measureRule/...) ----

export const rulerPositionInputSchema = z.object({
  Name: rules.requiredText(16),
  OffsetMm: z.number().finite().min(0).max(STANDARD_LIMITS.rulerLengthMax),
  HeightMm: z.number().finite().min(0).max(STANDARD_LIMITS.lineMax),
  AngleDeg: z.number().finite().min(-180).max(180).default(0),
});

const readings = z
  .number('validation.invalidValue')
  .int('validation.invalidValue')
  .min(1, 'standards.readingsRange')
  .max(STANDARD_LIMITS.readingsMax, 'standards.readingsRange');
const lineValue = z
  .number('validation.invalidValue')
  .finite()
  .min(0, 'standards.lineRange')
  .max(STANDARD_LIMITS.lineMax, 'standards.lineRange')
  .nullish()
  .transform((value) => value ?? null);

/** A pair start < end with end - start >= 50 mm, both or neither (baseboard line, door cover line). */
export function linePairProblem(start: number | null, end: number | null): 'pair' | 'order' | 'gap' | null {
  if (start === null && end === null) return null;
  if (start === null || end === null) return 'pair';
  if (!(start < end)) return 'order';
  if (end - start < STANDARD_LIMITS.lineGapMin) return 'gap';
  return null;
}

export const measureRuleInputSchema = z
  .object({
    MeasureItemId: rules.uuid,
    MinReadings: readings,
    MaxReadings: readings,
    InitialReadings: readings,
    RulerLength: z
      .number('validation.invalidValue')
      .int()
      .min(1, 'standards.rulerLength')
      .max(STANDARD_LIMITS.rulerLengthMax, 'standards.rulerLength'),
    RulerPositions: z.array(rulerPositionInputSchema).max(STANDARD_LIMITS.maxRulerPositions).default([]),
    ManualEntry: z.boolean(),
    BaseboardStartHeight: lineValue,
    BaseboardEndHeight: lineValue,
    DoorCoverStartMargin: lineValue,
    DoorCoverEndMargin: lineValue,
  })
  .superRefine((rule, context) => {
    if (rule.MinReadings > rule.MaxReadings) {
      context.addIssue({ code: 'custom', message: 'standards.minAboveMax', path: ['MinReadings'] });
    } else if (rule.InitialReadings < rule.MinReadings || rule.InitialReadings > rule.MaxReadings) {
      context.addIssue({ code: 'custom', message: 'standards.initialReadings', path: ['InitialReadings'] });
    }
    const baseboard = linePairProblem(rule.BaseboardStartHeight, rule.BaseboardEndHeight);
    if (baseboard) {
      context.addIssue({
        code: 'custom',
        message:
          baseboard === 'gap'
            ? 'standards.baseboardGap'
            : baseboard === 'order'
              ? 'standards.baseboardOrder'
              : 'rules.required',
        path: [
          baseboard === 'pair' && rule.BaseboardStartHeight !== null
            ? 'BaseboardEndHeight'
            : 'BaseboardStartHeight',
        ],
      });
    }
    const door = linePairProblem(rule.DoorCoverStartMargin, rule.DoorCoverEndMargin);
    if (door) {
      context.addIssue({
        code: 'custom',
        message:
          door === 'gap'
            ? 'standards.doorCoverGap'
            : door === 'order'
              ? 'standards.doorCoverOrder'
              : 'rules.required',
        path: [
          door === 'pair' && rule.DoorCoverStartMargin !== null
            ? 'DoorCoverEndMargin'
            : 'DoorCoverStartMargin',
        ],
      });
    }
  });
export type MeasureRuleInput = z.output<typeof measureRuleInputSchema>;

export const measureRulesRoutes = {
  getList: defineRoute({
    method: 'GET',
    path: '/api/ms/measureRule/GetList',
    access: 'authenticated',
    tag: 'measureRules',
    summary: 'The measure rule of every library item (Stage filters), by stage and code',
    query: z.object({ Stage: stageQuery.optional() }),
    result: z.array(measureItemResultSchema),
  }),
  update: defineRoute({
    method: 'POST',
    path: '/api/ms/measureRule/Update',
    access: 'measureRule.manage',
    tag: 'measureRules',
    summary:
      'Save the measure rule of one library item: readings per site 1 ≤ Min ≤ Initial ≤ Max ≤ 20,000; ruler ' +
      'length 1..5000 mm and positions; manual entry; baseboard line (start height < end height, difference ≥ ' +
      '50 mm) and door cover line (start margin < end margin, difference ≥ 50 mm), each both or neither',
    body: measureRuleInputSchema,
    result: measureItemResultSchema,
  }),
};
