import {
  emptyCounts,
  type Figures,
  formatMessage,
  type Language,
  MEASURE_KINDS,
  INSPECTION_KINDS,
  STAGE_LABELS,
  type Stage,
  type TaskDetail,
  type TaskRow,
  type TaskState,
  TASK_STATES,
  toFigures,
} from '@measure/contract';
import type { TaskRecord } from './tasks-repository.ts';
import { itemName } from './task-plan.ts';

type Household = { buildingNumber: string; floor: number; household: number; houseMapId: string | null };

const oneOf = <T extends string>(values: readonly T[], value: string): T => {
  if (!(values as readonly string[]).includes(value)) throw new Error(`unexpected stored value ${value}`);
  return value as T;
};

/**
 * The figures of a task. No reading is stored before a task's results arrive (the results feature
 * adds the readings store and its rollups), so until then every count is zero, which is what a
 * recomputation from the stored readings gives.
 */
export const taskFigures = (): Figures => toFigures(emptyCounts());

export const stateLabel = (state: TaskState, lang: Language) => formatMessage(lang, `tasks.state.${state}`);

export function toTaskRow(record: TaskRecord, lang: Language): TaskRow {
  const stage = oneOf(Object.keys(STAGE_LABELS) as Stage[], record.stage);
  return {
    TaskId: record.id,
    Name: record.name,
    ProjectId: record.projectId,
    ProjectName: record.projectName,
    Stage: stage,
    StageName: STAGE_LABELS[stage][lang],
    MeasureKind: oneOf(MEASURE_KINDS, record.measureKind),
    InspectionKind: oneOf(INSPECTION_KINDS, record.inspectionKind),
    State: oneOf(TASK_STATES, record.state),
    DeviceGuid: record.deviceId,
    DeviceNumber: record.deviceNumber,
    Households: record.householdCount,
    Surveyors: record.surveyors,
    PlannedDate: record.plannedDate,
    ParentTaskId: record.parentTaskId,
    CreateTime: record.createdAt.toISOString(),
    UpdateTime: record.updatedAt.toISOString(),
    StartedAt: record.startedAt?.toISOString() ?? null,
    FinishedAt: record.finishedAt?.toISOString() ?? null,
    CreatedByName: record.createdByName,
    Figures: taskFigures(),
  };
}

export function toTaskDetail(
  record: TaskRecord,
  households: Household[],
  houseMapNames: Map<string, string>,
  lang: Language,
): TaskDetail {
  const standard = record.standard;
  return {
    ...toTaskRow(record, lang),
    Items: standard.Items.map((item) => ({
      ItemCode: item.Code,
      Name: itemName(item, lang),
      NameZh: item.NameZh,
      NameEn: item.NameEn,
      Mode: item.Mode,
      NeedsDesign: item.NeedsDesign,
      Standard: {
        Name: lang === 'en-US' ? item.StandardNameEn : item.StandardNameZh,
        Left: item.Left,
        Right: item.Right,
        WarnLeft: item.WarnLeft,
        WarnRight: item.WarnRight,
        Exploded: item.Exploded,
      },
      Rule: item.Rule,
      Figures: taskFigures(),
    })),
    Sites: [],
    HouseholdList: households.map((row) => ({
      BuildingNumber: row.buildingNumber,
      Floor: row.floor,
      Household: row.household,
      HouseMapId: row.houseMapId ?? '',
      HouseMapName: (row.houseMapId && houseMapNames.get(row.houseMapId)) || '',
    })),
    DesignValues: designValues(record),
    FrozenAt: record.createdAt.toISOString(),
    StandardBaseTime: standard.BaseTime,
    CancelledAt: record.cancelledAt?.toISOString() ?? null,
  };
}

/** The frozen design values per site type, with only the items that have one. */
export function designValues(record: Pick<TaskRecord, 'standard'>) {
  return Object.entries(record.standard.PointTypes)
    .map(([id, type]) => ({
      PointTypeId: id,
      PointTypeName: type.Name,
      Values: Object.entries(type.Values).map(([code, value]) => ({ ItemCode: code, DesignValue: value })),
    }))
    .filter((type) => type.Values.length > 0)
    .sort((a, b) => a.PointTypeName.localeCompare(b.PointTypeName));
}
