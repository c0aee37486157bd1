import { z } from 'zod';

/**
 * Figures (measurement-api.md section 6): the counts a pass rate comes from, the same fields
 * wherever a pass rate is shown. `Total` counts judged values; invalid readings count nowhere;
 * deviation readings without a design value count only in `Unjudged`.
 */
export const figuresSchema = z.object({
  Qualified: z.number().int(),
  Warning: z.number().int(),
  Unqualified: z.number().int(),
  Exploded: z.number().int(),
  Total: z.number().int(),
  Unjudged: z.number().int(),
  /** (Qualified + Warning) / Total * 100, 2 decimals; null when Total is 0. */
  PassRate: z.number().nullable(),
  Sites: z.number().int(),
  ExplodedSites: z.number().int(),
  /** ExplodedSites / Sites * 100, 2 decimals; null when Sites is 0. */
  ExplodedRate: z.number().nullable(),
});
export type Figures = z.infer<typeof figuresSchema>;

/** The counts figures are made of; the rates are derived by `toFigures`. */
export interface FigureCounts {
  qualified: number;
  warning: number;
  unqualified: number;
  exploded: number;
  unjudged: number;
  sites: number;
  explodedSites: number;
}

export const emptyCounts = (): FigureCounts => ({
  qualified: 0,
  warning: 0,
  unqualified: 0,
  exploded: 0,
  unjudged: 0,
  sites: 0,
  explodedSites: 0,
});

/** A percentage rounded to 2 decimals, computed from integers so 2/3 gives 66.67 exactly. */
export function percent(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part * 10_000) / whole) / 100;
}

/**
 * Whether figures hold a failure: an unqualified or severely deviating (exploded) value. What a
 * re-measure plans again and a work order is made for.
 */
export const hasFailures = (figures: Pick<Figures, 'Unqualified' | 'Exploded'>): boolean =>
  figures.Unqualified + figures.Exploded > 0;

export function toFigures(counts: FigureCounts): Figures {
  const total = counts.qualified + counts.warning + counts.unqualified + counts.exploded;
  return {
    Qualified: counts.qualified,
    Warning: counts.warning,
    Unqualified: counts.unqualified,
    Exploded: counts.exploded,
    Total: total,
    Unjudged: counts.unjudged,
    PassRate: percent(counts.qualified + counts.warning, total),
    Sites: counts.sites,
    ExplodedSites: counts.explodedSites,
    ExplodedRate: percent(counts.explodedSites, counts.sites),
  };
}
