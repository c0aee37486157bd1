import type { ResultSite } from '@measure/contract';
import { fieldError } from '../../core/app-error.ts';
import type { TaskRecord } from '../tasks/tasks-repository.ts';

/** A facade panel as placed: its side (the task's spelling) and rectangle in metres. */
export interface FacadePanel {
  pointIndex: number;
  side: string;
  x0: number;
  x1: number;
  z0: number;
  z1: number;
}

/**
 * Edges that meet are not an overlap: two panels overlap when they share an area wider and higher
 * than this (metres; a micrometre absorbs the binary rounding of decimal metres such as 0.1 + 0.2).
 */
const TOUCH_M = 1e-6;

const overlaps = (a: FacadePanel, b: FacadePanel) =>
  Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > TOUCH_M &&
  Math.min(a.z1, b.z1) - Math.max(a.z0, b.z0) > TOUCH_M;

/**
 * The placement rules of facade sites on an external-wall task (measurement-api.md section 9; issue 33
 * "Bad input"): a facade site (no household), on one of the task's sides, on its building, within its
 * floor band and its side's width, and not overlapping another panel of that side with positive area,
 * in the batch or among the stored panels the batch does not replace. Each refusal names its field.
 */
export class FacadePlacement {
  private readonly sides: Map<string, { side: string; widthM: number }>;
  private readonly panels = new Map<string, FacadePanel[]>();

  /** `stored`: the task's panels now, less those the batch sends again (corrections replace them). */
  constructor(
    private readonly task: TaskRecord,
    stored: readonly FacadePanel[],
  ) {
    this.sides = new Map(
      task.facadeSides.map((side) => [side.Side.toUpperCase(), { side: side.Side, widthM: side.WidthM }]),
    );
    for (const panel of stored) this.remember(panel);
  }

  private remember(panel: FacadePanel): void {
    const list = this.panels.get(panel.side);
    if (list) list.push(panel);
    else this.panels.set(panel.side, [panel]);
  }

  /**
   * Checks `site` (the batch's `Sites[index]`, at `at`; '' for a body's own fields) and keeps it as
   * placed; answers its panel.
   */
  place(site: ResultSite, at: string): FacadePanel {
    const field = (name: string) => (at ? `${at}.${name}` : name);
    if (!site.Side) throw fieldError(field('Side'), 'externalWalls.indoorSiteOnFacadeTask');
    const side = this.sides.get(site.Side.toUpperCase());
    if (!side) throw fieldError(field('Side'), 'externalWalls.unknownSide', { side: site.Side });
    const building = this.task.facadeBuildingNumber ?? '';
    if (site.BuildingNumber !== building) {
      throw fieldError(field('BuildingNumber'), 'externalWalls.otherBuilding', {
        building: site.BuildingNumber,
        taskBuilding: building,
      });
    }
    const from = this.task.floorFrom ?? 1;
    const to = this.task.floorTo ?? from;
    if (site.Floor < from || site.Floor > to) {
      throw fieldError(field('Floor'), 'externalWalls.outsideFloorBand', { floor: site.Floor, from, to });
    }
    if (site.RoomId) throw fieldError(field('RoomId'), 'externalWalls.facadeHasNoRoom');
    // The contract made X0 < X1 and Z0 < Z1 present on a site with a Side.
    const panel: FacadePanel = {
      pointIndex: site.PointIndex,
      side: side.side,
      x0: site.X0 as number,
      x1: site.X1 as number,
      z0: site.Z0 as number,
      z1: site.Z1 as number,
    };
    if (panel.x1 > side.widthM + TOUCH_M) {
      throw fieldError(field('X1'), 'externalWalls.outsideSide', { side: side.side, width: side.widthM });
    }
    const other = this.panels.get(side.side)?.find((candidate) => overlaps(candidate, panel));
    if (other) {
      throw fieldError(field('X0'), 'externalWalls.panelsOverlap', {
        pointIndex: panel.pointIndex,
        other: other.pointIndex,
        side: side.side,
      });
    }
    this.remember(panel);
    return panel;
  }
}
