import {
  emptyCounts,
  type FacadeElevation,
  type FacadePanel,
  type FigureCounts,
  toFigures,
} from '@measure/contract';
import { addFigureCounts } from '../results/judge-readings.ts';
import type { FacadeSideRecord } from '../tasks/tasks-repository.ts';
import type { ResultsRepository } from '../results/results-repository.ts';
import { type PanelScan, panelKey } from './external-walls-repository.ts';

type SiteRow = Awaited<ReturnType<ResultsRepository['sites']>>[number];

/** A facade site (panel) of a task with its stored counts: a site whose side and X/Z are set. */
export type PanelRecord = Omit<SiteRow, 'side' | 'x0' | 'x1' | 'z0' | 'z1'> & {
  side: string;
  x0: number;
  x1: number;
  z0: number;
  z1: number;
  /** The items the panel has readings of (code order). */
  itemCodes: string[];
};

/** The counts of one panel (one site): its readings' counts, one site, exploded if any value is. */
const panelCounts = (panel: PanelRecord): FigureCounts => ({
  qualified: panel.qualified,
  warning: panel.warning,
  unqualified: panel.unqualified,
  exploded: panel.exploded,
  unjudged: panel.unjudged,
  sites: 1,
  explodedSites: panel.explodedSite ? 1 : 0,
});

/** The worst grade among the panel's judged values (the counts hold one per judged value). */
export function worstGrade(counts: FigureCounts): FacadePanel['Grade'] {
  if (counts.exploded > 0) return 'exploded';
  if (counts.unqualified > 0) return 'unqualified';
  if (counts.warning > 0) return 'warning';
  if (counts.qualified > 0) return 'qualified';
  return null;
}

/** `Scanned` (a ready scan: the deviation view exists) and the scan the panel opens on. */
const panelScanFields = (scan: PanelScan | undefined) => ({
  Scanned: scan?.status === 'ready',
  ScanId: scan?.scanId ?? null,
  ScanStatus: scan?.status ?? null,
});

/**
 * Each planned side of an external-wall task as an elevation, and the task's figures. Counts are
 * additive: a floor's, a side's and the task's figures are their panels' counts summed, then judged
 * as one (never an average of rates). Floors run bottom to top over the task's band (and any floor
 * a panel stands on outside it), each with the lowest and highest panel edge seen on it.
 */
export function facadeElevations(
  plan: { sides: readonly FacadeSideRecord[]; floorFrom: number; floorTo: number },
  panels: readonly PanelRecord[],
  scans: ReadonlyMap<string, PanelScan>,
): { sides: FacadeElevation[]; taskCounts: FigureCounts } {
  const taskCounts = emptyCounts();
  for (const panel of panels) addFigureCounts(taskCounts, panelCounts(panel));
  const sides = plan.sides.map((side) => {
    const own = panels.filter((panel) => panel.side === side.Side);
    const sideCounts = emptyCounts();
    const floors = new Map<number, { z0: number | null; z1: number | null; counts: FigureCounts }>();
    for (let floor = plan.floorFrom; floor <= plan.floorTo; floor += 1) {
      floors.set(floor, { z0: null, z1: null, counts: emptyCounts() });
    }
    const panelRows = own.map((panel): FacadePanel => {
      const counts = panelCounts(panel);
      addFigureCounts(sideCounts, counts);
      let band = floors.get(panel.floor);
      if (!band) floors.set(panel.floor, (band = { z0: null, z1: null, counts: emptyCounts() }));
      addFigureCounts(band.counts, counts);
      band.z0 = band.z0 === null ? panel.z0 : Math.min(band.z0, panel.z0);
      band.z1 = band.z1 === null ? panel.z1 : Math.max(band.z1, panel.z1);
      return {
        PointIndex: panel.pointIndex,
        Name: panel.name,
        Floor: panel.floor,
        X0: panel.x0,
        X1: panel.x1,
        Z0: panel.z0,
        Z1: panel.z1,
        Figures: toFigures(counts),
        ItemCodes: panel.itemCodes,
        Grade: worstGrade(counts),
        ...panelScanFields(scans.get(panelKey(panel.side, panel.pointIndex))),
      };
    });
    return {
      Index: side.Index,
      Side: side.Side,
      Name: side.Name,
      WidthM: side.WidthM,
      Figures: toFigures(sideCounts),
      Floors: [...floors]
        .sort(([a], [b]) => a - b)
        .map(([floor, band]) => ({
          Floor: floor,
          Z0: band.z0,
          Z1: band.z1,
          Figures: toFigures(band.counts),
        })),
      Panels: panelRows,
    };
  });
  return { sides, taskCounts };
}
