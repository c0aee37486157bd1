import type { FacadeElevation, FacadePanel } from '@measure/contract';

/** A storey's height when no panel of any floor tells it (metres). */
const DEFAULT_STOREY_M = 3;

export interface FloorBand {
  Floor: number;
  Z0: number;
  Z1: number;
}

/**
 * The floor bands of a side, bottom to top, in metres above ±0.000: a floor with panels spans their
 * Z range; a floor without any takes the typical storey height of those that have, stacked on its
 * neighbours, so an unmeasured floor still has its place in the drawing.
 */
export function floorBands(side: Pick<FacadeElevation, 'Floors'>): FloorBand[] {
  const floors = [...side.Floors].sort((a, b) => a.Floor - b.Floor);
  const known = floors.filter((floor) => floor.Z0 !== null && floor.Z1 !== null);
  const storey =
    known.length > 0
      ? known.reduce((sum, floor) => sum + ((floor.Z1 as number) - (floor.Z0 as number)), 0) / known.length
      : DEFAULT_STOREY_M;
  const anchor = known[0];
  // Where floor N would start if every storey were `storey` high, fixed by the lowest known floor.
  const base = anchor ? (anchor.Z0 as number) - (anchor.Floor - 1) * storey : 0;
  return floors.map((floor) =>
    floor.Z0 !== null && floor.Z1 !== null
      ? { Floor: floor.Floor, Z0: floor.Z0, Z1: floor.Z1 }
      : { Floor: floor.Floor, Z0: base + (floor.Floor - 1) * storey, Z1: base + floor.Floor * storey },
  );
}

export interface ElevationFrame {
  bands: FloorBand[];
  /** Lowest and highest height drawn (metres). */
  zMin: number;
  zMax: number;
  widthM: number;
}

/** The rectangle the drawing covers: the side's width by its bands and panels. */
export function elevationFrame(side: Pick<FacadeElevation, 'Floors' | 'Panels' | 'WidthM'>): ElevationFrame {
  const bands = floorBands(side);
  const lows = [...bands.map((band) => band.Z0), ...side.Panels.map((panel: FacadePanel) => panel.Z0)];
  const highs = [...bands.map((band) => band.Z1), ...side.Panels.map((panel: FacadePanel) => panel.Z1)];
  const zMin = lows.length > 0 ? Math.min(...lows) : 0;
  const zMax = highs.length > 0 ? Math.max(...highs) : DEFAULT_STOREY_M;
  const widthM = Math.max(side.WidthM, ...side.Panels.map((panel) => panel.X1));
  return { bands, zMin, zMax: zMax > zMin ? zMax : zMin + DEFAULT_STOREY_M, widthM };
}
