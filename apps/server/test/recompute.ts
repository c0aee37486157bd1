import type { Figures, ResultSite } from '@measure/contract';

/** What judging needs of an item: its mode and frozen standard (work package or task detail items). */
export interface JudgedItem {
  ItemCode: string;
  Mode: 'absolute' | 'deviation' | 'range';
  Standard: { Left: number; Right: number; WarnLeft: number; WarnRight: number; Exploded: number };
}

/** Plain counts, added up across tasks before the rates are taken. */
export interface Tally {
  qualified: number;
  warning: number;
  unqualified: number;
  exploded: number;
  unjudged: number;
  sites: number;
  explodedSites: number;
}

export const emptyTally = (): Tally => ({
  qualified: 0,
  warning: 0,
  unqualified: 0,
  exploded: 0,
  unjudged: 0,
  sites: 0,
  explodedSites: 0,
});

/**
 * The tests' own judging of readings as sent (domain.md section 4), independent of the server's
 * engine: absolute values, deviation from the reading's design value (none: unjudged), range as max - min
 * of the site's values; every value valid. Adds into `into` and answers it.
 */
export function tally(
  items: readonly JudgedItem[],
  sites: readonly ResultSite[],
  into = emptyTally(),
): Tally {
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  for (const site of sites) {
    let exploded = false;
    for (const reading of site.Readings) {
      const item = items.find((candidate) => candidate.ItemCode === reading.ItemCode);
      if (!item) throw new Error(`unknown item ${reading.ItemCode}`);
      const s = item.Standard;
      if (item.Mode === 'deviation' && (reading.DesignValue === null || reading.DesignValue === undefined)) {
        into.unjudged += reading.Values.length;
        continue;
      }
      const judged =
        item.Mode === 'range'
          ? [round(Math.max(...reading.Values) - Math.min(...reading.Values))]
          : item.Mode === 'deviation'
            ? reading.Values.map((v) => round(v - (reading.DesignValue as number)))
            : reading.Values;
      for (const v of judged) {
        if (v >= s.WarnLeft && v <= s.WarnRight) into.qualified += 1;
        else if (v >= s.Left && v <= s.Right) into.warning += 1;
        else if (v < s.Left - s.Exploded || v > s.Right + s.Exploded) {
          into.exploded += 1;
          exploded = true;
        } else into.unqualified += 1;
      }
    }
    into.sites += 1;
    if (exploded) into.explodedSites += 1;
  }
  return into;
}

/** Figures of a tally, with the rates as measurement-api.md section 6 defines them. */
export function figuresOfTally(c: Tally): Figures {
  const total = c.qualified + c.warning + c.unqualified + c.exploded;
  const rate = (part: number, whole: number) =>
    whole === 0 ? null : Math.round((part / whole) * 10_000) / 100;
  return {
    Qualified: c.qualified,
    Warning: c.warning,
    Unqualified: c.unqualified,
    Exploded: c.exploded,
    Total: total,
    Unjudged: c.unjudged,
    PassRate: rate(c.qualified + c.warning, total),
    Sites: c.sites,
    ExplodedSites: c.explodedSites,
    ExplodedRate: rate(c.explodedSites, c.sites),
  };
}
