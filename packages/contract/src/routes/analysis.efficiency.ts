import { z } from 'zod';
import * as rules from '../rules.ts';
import { ANALYSIS_LIMITS, analysisFilterShape } from './analysis.ts';
import { defineRoute } from './define.ts';
import { xlsxAttachment } from './file-answers.ts';
import { taskDate } from './tasks.ts';

/**
 * Efficiency (issue 17 item 4, issue 28 item 5; domain.md section 10) per person, device and project
 * over a period: tasks, sites, readings, measured area (the sites' AreaM2), working time, m2 and
 * readings per hour, days worked; devices also their utilisation (working time / (days x 8 h)).
 * Working time is counted per task and reading day: from site to site in MeasuredAt order, steps
 * over 30 minutes left out, each step clipped to the task's window (started .. finished, or now),
 * rounded to 0.01 h per task-day. A task-day counts once for its project and once for the task's
 * device (tasks without a device: the device row with an empty Id), so the totals equal the sums over
 * days, devices and projects. Each person who measured a site on a task-day (typed it in, else holds
 * its device) is credited that task-day's whole time: people's hours can add up to more (several
 * people on a task) or less (sites of a device nobody holds) than the total.
 * Only projects the caller sees; cancelled tasks count nowhere.
 */

export const EFFICIENCY_LIMITS = {
  /** A gap between two sites longer than this is a break, not work. */
  maxGapMinutes: 30,
  /** Hours of a device's working day, for its utilisation. */
  deviceDayHours: 8,
} as const;

export const EFFICIENCY_SUBJECTS = ['user', 'device', 'project'] as const;
export type EfficiencySubject = (typeof EFFICIENCY_SUBJECTS)[number];

const measuresShape = {
  Tasks: z.number().int(),
  Sites: z.number().int(),
  Readings: z.number().int(),
  AreaM2: z.number(),
  /** Working time in hours, 2 decimals. */
  WorkingHours: z.number(),
  /** Null without working time. */
  AreaPerHour: z.number().nullable(),
  ReadingsPerHour: z.number().nullable(),
  DaysWorked: z.number().int(),
};

export const efficiencyRowSchema = z.object({
  /** The person's, device's or project's id; empty for the tasks without a device (device list). */
  Id: z.string(),
  /** Name, device number or project name. */
  Name: z.string(),
  ...measuresShape,
  /** Devices: working time / (days in the period x 8 h) * 100, 2 decimals; null for others. */
  Utilisation: z.number().nullable(),
});
export type EfficiencyRow = z.infer<typeof efficiencyRowSchema>;

export const efficiencyDaySchema = z.object({ Day: z.string(), ...measuresShape });
export type EfficiencyDay = z.infer<typeof efficiencyDaySchema>;

export const efficiencySummarySchema = z.object({
  StartDate: z.string(),
  EndDate: z.string(),
  Totals: z.object(measuresShape),
  People: z.number().int(),
  Devices: z.number().int(),
  /** The people's working hours added up (each credited per task-day measured on; see above). */
  PeopleWorkingHours: z.number(),
  ByDay: z.array(efficiencyDaySchema),
});
export type EfficiencySummary = z.infer<typeof efficiencySummarySchema>;

const dayMs = 86_400_000;
const periodShape = {
  ProjectId: analysisFilterShape.ProjectId,
  StartDate: taskDate,
  EndDate: taskDate,
};
type Period = { StartDate: string | null; EndDate: string | null };
const checkPeriod = (value: Period, context: z.RefinementCtx) => {
  if (!value.StartDate || !value.EndDate) return;
  const days = (Date.parse(value.EndDate) - Date.parse(value.StartDate)) / dayMs;
  if (days < 0) context.addIssue({ code: 'custom', path: ['EndDate'], message: 'analysis.dateOrder' });
  else if (days >= ANALYSIS_LIMITS.maxRangeDays) {
    context.addIssue({ code: 'custom', path: ['EndDate'], message: 'analysis.rangeTooLong' });
  }
};
/** The period filter: ProjectId, StartDate..EndDate (reading days; default the last 30 days, at most 5 years). */
export const efficiencyFilterSchema = z.object(periodShape).superRefine(checkPeriod);
const subjectFilter = z
  .object({ ...periodShape, Subject: z.enum(EFFICIENCY_SUBJECTS, 'validation.invalidValue') })
  .superRefine(checkPeriod);
const detailFilter = z.object({ ...periodShape, Id: rules.uuid }).superRefine(checkPeriod);

const tag = 'analysis';
const SUMMARY = 'Over StartDate..EndDate (reading days, default the last 30 days); filter ProjectId.';
const list = (path: string, subject: string) =>
  defineRoute({
    method: 'POST',
    path,
    access: 'authenticated',
    tag,
    summary: `Efficiency per ${subject}, most area first. ${SUMMARY}`,
    body: efficiencyFilterSchema,
    result: z.array(efficiencyRowSchema),
  });
const detail = (path: string, subject: string) =>
  defineRoute({
    method: 'POST',
    path,
    access: 'authenticated',
    tag,
    summary: `One ${subject}'s efficiency per day (Id: its id). ${SUMMARY}`,
    body: detailFilter,
    result: z.array(efficiencyDaySchema),
  });

export const efficiencyRoutes = {
  getEfficiencySummaryData: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/GetEfficiencySummaryData',
    access: 'authenticated',
    tag,
    summary: `Efficiency totals and per day. ${SUMMARY}`,
    body: efficiencyFilterSchema,
    result: efficiencySummarySchema,
  }),
  getMsSPersonnelEfficiencyData: list(
    '/api/ms/statis/GetMsSPersonnelEfficiencyData',
    'person (as GetUserEfficiencyList)',
  ),
  getUserEfficiencyList: list('/api/ms/statis/GetUserEfficiencyList', 'person'),
  getUserEfficiencyDetail: detail('/api/ms/statis/GetUserEfficiencyDetail', 'person'),
  getDeviceEfficiencyList: list('/api/ms/statis/GetDeviceEfficiencyList', 'device'),
  getDeviceEfficiencyDetail: detail('/api/ms/statis/GetDeviceEfficiencyDetail', 'device'),
  getProjectEfficiencyList: list('/api/ms/statis/GetProjectEfficiencyList', 'project'),
  getProjectEfficiencyDetail: detail('/api/ms/statis/GetProjectEfficiencyDetail', 'project'),
  efficiencyDataToExcelFile: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/EfficiencyDataToExcelFile',
    access: 'authenticated',
    tag,
    summary: `Efficiency per person, device or project (Subject) as an .xlsx attachment (not an envelope). ${SUMMARY}`,
    body: subjectFilter,
    result: z.null(),
    file: xlsxAttachment,
  }),
  downloadEfficiencySummaryData: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/DownloadEfficiencySummaryData',
    access: 'authenticated',
    tag,
    summary: `Efficiency totals per day as an .xlsx attachment (not an envelope). ${SUMMARY}`,
    body: efficiencyFilterSchema,
    result: z.null(),
    file: xlsxAttachment,
  }),
};
