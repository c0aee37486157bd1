import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import { figuresSchema } from '../figures.ts';
import { TASK_KINDS } from '../places.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { xlsxAttachment } from './file-answers.ts';
import { DEVICE_TYPES } from './devices.ts';
import { JUDGING_MODES, MEASURE_KINDS, measureRuleSchema, STAGES } from './standards.ts';
import {
  addTaskBodySchema,
  facadeSideSchema,
  householdRefSchema,
  INSPECTION_KINDS,
  TASK_LIMITS,
  TASK_ORDER_FIELDS,
  TASK_STATES,
  taskDate,
  taskPlanSchema,
} from './tasks.plan.ts';

export * from './tasks.plan.ts';

/**
 * Tasks (measurement-api.md sections 1, 2 and 6; spec taskManage, taskCenter, TaskExcuse): planning,
 * the frozen standard, the task center and execution by people. The device side is `tasks.device.ts`.
 */

export const taskSurveyorSchema = z.object({ UserId: z.string(), Name: z.string() });

/** A task row of the task center (GetTaskList) and the execution page. */
export const taskRowSchema = z.object({
  TaskId: z.string(),
  Name: z.string(),
  ProjectId: z.string(),
  ProjectName: z.string(),
  Stage: z.enum(STAGES),
  StageName: z.string(),
  TaskKind: z.enum(TASK_KINDS),
  /** External-wall tasks: the building and floor band; null for indoor tasks. */
  BuildingNumber: z.string().nullable(),
  FloorFrom: z.number().int().nullable(),
  FloorTo: z.number().int().nullable(),
  MeasureKind: z.enum(MEASURE_KINDS),
  InspectionKind: z.enum(INSPECTION_KINDS),
  State: z.enum(TASK_STATES),
  DeviceGuid: z.string().nullable(),
  DeviceNumber: z.string().nullable(),
  /** How many households the task covers (0 for an external-wall task). */
  Households: z.number().int(),
  /** How many facade sides an external-wall task covers (0 for an indoor task). */
  Sides: z.number().int(),
  Surveyors: z.array(taskSurveyorSchema),
  PlannedDate: z.string().nullable(),
  ParentTaskId: z.string().nullable(),
  CreateTime: z.string(),
  UpdateTime: z.string(),
  StartedAt: z.string().nullable(),
  FinishedAt: z.string().nullable(),
  CreatedByName: z.string().nullable(),
  Figures: figuresSchema,
});
export type TaskRow = z.infer<typeof taskRowSchema>;

/** The frozen standard of one item, as the task judges by it. */
export const frozenStandardSchema = z.object({
  Name: z.string(),
  Left: z.number(),
  Right: z.number(),
  WarnLeft: z.number(),
  WarnRight: z.number(),
  Exploded: z.number(),
});

export const taskItemSchema = z.object({
  ItemCode: z.string(),
  Name: z.string(),
  NameZh: z.string(),
  NameEn: z.string(),
  Mode: z.enum(JUDGING_MODES),
  NeedsDesign: z.boolean(),
  Standard: frozenStandardSchema,
  Rule: measureRuleSchema,
  Figures: figuresSchema,
});

export const taskHouseholdSchema = householdRefSchema.extend({
  HouseMapId: z.string(),
  HouseMapName: z.string(),
});

/**
 * A site's place (the one place model, places.ts): an indoor site has Household (and RoomId); a facade
 * site has Side and its panel X0..X1 (metres from the facade's left edge) by Z0..Z1 (metres above
 * ±0.000), and Household null.
 */
export const sitePlaceShape = {
  BuildingNumber: z.string(),
  Floor: z.number().int(),
  Household: z.number().int().nullable(),
  RoomId: z.string().nullable(),
  Side: z.string().nullable(),
  X0: z.number().nullable(),
  X1: z.number().nullable(),
  Z0: z.number().nullable(),
  Z1: z.number().nullable(),
};

export const taskSiteSchema = z.object({
  PointIndex: z.number().int(),
  ...sitePlaceShape,
  Name: z.string(),
  Figures: figuresSchema,
  MeasuredAt: z.string(),
  /** MeasuredAt lies outside the task's window (StartedAt .. FinishedAt, or now while not finished). */
  OutsideTaskWindow: z.boolean(),
});

/** Design values frozen with the task: per site type (and the house types' templates as fallback). */
export const taskDesignValuesSchema = z.object({
  PointTypeId: z.string(),
  PointTypeName: z.string(),
  Values: z.array(z.object({ ItemCode: z.string(), DesignValue: z.number() })),
});

/**
 * The parent's sites a re-measure made for named failures (a work order) measures again, with the
 * items to measure there; null measures the whole households.
 */
export const remeasureSitesSchema = z
  .array(
    // PointIndex: the site's in the parent task.
    taskSiteSchema.omit({ Figures: true, MeasuredAt: true, OutsideTaskWindow: true }).extend({
      Surface: z.string().nullable(),
      ItemCodes: z.array(z.string()),
    }),
  )
  .nullable();
export type RemeasureSites = z.infer<typeof remeasureSitesSchema>;

/** A facade of an external-wall task as planned; `Index` is the 0-based side index of the share address. */
export const taskFacadeSideSchema = facadeSideSchema.extend({
  Index: z.number().int(),
  Name: z.string().nullable(),
});

export const taskDetailSchema = taskRowSchema.extend({
  Items: z.array(taskItemSchema),
  /** External-wall tasks: the sides planned (empty for indoor tasks). */
  FacadeSides: z.array(taskFacadeSideSchema),
  Sites: z.array(taskSiteSchema),
  /** How many sites are stamped outside the task's window (stored, but their time is not worked). */
  SitesOutsideWindow: z.number().int(),
  /** Figures per building and per floor of a building, in building then floor order. */
  Buildings: z.array(z.object({ BuildingNumber: z.string(), Figures: figuresSchema })),
  Floors: z.array(z.object({ BuildingNumber: z.string(), Floor: z.number().int(), Figures: figuresSchema })),
  HouseholdList: z.array(taskHouseholdSchema),
  DesignValues: z.array(taskDesignValuesSchema),
  /** When the standard was frozen (the task's creation) and from which project standard copy. */
  FrozenAt: z.string(),
  StandardBaseTime: z.string(),
  CancelledAt: z.string().nullable(),
  /** A re-measure for a work order: the parent's sites it measures again (null: whole households). */
  RemeasureSites: remeasureSitesSchema,
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

export const taskListFilterShape = {
  ProjectId: z
    .union([rules.uuid, z.literal('')])
    .nullish()
    .transform((value) => value || null),
  State: z.enum(TASK_STATES).nullish(),
  Stage: z.enum(STAGES).nullish(),
  /** indoor | externalWall; default both. */
  TaskKind: z.enum(TASK_KINDS, { error: 'externalWalls.taskKindInvalid' }).nullish(),
  Keyword: rules.optionalText(50),
  /** Inclusive, on the planned date, or the creation date when none was planned (Asia/Shanghai). */
  StartDate: taskDate,
  EndDate: taskDate,
};

const taskId = z.object({ TaskId: rules.uuid });
const tag = 'tasks';

export const tasksRoutes = {
  addTask: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/AddTask',
    access: 'project.distribute',
    tag,
    summary:
      'Plan a task: project, stage, measure and inspection kind, households (each with a house type), items ' +
      '(default: the stage enabled items), device, surveyors, planned date, ParentTaskId for a re-measure. ' +
      'The standard in force is frozen into the task. Result: the new TaskId',
    body: addTaskBodySchema,
    result: z.string(),
  }),
  checkTask: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/CheckTask',
    access: 'project.distribute',
    tag,
    summary:
      'Before saving a plan: the items that would be frozen, the households without a house type, and the items ' +
      'that need a design value which a site type of the households lacks (HasMeasureItemInput for a task)',
    body: taskPlanSchema,
    result: z.object({
      Households: z.number().int(),
      Items: z.array(z.object({ ItemCode: z.string(), Name: z.string(), NeedsDesign: z.boolean() })),
      WithoutHouseType: z.array(householdRefSchema),
      MissingDesignValues: z.array(
        z.object({
          ItemCode: z.string(),
          ItemName: z.string(),
          PointTypes: z.array(z.string()),
          HouseMaps: z.array(z.string()),
        }),
      ),
    }),
  }),
  getTaskList: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/GetTaskList',
    access: 'authenticated',
    tag,
    summary:
      'The task center: tasks of the projects the caller sees; filters ProjectId, State, Stage, Keyword (name, ' +
      'project, device number), StartDate/EndDate; OrderBy CreateTime (default, newest first), PlannedDate, Name, State, UpdateTime',
    body: z.object({
      ...pageRequestShape,
      ...taskListFilterShape,
      OrderBy: z.enum(TASK_ORDER_FIELDS).optional(),
    }),
    result: pageResultSchema(taskRowSchema),
  }),
  exportTaskList: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/ExportTaskList',
    access: 'authenticated',
    tag,
    summary:
      'The task center with its filters and order as an .xlsx attachment (not an envelope): at most ' +
      `${TASK_LIMITS.maxExportRows} tasks, with their figures`,
    body: z.object({
      ...taskListFilterShape,
      OrderBy: z.enum(TASK_ORDER_FIELDS).optional(),
      AscDesc: z.enum(['asc', 'desc']).optional(),
    }),
    result: z.null(),
    file: xlsxAttachment,
  }),
  getTask: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/GetTask',
    access: 'authenticated',
    tag,
    summary: 'One task with its frozen items and standards, households, sites and figures',
    body: taskId,
    result: taskDetailSchema,
  }),
  deleteTask: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/DeleteTask',
    access: 'project.distribute',
    tag,
    summary:
      'Delete tasks (all or nothing); a completed task is refused with Code 409 and nothing is deleted',
    body: z.object({ Ids: z.array(rules.uuid).min(1, 'rules.required').max(TASK_LIMITS.maxIds) }),
    result: z.object({ Deleted: z.number().int() }),
  }),
  cancelTask: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/CancelTask',
    access: 'project.distribute',
    tag,
    summary: 'Cancel a pending or in-progress task (any other state: Code 409)',
    body: taskId,
    result: taskRowSchema,
  }),
  reassignTask: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/ReassignTask',
    access: 'project.distribute',
    tag,
    summary: 'Change the device and surveyors of a pending task (any other state: Code 409)',
    body: z.object({
      TaskId: rules.uuid,
      DeviceGuid: addTaskBodySchema.shape.DeviceGuid,
      SurveyorIds: addTaskBodySchema.shape.SurveyorIds,
    }),
    result: taskRowSchema,
  }),
  getTaskOptions: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/GetTaskOptions',
    access: 'project.distribute',
    tag,
    summary:
      'What a planner picks from for a project: the company devices and the enabled users who can see the project',
    body: z.object({ ProjectId: rules.uuid }),
    result: z.object({
      Devices: z.array(
        z.object({
          DeviceGuid: z.string(),
          DeviceNumber: z.string(),
          DeviceType: z.enum(DEVICE_TYPES),
          IsActive: z.boolean(),
          DeviceUserName: z.string().nullable(),
        }),
      ),
      Surveyors: z.array(z.object({ UserId: z.string(), Name: z.string(), RoleNames: z.array(z.string()) })),
    }),
  }),
  getMyTasks: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/GetMyTasks',
    access: 'authenticated',
    tag,
    summary:
      'Task execution (TaskExcuse): the tasks whose surveyors include the caller or whose device is assigned to ' +
      'the caller; State filter: one state, `all` (every state) or none (pending and in progress, the work to do)',
    body: z.object({ ...pageRequestShape, State: z.enum([...TASK_STATES, 'all']).nullish() }),
    result: pageResultSchema(taskRowSchema),
  }),
  startTask: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/StartTask',
    access: 'authenticated',
    tag,
    summary:
      'pending -> inProgress, by a surveyor of the task, the holder of its device or a planner; idempotent',
    body: taskId,
    result: taskRowSchema,
  }),
  finishTask: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/FinishTask',
    access: 'authenticated',
    tag,
    summary: 'inProgress -> uploaded (a person marks the work done); idempotent on an uploaded task',
    body: taskId,
    result: taskRowSchema,
  }),
};
