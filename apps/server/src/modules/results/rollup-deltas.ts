import type { FigureCounts } from '@measure/contract';

/** Counts of judged values, and how many values there are. */
export type ValueCounts = Pick<
  FigureCounts,
  'qualified' | 'warning' | 'unqualified' | 'exploded' | 'unjudged'
> & {
  readings: number;
};

/** The counts one site brings to the rollups: its place and day, and per item. */
export interface SiteContribution {
  buildingId: string;
  floor: number;
  day: string;
  areaM2: number;
  /** The site's counts (values of all its items). */
  counts: ValueCounts;
  items: { itemCode: string; counts: ValueCounts }[];
}

/** A change of one rollup row: a floor bucket, or an item's floor bucket when `itemCode` is set. */
export interface RollupDelta {
  itemCode: string | null;
  buildingId: string;
  floor: number;
  day: string;
  qualified: number;
  warning: number;
  unqualified: number;
  exploded: number;
  unjudged: number;
  readings: number;
  sites: number;
  explodedSites: number;
  areaM2: number;
}

/**
 * The rollup changes of a batch: the replaced versions of its sites taken out, the new ones put in,
 * summed per rollup row. Floor rows count a site once (exploded when any value exploded); item rows
 * count a site once per item it has (exploded when that item's values did).
 */
export function rollupDeltas(
  removed: readonly SiteContribution[],
  added: readonly SiteContribution[],
): RollupDelta[] {
  const rows = new Map<string, RollupDelta>();
  const apply = (
    itemCode: string | null,
    site: SiteContribution,
    counts: SiteContribution['counts'],
    sign: 1 | -1,
  ) => {
    const key = `${itemCode ?? ''}|${site.buildingId}|${site.floor}|${site.day}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        itemCode,
        buildingId: site.buildingId,
        floor: site.floor,
        day: site.day,
        qualified: 0,
        warning: 0,
        unqualified: 0,
        exploded: 0,
        unjudged: 0,
        readings: 0,
        sites: 0,
        explodedSites: 0,
        areaM2: 0,
      };
      rows.set(key, row);
    }
    row.qualified += sign * counts.qualified;
    row.warning += sign * counts.warning;
    row.unqualified += sign * counts.unqualified;
    row.exploded += sign * counts.exploded;
    row.unjudged += sign * counts.unjudged;
    row.readings += sign * counts.readings;
    row.sites += sign;
    row.explodedSites += counts.exploded > 0 ? sign : 0;
    if (itemCode === null) row.areaM2 += sign * site.areaM2;
  };
  for (const [sites, sign] of [
    [removed, -1],
    [added, 1],
  ] as const) {
    for (const site of sites) {
      apply(null, site, site.counts, sign);
      for (const item of site.items) apply(item.itemCode, site, item.counts, sign);
    }
  }
  return [...rows.values()];
}

/** The sum of several counts (a site's from its items' readings). */
export function sumCounts(parts: readonly ValueCounts[]): ValueCounts {
  const total: ValueCounts = {
    qualified: 0,
    warning: 0,
    unqualified: 0,
    exploded: 0,
    unjudged: 0,
    readings: 0,
  };
  for (const part of parts) {
    total.qualified += part.qualified;
    total.warning += part.warning;
    total.unqualified += part.unqualified;
    total.exploded += part.exploded;
    total.unjudged += part.unjudged;
    total.readings += part.readings;
  }
  return total;
}
