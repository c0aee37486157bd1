import type { HouseholdRef, Language, Stage, TaskKind } from '@measure/contract';
import { fieldError } from '../../core/app-error.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { FrozenItem, FrozenStandard, StoredItem } from '../../db/json-types.ts';
import { ProjectStandardsRepository } from '../project-standards/project-standards-repository.ts';
import { defaultExplodedThreshold } from '../standards/judging/judge.ts';
import type { NewTaskHousehold } from './tasks-repository.ts';
import { TaskPlanRepository } from './task-plan-repository.ts';
import { chooseItems, type FacadePlanInput, resolveFacade, type ResolvedFacade } from './facade-plan.ts';

/** A plan as sent: project, stage, households (or an external-wall task's facades), optional item codes. */
export interface PlanInput extends FacadePlanInput {
  ProjectId: string;
  Stage: Stage;
  /** Default indoor. */
  TaskKind?: TaskKind;
  Households: HouseholdRef[];
  ItemCodes?: string[] | null;
}

/** A plan resolved against the project: households with house types, the items and design values to freeze. */
export interface ResolvedPlan {
  households: NewTaskHousehold[];
  withoutHouseType: HouseholdRef[];
  /** An external-wall task's building, floor band and sides; null for indoor tasks. */
  facade: ResolvedFacade | null;
  standard: FrozenStandard;
  /** Items needing a design value that a site type (or a house type without rooms) of the households lacks. */
  missingDesignValues: { item: FrozenItem; pointTypes: string[]; houseMaps: string[] }[];
}

const householdKey = (buildingId: string, floor: number, household: number) =>
  `${buildingId}/${floor}/${household}`;

/** The frozen form of one project-copy item: its selected standard with the effective exploded threshold. */
export function freezeItem(item: StoredItem): FrozenItem {
  const standard = item.Standards[item.Selected] ?? item.Standards[0];
  if (!standard) throw new Error(`measure item ${item.Code} without standards`);
  return {
    MeasureItemId: item.MeasureItemId,
    Code: item.Code,
    NameZh: item.NameZh,
    NameEn: item.NameEn,
    Mode: item.Mode,
    Dimension: item.Dimension,
    NeedsDesign: item.NeedsDesign,
    External: item.External ?? false,
    StandardNameZh: standard.Name,
    StandardNameEn: standard.NameEn ?? standard.Name,
    Left: standard.Left,
    Right: standard.Right,
    WarnLeft: standard.WarnLeft,
    WarnRight: standard.WarnRight,
    Exploded: standard.Exploded ?? defaultExplodedThreshold(standard.Left, standard.Right),
    Rule: item.Rule,
  };
}

export const itemName = (item: Pick<FrozenItem, 'NameZh' | 'NameEn'>, lang: Language) =>
  lang === 'en-US' ? item.NameEn : item.NameZh;

/**
 * Resolves a plan: every household must be in a building of the project (400 naming it), or for an
 * external-wall task the building and floor band (facade-plan.ts); the items are the stage's enabled
 * items of the task's kind in the project's standards, or the named ones among them; design
 * values are taken from the project's site types and the house types' templates as they are now.
 */
export async function resolvePlan(
  db: DbExecutor,
  companyId: string,
  input: PlanInput,
): Promise<ResolvedPlan> {
  const repository = new TaskPlanRepository(db);
  // One after the other: `db` may be a transaction, whose one connection runs one query at a time.
  const buildings = await repository.buildings(companyId, input.ProjectId);
  const assignments = await repository.assignments(companyId, input.ProjectId);
  const byNumber = new Map(buildings.map((building) => [building.number, building]));
  const kind: TaskKind = input.TaskKind ?? 'indoor';
  const facade = kind === 'externalWall' ? resolveFacade(buildings, input) : null;
  const houseTypeOf = new Map(
    assignments.map((row) => [householdKey(row.buildingId, row.floor, row.household), row.houseMapId]),
  );
  const seen = new Set<string>();
  const households: NewTaskHousehold[] = [];
  const withoutHouseType: HouseholdRef[] = [];
  input.Households.forEach((ref, index) => {
    const building = byNumber.get(ref.BuildingNumber);
    const params = { building: ref.BuildingNumber, floor: ref.Floor, household: ref.Household };
    if (!building) {
      throw fieldError(`Households[${index}].BuildingNumber`, 'tasks.buildingNotInProject', params);
    }
    if (ref.Floor > building.stories || ref.Household > building.households) {
      throw fieldError(`Households[${index}]`, 'tasks.householdOutsideBuilding', params);
    }
    const key = householdKey(building.id, ref.Floor, ref.Household);
    if (seen.has(key)) throw fieldError(`Households[${index}]`, 'tasks.householdDuplicate', params);
    seen.add(key);
    const houseMapId = houseTypeOf.get(key) ?? null;
    if (!houseMapId) withoutHouseType.push(ref);
    households.push({
      buildingId: building.id,
      buildingNumber: building.number,
      floor: ref.Floor,
      household: ref.Household,
      houseMapId,
    });
  });

  const standards = new ProjectStandardsRepository(db);
  await standards.ensureProjectStandards(companyId, input.ProjectId);
  const copy = (await standards.projectStandards(companyId, input.ProjectId)).find(
    (candidate) => candidate.stage === input.Stage,
  );
  const enabled = (copy?.classes ?? []).filter((item) => item.Enabled);
  const chosen = chooseItems(enabled, kind, input.ItemCodes);
  if (!copy || chosen.length === 0) throw fieldError('ItemCodes', 'tasks.noItems');
  const items = chosen.map(freezeItem);
  const codeOf = new Map(items.map((item) => [item.MeasureItemId, item.Code]));

  const houseMapIds = [...new Set(households.flatMap((row) => (row.houseMapId ? [row.houseMapId] : [])))];
  const maps = await repository.houseMaps(companyId, houseMapIds);
  const pointTypes = await repository.pointTypes(companyId, input.ProjectId);
  const templates = await repository.designTemplates(companyId, input.ProjectId);
  const frozenPointTypes: FrozenStandard['PointTypes'] = {};
  for (const type of pointTypes) {
    const values: Record<string, number> = {};
    for (const entry of type.items) {
      const code = codeOf.get(entry.MeasureItemId);
      if (code && entry.DesignValue !== null && entry.DesignValue !== undefined)
        values[code] = entry.DesignValue;
    }
    frozenPointTypes[type.id] = { Name: type.name, Values: values };
  }
  const defaultTemplate = templates.find((template) => template.isDefault);
  const frozenHouseMaps: FrozenStandard['HouseMaps'] = {};
  for (const map of maps) {
    const template = templates.find((candidate) => candidate.id === map.designTemplateId) ?? defaultTemplate;
    const values: Record<string, number> = {};
    for (const entry of template?.items ?? []) {
      const code = codeOf.get(entry.MeasureItemId);
      if (code) values[code] = entry.DesignValue;
    }
    frozenHouseMaps[map.id] = values;
  }

  const missingDesignValues: ResolvedPlan['missingDesignValues'] = [];
  for (const item of items.filter((candidate) => candidate.NeedsDesign)) {
    const lackingTypes = new Set<string>();
    const lackingMaps = new Set<string>();
    for (const map of maps) {
      if (frozenHouseMaps[map.id]?.[item.Code] !== undefined) continue;
      const rooms = map.measurePoints?.Rooms ?? [];
      if (rooms.length === 0) lackingMaps.add(map.name);
      for (const room of rooms) {
        const type = room.PointTypeId ? frozenPointTypes[room.PointTypeId] : undefined;
        if (!type) lackingMaps.add(map.name);
        else if (type.Values[item.Code] === undefined) lackingTypes.add(type.Name);
      }
    }
    if (lackingTypes.size > 0 || lackingMaps.size > 0) {
      missingDesignValues.push({ item, pointTypes: [...lackingTypes], houseMaps: [...lackingMaps] });
    }
  }

  return {
    households,
    withoutHouseType,
    facade,
    standard: {
      ProjectStandardId: copy.id,
      BaseTime: copy.baseTime.toISOString(),
      Items: items,
      PointTypes: frozenPointTypes,
      HouseMaps: frozenHouseMaps,
    },
    missingDesignValues,
  };
}
