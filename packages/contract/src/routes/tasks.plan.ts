import { z } from 'zod';
import { FACADE_LIMITS, TASK_KINDS } from '../places.ts';
import * as rules from '../rules.ts';
import { MEASURE_KINDS, STAGES } from './standards.ts';

/** Null or undefined: a nullish field not sent. */
const absent = (value: unknown): value is null | undefined => value === null || value === undefined;

/**
 * Planning a task (measurement-api.md sections 2 and 9): states, kinds, limits, the households or
 * facades it covers, and the AddTask / CheckTask bodies. Re-exported by `tasks.ts`.
 */
export const TASK_STATES = ['pending', 'inProgress', 'uploaded', 'completed', 'cancelled'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const INSPECTION_KINDS = ['self', 'third'] as const;
export type InspectionKind = (typeof INSPECTION_KINDS)[number];
export type MeasureKind = (typeof MEASURE_KINDS)[number];
export const TASK_ORDER_FIELDS = ['CreateTime', 'PlannedDate', 'Name', 'State', 'UpdateTime'] as const;

export const TASK_LIMITS = {
  name: 64,
  /** Households of one task (a whole large project). */
  maxHouseholds: 20_000,
  maxSurveyors: 50,
  maxItems: 100,
  maxIds: 500,
  /** Rows of one task list export. */
  maxExportRows: 10_000,
} as const;

const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/**
 * A calendar date `YYYY-MM-DD`; empty means none. One refinement rather than a union with '', so
 * text that is no date gets the date message, not a union's generic one.
 */
export const taskDate = rules
  .text()
  .trim()
  .refine(
    (value) => value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value)),
    'tasks.invalidDate',
  )
  .nullish()
  .transform((value) => (value ? value : null));

export const householdRefSchema = z.object({
  BuildingNumber: rules.requiredText(20),
  Floor: z.number('validation.invalidValue').int().min(1, 'tasks.floorRange').max(200, 'tasks.floorRange'),
  /** 1-based position on the floor. */
  Household: z
    .number('validation.invalidValue')
    .int()
    .min(1, 'tasks.householdRange')
    .max(50, 'tasks.householdRange'),
});
export type HouseholdRef = z.infer<typeof householdRefSchema>;

const itemCode = rules.requiredText(20);

/** `Side` of a facade (measurement-api.md section 9): N, E, S, W or a name up to 16 characters. */
export const facadeSideNameSchema = z
  .string('validation.invalidValue')
  .trim()
  .min(1, 'validation.required')
  .max(FACADE_LIMITS.sideName, 'externalWalls.sideTooLong');

/** One facade an external-wall task measures. */
export const facadeSideSchema = z.object({
  Side: facadeSideNameSchema,
  Name: rules.optionalText(32),
  WidthM: z
    .number('validation.invalidValue')
    .min(0.01, 'externalWalls.widthRange')
    .max(FACADE_LIMITS.maxWidthM, 'externalWalls.widthRange'),
});
export type FacadeSide = z.infer<typeof facadeSideSchema>;

const floorNumber = z
  .number('validation.invalidValue')
  .int('validation.invalidValue')
  .min(1, 'tasks.floorRange')
  .max(200, 'tasks.floorRange');

/**
 * What planning a task sends (AddTask) and what the pre-save check (CheckTask) reads. An indoor task
 * (the default) names households; an external-wall task names one building, its sides and a floor
 * band instead (measurement-api.md section 9). `checkTaskPlan` tells which fields each kind needs.
 */
export const taskPlanShape = {
  ProjectId: rules.uuid,
  Stage: z.enum(STAGES, { error: 'tasks.stageInvalid' }),
  TaskKind: z
    .enum(TASK_KINDS, { error: 'externalWalls.taskKindInvalid' })
    .nullish()
    .transform((value) => value ?? 'indoor'),
  Households: z
    .array(householdRefSchema)
    .max(TASK_LIMITS.maxHouseholds, 'tasks.tooManyHouseholds')
    .nullish()
    .transform((value) => value ?? []),
  /** External-wall tasks: the building, its sides (unique `Side`) and the floor band FloorFrom..FloorTo. */
  BuildingNumber: rules.optionalText(20),
  Sides: z
    .array(facadeSideSchema)
    .max(FACADE_LIMITS.maxSides, 'externalWalls.tooManySides')
    .nullish()
    .transform((value) => value ?? []),
  FloorFrom: floorNumber.nullish(),
  FloorTo: floorNumber.nullish(),
  /** Default: the stage's enabled items of the task's kind in the project's standards. */
  ItemCodes: z.array(itemCode).max(TASK_LIMITS.maxItems).nullish(),
};

type PlanFields = {
  TaskKind: string;
  Households: unknown[];
  BuildingNumber?: string | null;
  Sides: { Side: string }[];
  FloorFrom?: number | null;
  FloorTo?: number | null;
};

/** The fields each task kind needs, each refusal naming its field. */
export function checkTaskPlan(value: PlanFields, context: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (value.TaskKind === 'indoor') {
    if (value.Households.length === 0) issue('Households', 'tasks.householdsRequired');
    return;
  }
  if (value.Households.length > 0) issue('Households', 'externalWalls.noHouseholds');
  if (!value.BuildingNumber) issue('BuildingNumber', 'validation.required');
  if (value.Sides.length === 0) issue('Sides', 'externalWalls.sidesRequired');
  const seen = new Set<string>();
  value.Sides.forEach((side, index) => {
    const key = side.Side.toUpperCase();
    if (seen.has(key))
      context.addIssue({
        code: 'custom',
        path: ['Sides', index, 'Side'],
        message: 'externalWalls.sideTwice',
      });
    seen.add(key);
  });
  if (absent(value.FloorFrom)) issue('FloorFrom', 'validation.required');
  if (absent(value.FloorTo)) issue('FloorTo', 'validation.required');
  if (!absent(value.FloorFrom) && !absent(value.FloorTo) && value.FloorFrom > value.FloorTo) {
    issue('FloorTo', 'externalWalls.floorBand');
  }
}

export const taskPlanSchema = z.object(taskPlanShape).superRefine(checkTaskPlan);

export const addTaskBodySchema = z
  .object({
    ...taskPlanShape,
    MeasureKind: z.enum(MEASURE_KINDS, { error: 'tasks.measureKindInvalid' }),
    InspectionKind: z.enum(INSPECTION_KINDS, { error: 'tasks.inspectionKindInvalid' }),
    Name: rules.optionalText(TASK_LIMITS.name),
    DeviceGuid: z
      .union([rules.uuid, z.literal('')])
      .nullish()
      .transform((value) => value || null),
    SurveyorIds: z
      .array(rules.uuid)
      .max(TASK_LIMITS.maxSurveyors)
      .nullish()
      .transform((value) => value ?? []),
    PlannedDate: taskDate,
    ParentTaskId: z
      .union([rules.uuid, z.literal('')])
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine(checkTaskPlan);
export type AddTaskBodyInput = z.input<typeof addTaskBodySchema>;
