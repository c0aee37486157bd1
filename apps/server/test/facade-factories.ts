import { type AddTaskBodyInput, apiRoutes, type FacadeSide, type ResultSite } from '@measure/contract';
import { FACADE_STOREY_M, storeyPanel } from '@measure/robot/facade-panels';
import { eq } from 'drizzle-orm';
import { companies } from '../src/db/schema.ts';
import type { TestApp } from './app.ts';
import { type Caller, callRouteOk } from './call-route.ts';

/** Switches the company's external-wall feature (gate EnabledExternalWall) on or off. */
export async function setExternalWall(t: TestApp, companyId: string, on = true): Promise<void> {
  await t.db.update(companies).set({ enabledExternalWall: on }).where(eq(companies.id, companyId));
}

/** Two sides of building 1#: north 20 m wide, east 12 m. */
export const FACADE_SIDES: FacadeSide[] = [
  { Side: 'N', Name: '北立面', WidthM: 20 },
  { Side: 'E', WidthM: 12 },
];

/** What most external-wall tests plan: structure facades of 1#, floors 1-3, both sides above. */
export const FACADE_DEFAULTS = {
  TaskKind: 'externalWall',
  Stage: 'structure',
  MeasureKind: 'first',
  InspectionKind: 'self',
  BuildingNumber: '1#',
  Sides: FACADE_SIDES,
  FloorFrom: 1,
  FloorTo: 3,
} as const;

type FacadeTaskBody = Omit<AddTaskBodyInput, keyof typeof FACADE_DEFAULTS> &
  Partial<Pick<AddTaskBodyInput, keyof typeof FACADE_DEFAULTS>>;

/**
 * An external-wall task made through AddTask by `as` (the company's gate must be on), with the
 * defaults above (its items: the stage's external items); answers its TaskId.
 */
export function buildFacadeTask(t: TestApp, as: Caller, body: FacadeTaskBody): Promise<string> {
  return callRouteOk(t.app, apiRoutes.tasks.addTask, { ...FACADE_DEFAULTS, ...body }, { as });
}

/** Floors are 3 m high from ±0.000: floor f spans Z (f-1)*3 .. f*3 (the simulator's storey). */
export const FLOOR_HEIGHT_M = FACADE_STOREY_M;

/**
 * A facade panel of building 1# on `side`, one floor high, from `x0` for `width` metres, with one
 * reading of outer-wall flatness (EW-ST-01) unless `readings` are given.
 */
export function facadeSite(
  pointIndex: number,
  side: string,
  floor: number,
  x0: number,
  width: number,
  readings: ResultSite['Readings'] = [{ ItemCode: 'EW-ST-01', Values: [3, 9] }],
): ResultSite {
  return {
    PointIndex: pointIndex,
    BuildingNumber: '1#',
    ...storeyPanel(side, floor, x0, width),
    MeasuredAt: '2026-11-22T09:30:00Z',
    Readings: readings,
  };
}
