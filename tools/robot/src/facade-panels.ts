import type { WorkPackage } from '@measure/contract';
import { seededRandom } from './random.ts';

/**
 * The facade panels an external-wall task's robot measures (measurement-api.md section 9, domain.md
 * section 11): per side and per floor of the band, a row of panels one floor high and 2-6 m wide
 * laid edge to edge across the side's width. The columns are the same on every floor of a side (a
 * grid), so panels never overlap and each stays inside its side and its floor.
 */

/** A storey's height in the simulator's building frame (metres): floor f spans (f-1)·3 .. f·3 above ±0.000. */
export const FACADE_STOREY_M = 3;
export const PANEL_MIN_M = 2;
export const PANEL_MAX_M = 6;

/** One panel: its side, floor and rectangle in metres (X from the side's left edge, Z above ±0.000). */
export interface FacadePanelPlace {
  Side: string;
  Floor: number;
  X0: number;
  X1: number;
  Z0: number;
  Z1: number;
  /** The panel's own name (its column on the floor); the place is shown beside it. */
  Name: string;
}

type FacadeWork = Pick<WorkPackage, 'FloorFrom' | 'FloorTo' | 'Sides'>;

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The floor band of a task as its work package names it (empty for indoor tasks). */
export function facadeFloors(work: FacadeWork): number[] {
  if (work.FloorFrom === null || work.FloorTo === null) return [];
  const floors: number[] = [];
  for (let floor = work.FloorFrom; floor <= work.FloorTo; floor += 1) floors.push(floor);
  return floors;
}

/** Where floor `floor` lies on the facade: its bottom and top, metres above ±0.000. */
export const floorBand = (floor: number, storeyM = FACADE_STOREY_M) => ({
  Z0: round3((floor - 1) * storeyM),
  Z1: round3(floor * storeyM),
});

/**
 * A panel one storey high on `floor` of `side`, from `x0` for `width` metres, in a device's site
 * shape: the fixed panels API and browser tests send (the simulator's own come from facadePanels).
 */
export const storeyPanel = (side: string, floor: number, x0: number, width: number) => ({
  Side: side,
  Floor: floor,
  X0: x0,
  X1: x0 + width,
  ...floorBand(floor),
  Surface: 'facade' as const,
});

/**
 * The column edges of a side `widthM` wide: a column count whose equal widths fall within 2-6 m
 * (picked at random among those that do), edges rounded to millimetres, the last at the width
 * exactly. A side narrower than 2 m is one column.
 */
export function facadeColumns(widthM: number, random: () => number): number[] {
  const fewest = Math.max(1, Math.ceil(widthM / PANEL_MAX_M - 1e-9));
  const most = Math.max(fewest, Math.floor(widthM / PANEL_MIN_M + 1e-9));
  const count = fewest + Math.floor(random() * (most - fewest + 1));
  const edges = Array.from({ length: count + 1 }, (_, index) => round3((widthM * index) / count));
  edges[count] = widthM;
  return edges;
}

export interface FacadePanelOptions {
  seed?: number;
  /** At most this many floors of the band per side, from its bottom (default: all). */
  floors?: number;
  storeyM?: number;
}

/**
 * Every panel of the task in walking order: side by side, floor by floor from the bottom, left to
 * right. The same work package and seed give the same panels.
 */
export function facadePanels(work: FacadeWork, options: FacadePanelOptions = {}): FacadePanelPlace[] {
  const random = seededRandom(options.seed ?? 20261128);
  const floors = facadeFloors(work).slice(0, options.floors ?? Number.MAX_SAFE_INTEGER);
  return work.Sides.flatMap((side) => {
    const edges = facadeColumns(side.WidthM, random);
    return floors.flatMap((floor) =>
      edges.slice(1).map((X1, column) => ({
        Side: side.Side,
        Floor: floor,
        X0: edges[column] as number,
        X1,
        ...floorBand(floor, options.storeyM),
        Name: `板块 ${column + 1}`,
      })),
    );
  });
}
