import { z } from 'zod';
import { formatMessage } from './i18n/index.ts';
import type { Language } from './languages.ts';
import { STAGE_LABELS, STAGES } from './routes/standards.ts';
import { INSPECTION_KINDS } from './routes/tasks.ts';

/**
 * What a task name the system made is made of (`tasks.name_parts`); a name a person typed has none
 * and is shown as typed. The parts are rendered in the reader's language on every read:
 * - `plan`: planned without a name: project, stage, planned (or creation) date;
 * - `remeasure`: the re-measure task of a work order: its order number;
 * - `scope`: the place and kind of the work: building, floors, stage, inspection kind (demo data);
 * - `facade`: an external-wall task planned without a name: building, sides, floor band, stage.
 */
export const taskNamePartsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('plan'), project: z.string(), stage: z.enum(STAGES), date: z.string() }),
  z.object({ kind: z.literal('remeasure'), order: z.string() }),
  z.object({
    kind: z.literal('scope'),
    building: z.string(),
    floors: z.tuple([z.number().int(), z.number().int()]),
    stage: z.enum(STAGES),
    inspection: z.enum(INSPECTION_KINDS),
  }),
  z.object({
    kind: z.literal('facade'),
    building: z.string(),
    sides: z.array(z.string()),
    floors: z.tuple([z.number().int(), z.number().int()]),
    stage: z.enum(STAGES),
  }),
]);

/** How floors are named in a task name: one floor, or a band. */
const floorsText = (language: Language, [from, to]: [number, number]) =>
  from === to
    ? formatMessage(language, 'tasks.nameFloor', { floor: from })
    : formatMessage(language, 'tasks.nameFloors', { from, to });
export type TaskNameParts = z.infer<typeof taskNamePartsSchema>;

/** The name the parts make in `language`. */
export function renderTaskName(parts: TaskNameParts, language: Language): string {
  switch (parts.kind) {
    case 'plan':
      return formatMessage(language, 'tasks.defaultName', {
        project: parts.project,
        stage: STAGE_LABELS[parts.stage][language],
        date: parts.date,
      });
    case 'remeasure':
      return formatMessage(language, 'workOrders.remeasureName', { order: parts.order });
    case 'scope':
      return formatMessage(language, 'tasks.scopeName', {
        building: parts.building,
        floors: floorsText(language, parts.floors),
        stage: STAGE_LABELS[parts.stage][language],
        inspection: formatMessage(language, `tasks.nameInspection.${parts.inspection}`),
      });
    case 'facade':
      return formatMessage(language, 'externalWalls.taskName', {
        building: parts.building,
        sides: parts.sides.join('/'),
        floors: floorsText(language, parts.floors),
        stage: STAGE_LABELS[parts.stage][language],
      });
  }
}

/**
 * A task's name in `language`: rendered from its parts when the system made it, else as typed. A
 * stored part of an unknown shape (never written by this code) falls back to the stored name.
 */
export function taskNameIn(task: { name: string; nameParts: unknown }, language: Language): string {
  if (task.nameParts === null || task.nameParts === undefined) return task.name;
  const parsed = taskNamePartsSchema.safeParse(task.nameParts);
  return parsed.success ? renderTaskName(parsed.data, language) : task.name;
}

/**
 * The params a project log stores for a task: its stored name and, when the system made it, its
 * parts (as JSON: log params are flat texts), so the log names it in each reader's language.
 */
export function taskLogParams(task: {
  name: string;
  nameParts: TaskNameParts | null;
}): Record<string, string> {
  return task.nameParts
    ? { name: task.name, nameParts: JSON.stringify(task.nameParts) }
    : { name: task.name };
}

/** Log params with the `name` of a task the system named rendered in `language` (else unchanged). */
export function logParamsIn<P extends Record<string, string | number>>(params: P, language: Language): P {
  if (typeof params.nameParts !== 'string') return params;
  let nameParts: unknown;
  try {
    nameParts = JSON.parse(params.nameParts);
  } catch {
    return params;
  }
  return { ...params, name: taskNameIn({ name: String(params.name), nameParts }, language) };
}
