/**
 * Helpers of the review API tests: the test's own judging of the stored readings (domain.md section
 * 4, independent of the server's engine), so figures can be compared with a recomputation.
 */
import type { Figures, TaskDetail } from '@measure/contract';
import { and, eq } from 'drizzle-orm';
import { siteReadings, taskSites } from '../src/db/schema.ts';
import type { TestApp } from './app.ts';

interface Tally {
  Qualified: number;
  Warning: number;
  Unqualified: number;
  Exploded: number;
  Unjudged: number;
  Sites: number;
  ExplodedSites: number;
}

const empty = (): Tally => ({
  Qualified: 0,
  Warning: 0,
  Unqualified: 0,
  Exploded: 0,
  Unjudged: 0,
  Sites: 0,
  ExplodedSites: 0,
});

function figures(tally: Tally): Figures {
  const total = tally.Qualified + tally.Warning + tally.Unqualified + tally.Exploded;
  const rate = (part: number, whole: number) =>
    whole === 0 ? null : Math.round((part / whole) * 10_000) / 100;
  return {
    ...tally,
    Total: total,
    PassRate: rate(tally.Qualified + tally.Warning, total),
    ExplodedRate: rate(tally.ExplodedSites, tally.Sites),
  };
}

export interface Recomputed {
  task: Figures;
  items: Map<string, Figures>;
  sites: Map<number, Figures>;
  /** By building number, and by `building|floor`. */
  buildings: Map<string, Figures>;
  floors: Map<string, Figures>;
}

/**
 * Figures of a task, of each item and of each site recomputed from the stored values and validity
 * with the task's frozen standards: invalid values count nowhere; range items judge max - min of the
 * valid values; deviation items value minus the stored design value (none: unjudged).
 */
export async function recomputeFromReadings(
  t: TestApp,
  companyId: string,
  task: TaskDetail,
): Promise<Recomputed> {
  const readings = await t.db
    .select()
    .from(siteReadings)
    .where(and(eq(siteReadings.companyId, companyId), eq(siteReadings.taskId, task.TaskId)));
  const sites = await t.db
    .select({
      pointIndex: taskSites.pointIndex,
      buildingNumber: taskSites.buildingNumber,
      floor: taskSites.floor,
    })
    .from(taskSites)
    .where(and(eq(taskSites.companyId, companyId), eq(taskSites.taskId, task.TaskId)));
  const total = empty();
  const items = new Map<string, Tally>();
  const perSite = new Map<number, Tally>(sites.map((site) => [site.pointIndex, { ...empty(), Sites: 1 }]));
  total.Sites = sites.length;
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  for (const reading of readings) {
    const item = task.Items.find((candidate) => candidate.ItemCode === reading.itemCode);
    if (!item) throw new Error(`unknown item ${reading.itemCode}`);
    const s = item.Standard;
    const valid = reading.vals.filter((_, index) => reading.valid[index]);
    const site = perSite.get(reading.pointIndex) as Tally;
    let itemTally = items.get(reading.itemCode);
    if (!itemTally) items.set(reading.itemCode, (itemTally = empty()));
    itemTally.Sites += 1;
    const judged =
      item.Mode === 'range'
        ? valid.length > 0
          ? [round(Math.max(...valid) - Math.min(...valid))]
          : []
        : item.Mode === 'deviation'
          ? reading.designValue === null
            ? null
            : valid.map((v) => round(v - (reading.designValue as number)))
          : valid;
    let exploded = false;
    for (const tally of [total, itemTally, site]) {
      if (judged === null) tally.Unjudged += valid.length;
    }
    for (const v of judged ?? []) {
      const grade: keyof Tally =
        v >= s.WarnLeft && v <= s.WarnRight
          ? 'Qualified'
          : v >= s.Left && v <= s.Right
            ? 'Warning'
            : v < s.Left - s.Exploded || v > s.Right + s.Exploded
              ? 'Exploded'
              : 'Unqualified';
      if (grade === 'Exploded') exploded = true;
      for (const tally of [total, itemTally, site]) tally[grade] += 1;
    }
    if (exploded) itemTally.ExplodedSites += 1;
  }
  for (const site of perSite.values()) if (site.Exploded > 0) site.ExplodedSites = 1;
  total.ExplodedSites = [...perSite.values()].filter((site) => site.ExplodedSites > 0).length;
  // Places add up their sites' tallies (a site lies on one floor of one building).
  const buildings = new Map<string, Tally>();
  const floors = new Map<string, Tally>();
  for (const row of sites) {
    const siteTally = perSite.get(row.pointIndex) as Tally;
    for (const [places, key] of [
      [buildings, row.buildingNumber],
      [floors, `${row.buildingNumber}|${row.floor}`],
    ] as const) {
      const placeTally = places.get(key) ?? empty();
      for (const field of Object.keys(placeTally) as (keyof Tally)[]) placeTally[field] += siteTally[field];
      places.set(key, placeTally);
    }
  }
  const figuresBy = <K>(tallies: Map<K, Tally>) =>
    new Map([...tallies].map(([key, tally]) => [key, figures(tally)]));
  return {
    task: figures(total),
    items: figuresBy(items),
    sites: figuresBy(perSite),
    buildings: figuresBy(buildings),
    floors: figuresBy(floors),
  };
}
