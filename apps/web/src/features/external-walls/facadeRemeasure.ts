import { type FacadeSide, hasFailures, type TaskDetail } from '@measure/contract';

/** What the dispatch form of a facade re-measure starts from. */
export interface FacadeRemeasurePlan {
  BuildingNumber: string | undefined;
  Sides: Partial<FacadeSide>[];
  FloorFrom: number | undefined;
  FloorTo: number | undefined;
}

/**
 * A facade re-measure plans the sides with failing panels (unqualified or severe readings) over the
 * floors those panels span, as an indoor re-measure plans the failing households; when nothing
 * failed yet, the parent's sides and floor band as they were. The planner may change any of it.
 */
export function facadeRemeasurePlan(parent: TaskDetail): FacadeRemeasurePlan {
  const failing = parent.Sites.filter((site) => site.Side !== null && hasFailures(site.Figures));
  const failingSides = new Set(failing.map((site) => site.Side));
  const sides =
    failing.length === 0
      ? parent.FacadeSides
      : parent.FacadeSides.filter((side) => failingSides.has(side.Side));
  const floors = failing.map((site) => site.Floor);
  return {
    BuildingNumber: parent.BuildingNumber ?? undefined,
    Sides: sides.map((side) => ({ Side: side.Side, Name: side.Name ?? undefined, WidthM: side.WidthM })),
    FloorFrom: floors.length > 0 ? Math.min(...floors) : (parent.FloorFrom ?? undefined),
    FloorTo: floors.length > 0 ? Math.max(...floors) : (parent.FloorTo ?? undefined),
  };
}
