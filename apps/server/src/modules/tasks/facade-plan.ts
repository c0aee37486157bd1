import type { FacadeSide, Stage, TaskKind, TaskNameParts } from '@measure/contract';
import { fieldError } from '../../core/app-error.ts';
import { FeatureGate } from '../../core/feature-gate.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { StoredItem } from '../../db/json-types.ts';
import type { AuthContext } from '../auth/auth-context.ts';

/** The facades an external-wall plan names, resolved against the project's buildings. */
export interface ResolvedFacade {
  buildingId: string;
  buildingNumber: string;
  floorFrom: number;
  floorTo: number;
  /** In the order planned: the index is the side's 0-based `side_index`. */
  sides: FacadeSide[];
}

/** What an external-wall plan sends (measurement-api.md section 9); the contract checked their presence. */
export interface FacadePlanInput {
  BuildingNumber?: string | null;
  Sides?: FacadeSide[];
  FloorFrom?: number | null;
  FloorTo?: number | null;
}

/**
 * An external-wall plan's building and floor band: the building must be one of the project's
 * (400 on BuildingNumber) and FloorFrom..FloorTo within its stories (400 on FloorTo).
 */
export function resolveFacade(
  buildings: readonly { id: string; number: string; stories: number }[],
  input: FacadePlanInput,
): ResolvedFacade {
  const number = input.BuildingNumber ?? '';
  const building = buildings.find((candidate) => candidate.number === number);
  if (!building) throw fieldError('BuildingNumber', 'tasks.buildingNotInProject', { building: number });
  const floorFrom = input.FloorFrom ?? 1;
  const floorTo = input.FloorTo ?? floorFrom;
  if (floorFrom < 1 || floorTo > building.stories) {
    throw fieldError('FloorTo', 'externalWalls.floorsOutsideBuilding', {
      from: floorFrom,
      to: floorTo,
      building: building.number,
      floors: building.stories,
    });
  }
  return {
    buildingId: building.id,
    buildingNumber: building.number,
    floorFrom,
    floorTo,
    sides: input.Sides ?? [],
  };
}

const isExternal = (item: StoredItem) => item.External === true;

/**
 * The items a task of `kind` takes from the stage's enabled items: by default those of its kind
 * (facade items for an external-wall task, the others for an indoor one); named ones must be of
 * the stage (`tasks.itemNotInStage`) and of its kind (`externalWalls.indoorItem` / `externalItem`).
 */
export function chooseItems(
  enabled: readonly StoredItem[],
  kind: TaskKind,
  itemCodes: readonly string[] | null | undefined,
): StoredItem[] {
  const wantExternal = kind === 'externalWall';
  if (!itemCodes || itemCodes.length === 0) {
    const chosen = enabled.filter((item) => isExternal(item) === wantExternal);
    if (chosen.length === 0 && wantExternal) throw fieldError('ItemCodes', 'externalWalls.noExternalItems');
    return chosen;
  }
  const byCode = new Map(enabled.map((item) => [item.Code.toLowerCase(), item]));
  const chosen = itemCodes.map((code, index) => {
    const item = byCode.get(code.toLowerCase());
    if (!item) throw fieldError(`ItemCodes[${index}]`, 'tasks.itemNotInStage', { code });
    if (isExternal(item) !== wantExternal) {
      const key = wantExternal ? 'externalWalls.indoorItem' : 'externalWalls.externalItem';
      throw fieldError(`ItemCodes[${index}]`, key, { item: item.Code });
    }
    return item;
  });
  return [...new Map(chosen.map((item) => [item.MeasureItemId, item])).values()];
}

/** The name the system gives an external-wall task planned without one: building, sides, floors, stage. */
export const facadeNameParts = (facade: ResolvedFacade, stage: Stage): TaskNameParts => ({
  kind: 'facade',
  building: facade.buildingNumber,
  sides: facade.sides.map((side) => side.Side),
  floors: [facade.floorFrom, facade.floorTo],
  stage,
});

/** Planning an external-wall task is a web call of the gated feature (403 when the company has it off). */
export async function assertKindEnabled(
  db: DbExecutor,
  auth: AuthContext,
  kind: TaskKind | null | undefined,
): Promise<void> {
  if (kind === 'externalWall') await new FeatureGate(db).assertEnabled(auth.companyId, 'externalWall');
}
