import { toFigures, type TaskDetail } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { facadeRemeasurePlan } from './facadeRemeasure.ts';

const counts = {
  qualified: 0,
  warning: 0,
  unqualified: 0,
  exploded: 0,
  unjudged: 0,
  sites: 1,
  explodedSites: 0,
};

/** A panel of building 1# on `side` and `floor`, with `unqualified` and `exploded` readings. */
const panel = (side: string, floor: number, unqualified = 0, exploded = 0) => ({
  Side: side,
  Floor: floor,
  Figures: toFigures({ ...counts, qualified: 3, unqualified, exploded, explodedSites: exploded > 0 ? 1 : 0 }),
});

const parent = (sites: ReturnType<typeof panel>[]) =>
  ({
    BuildingNumber: '1#',
    FloorFrom: 1,
    FloorTo: 6,
    FacadeSides: [
      { Index: 0, Side: 'N', Name: '北立面', WidthM: 20 },
      { Index: 1, Side: 'E', Name: null, WidthM: 12 },
      { Index: 2, Side: 'S', Name: null, WidthM: 20 },
    ],
    Sites: sites,
  }) as unknown as TaskDetail;

describe('facadeRemeasurePlan', () => {
  it('plans the sides with failing panels over the floors those panels span', () => {
    const plan = facadeRemeasurePlan(
      parent([panel('N', 2, 1), panel('N', 5, 0, 1), panel('E', 3), panel('S', 4, 2), panel('S', 6)]),
    );
    expect(plan).toEqual({
      BuildingNumber: '1#',
      Sides: [
        { Side: 'N', Name: '北立面', WidthM: 20 },
        { Side: 'S', Name: undefined, WidthM: 20 },
      ],
      FloorFrom: 2,
      FloorTo: 5,
    });
  });

  it('plans the parent as it was when nothing failed', () => {
    const plan = facadeRemeasurePlan(parent([panel('N', 2), panel('E', 3)]));
    expect(plan.Sides.map((side) => side.Side)).toEqual(['N', 'E', 'S']);
    expect([plan.FloorFrom, plan.FloorTo]).toEqual([1, 6]);
  });
});
