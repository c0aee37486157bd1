import {
  emptyCounts,
  type Figures,
  formatMessage,
  type Language,
  MEASURE_KINDS,
  type RemeasureSites,
  INSPECTION_KINDS,
  STAGE_LABELS,
  type Stage,
  taskNameIn,
  type TaskDetail,
  type TaskRow,
  type TaskState,
  TASK_KINDS,
  TASK_STATES,
  toFigures,
  type WorkPackage,
} from '@measure/contract';
import type { FrozenItem } from '../../db/json-types.ts';
import type { TaskRecord, TasksRepository } from './tasks-repository.ts';
import { itemName } from './task-plan.ts';

type Household = { buildingNumber: string; floor: number; household: number; houseMapId: string | null };

export const oneOf = <T extends string>(values: readonly T[], value: string): T => {
  if (!(values as readonly string[]).includes(value)) throw new Error(`unexpected stored value ${value}`);
  return value as T;
};

/** Figures of something nothing was measured of yet. */
export const noFigures = (): Figures => toFigures(emptyCounts());

/** What the detail shows besides the task row: figures per item and the sites with theirs. */
export interface TaskResults extends Pick<TaskDetail, 'Buildings' | 'Floors' | 'RemeasureSites'> {
  items: Map<string, Figures>;
  sites: TaskDetail['Sites'];
}

export const stateLabel = (state: TaskState, lang: Language) => formatMessage(lang, `tasks.state.${state}`);
/** A state as a message param of an error: its word in the language the answer is written in. */
export const stateWord = (state: string) => ({ key: `tasks.state.${state as TaskState}` as const });

export function toTaskRow(record: TaskRecord, lang: Language, figures: Figures = noFigures()): TaskRow {
  const stage = oneOf(Object.keys(STAGE_LABELS) as Stage[], record.stage);
  return {
    TaskId: record.id,
    Name: taskNameIn(record, lang),
    ProjectId: record.projectId,
    ProjectName: record.projectName,
    Stage: stage,
    StageName: STAGE_LABELS[stage][lang],
    TaskKind: oneOf(TASK_KINDS, record.taskKind),
    BuildingNumber: record.facadeBuildingNumber,
    FloorFrom: record.floorFrom,
    FloorTo: record.floorTo,
    MeasureKind: oneOf(MEASURE_KINDS, record.measureKind),
    InspectionKind: oneOf(INSPECTION_KINDS, record.inspectionKind),
    State: oneOf(TASK_STATES, record.state),
    DeviceGuid: record.deviceId,
    DeviceNumber: record.deviceNumber,
    Households: record.householdCount,
    Sides: record.facadeSides.length,
    Surveyors: record.surveyors,
    PlannedDate: record.plannedDate,
    ParentTaskId: record.parentTaskId,
    CreateTime: record.createdAt.toISOString(),
    UpdateTime: record.updatedAt.toISOString(),
    StartedAt: record.startedAt?.toISOString() ?? null,
    FinishedAt: record.finishedAt?.toISOString() ?? null,
    CreatedByName: record.createdByName,
    Figures: figures,
  };
}

export function toTaskDetail(
  record: TaskRecord,
  households: Household[],
  houseMapNames: Map<string, string>,
  lang: Language,
  figures: Figures,
  results: TaskResults,
): TaskDetail {
  const standard = record.standard;
  return {
    ...toTaskRow(record, lang, figures),
    FacadeSides: record.facadeSides,
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
      Figures: results.items.get(item.Code) ?? noFigures(),
    })),
    Sites: results.sites,
    SitesOutsideWindow: results.sites.filter((site) => site.OutsideTaskWindow).length,
    Buildings: results.Buildings,
    Floors: results.Floors,
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
    RemeasureSites: results.RemeasureSites,
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

/** A frozen item as the work package hands it to a device (and the demo seed to its generator). */
export const toWorkItem = (item: FrozenItem): WorkPackage['Items'][number] => ({
  ItemCode: item.Code,
  Name: item.NameZh,
  NameEn: item.NameEn,
  Mode: item.Mode,
  Standard: {
    Left: item.Left,
    Right: item.Right,
    WarnLeft: item.WarnLeft,
    WarnRight: item.WarnRight,
    Exploded: item.Exploded,
  },
  Rule: item.Rule,
  NeedsDesign: item.NeedsDesign,
});

/** The parent's sites a re-measure task measures again, each with the task's (frozen) items; null: whole households. */
export function toRemeasureSites(
  record: Pick<TaskRecord, 'standard'>,
  sites: Awaited<ReturnType<TasksRepository['remeasureSites']>>,
): RemeasureSites {
  if (!sites) return null;
  const itemCodes = record.standard.Items.map((item) => item.Code);
  return sites.map((site) => ({ ...sitePlace(site), Surface: site.surface, ItemCodes: itemCodes }));
}

/** A stored site's place columns (the one place model: indoor household and room, or facade panel). */
export interface StoredSitePlace {
  pointIndex: number;
  buildingNumber: string;
  floor: number;
  household: number | null;
  roomId: string | null;
  side: string | null;
  x0: number | null;
  x1: number | null;
  z0: number | null;
  z1: number | null;
  name: string;
}

/** A stored site's PointIndex, place, room and name as the contract names them. */
export const sitePlace = (site: StoredSitePlace) => ({
  PointIndex: site.pointIndex,
  BuildingNumber: site.buildingNumber,
  Floor: site.floor,
  Household: site.household,
  RoomId: site.roomId,
  Side: site.side,
  X0: site.x0,
  X1: site.x1,
  Z0: site.z0,
  Z1: site.z1,
  Name: site.name,
});
