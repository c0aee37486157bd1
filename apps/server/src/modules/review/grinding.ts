import type { Grinding, GrindingTotals, TaskGrinding } from '@measure/contract';
import type { FrozenItem } from '../../db/json-types.ts';

/**
 * Flatness items are the ones grinding and algorithm images are about (domain.md section 9 step 4):
 * absolute-mode items named flatness (平整度 / "flatness": surface, wall, tile and floor flatness of
 * the standard library; an item a company adds under such a name counts too). The library has no
 * item kind, so the name in either language decides.
 */
export function isFlatnessItem(item: Pick<FrozenItem, 'Mode' | 'NameZh' | 'NameEn'>): boolean {
  return item.Mode === 'absolute' && (item.NameZh.includes('平整') || /flatness/i.test(item.NameEn));
}

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** The unrounded grinding of one item at one site (contract review.algorithm.ts defines it). */
export interface GrindingParts {
  values: number;
  exceeding: number;
  areaM2: number | null;
  grindingAreaM2: number | null;
  meanExcessMm: number;
  grindingVolumeL: number | null;
}

export function grindingParts(
  values: readonly number[],
  valid: readonly boolean[],
  standardMm: number,
  areaM2: number | null,
): GrindingParts {
  let count = 0;
  let exceeding = 0;
  let excess = 0;
  values.forEach((value, index) => {
    if (!valid[index]) return;
    count += 1;
    if (value > standardMm) {
      exceeding += 1;
      excess += value - standardMm;
    }
  });
  const meanExcessMm = exceeding > 0 ? excess / exceeding : 0;
  const grindingAreaM2 = areaM2 === null || count === 0 ? null : (areaM2 * exceeding) / count;
  return {
    values: count,
    exceeding,
    areaM2,
    grindingAreaM2: areaM2 === null ? null : (grindingAreaM2 ?? 0),
    meanExcessMm,
    grindingVolumeL: areaM2 === null ? null : (grindingAreaM2 ?? 0) * meanExcessMm,
  };
}

export function grindingRow(item: FrozenItem, name: string, parts: GrindingParts): Grinding {
  return {
    ItemCode: item.Code,
    Name: name,
    StandardMm: item.Right,
    Values: parts.values,
    Exceeding: parts.exceeding,
    AreaM2: parts.areaM2,
    GrindingAreaM2: parts.grindingAreaM2 === null ? null : round(parts.grindingAreaM2, 3),
    MeanExcessMm: round(parts.meanExcessMm, 2),
    GrindingVolumeL: parts.grindingVolumeL === null ? null : round(parts.grindingVolumeL, 3),
  };
}

/**
 * Sums sites' unrounded grinding and rounds once at the end. A site counts once (its area too) however
 * many flatness items it has; grinding areas and amounts add up per item.
 */
export class GrindingSum {
  private readonly sites = new Set<number>();
  private readonly toGrind = new Set<number>();
  private area = 0;
  private grindingArea = 0;
  private volume = 0;

  add(pointIndex: number, parts: GrindingParts): void {
    if (!this.sites.has(pointIndex)) {
      this.sites.add(pointIndex);
      this.area += parts.areaM2 ?? 0;
    }
    if (parts.exceeding > 0) this.toGrind.add(pointIndex);
    this.grindingArea += parts.grindingAreaM2 ?? 0;
    this.volume += parts.grindingVolumeL ?? 0;
  }

  totals(): GrindingTotals {
    return {
      Sites: this.sites.size,
      SitesToGrind: this.toGrind.size,
      AreaM2: round(this.area, 3),
      GrindingAreaM2: round(this.grindingArea, 3),
      GrindingVolumeL: round(this.volume, 3),
    };
  }
}

/** The task's grinding: per flatness item and in total, from every site's readings of those items. */
export function taskGrinding(
  items: ReadonlyArray<{ item: FrozenItem; name: string }>,
  readings: ReadonlyArray<{
    pointIndex: number;
    itemCode: string;
    vals: number[];
    valid: boolean[];
    areaM2: number | null;
  }>,
): TaskGrinding {
  const total = new GrindingSum();
  const perItem = new Map(items.map(({ item }) => [item.Code, new GrindingSum()]));
  const byCode = new Map(items.map(({ item }) => [item.Code, item]));
  for (const reading of readings) {
    const item = byCode.get(reading.itemCode);
    if (!item) continue;
    const parts = grindingParts(reading.vals, reading.valid, item.Right, reading.areaM2);
    total.add(reading.pointIndex, parts);
    perItem.get(item.Code)?.add(reading.pointIndex, parts);
  }
  return {
    Total: total.totals(),
    Items: items.map(({ item, name }) => ({
      ItemCode: item.Code,
      Name: name,
      StandardMm: item.Right,
      ...(perItem.get(item.Code) as GrindingSum).totals(),
    })),
  };
}
