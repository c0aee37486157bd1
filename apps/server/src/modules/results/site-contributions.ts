import type { ReadingRow, SiteRow } from './results-repository.ts';
import type { SiteContribution } from './rollup-deltas.ts';

/** What the sites about to be written bring to the rollups, from their rows and readings. */
export function contributions(
  sites: readonly SiteRow[],
  readings: readonly ReadingRow[],
): SiteContribution[] {
  const itemsOf = new Map<number, SiteContribution['items']>();
  for (const reading of readings) {
    let items = itemsOf.get(reading.pointIndex);
    if (!items) itemsOf.set(reading.pointIndex, (items = []));
    items.push({ itemCode: reading.itemCode, counts: reading });
  }
  return sites.map((site) => ({
    buildingId: site.buildingId,
    floor: site.floor,
    day: site.day,
    areaM2: site.areaM2 ?? 0,
    counts: site,
    items: itemsOf.get(site.pointIndex) ?? [],
  }));
}
