import type { ResultSite, WorkPackage } from '@measure/contract';

type Item = WorkPackage['Items'][number];
type Reading = ResultSite['Readings'][number];

/** Typical design values (mm) of deviation items by dimension of the name: net height, bay/depth, sizes. */
const DESIGN_GUESS = [
  { match: /height|净高|高度/i, value: 2800 },
  { match: /bay|depth|开间|进深/i, value: 3600 },
  { match: /thickness|厚度/i, value: 120 },
];

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The design value (mm) a deviation item of this English name typically has. */
export const designGuess = (nameEn: string): number =>
  DESIGN_GUESS.find((guess) => guess.match.test(nameEn))?.value ?? 1000;

/**
 * One value to be judged: mostly inside the warning range, some in the warning band, a share
 * (`errorRate`) beyond the standard, a few of those beyond the exploded threshold.
 */
function judgedValue(standard: Item['Standard'], errorRate: number, random: () => number): number {
  const roll = random();
  if (roll < errorRate * 0.2) return round1(standard.Right + standard.Exploded + 1 + random() * 5);
  if (roll < errorRate) return round1(standard.Right + random() * standard.Exploded * 0.9 + 0.1);
  if (roll < errorRate + 0.1)
    return round1(standard.WarnRight + (standard.Right - standard.WarnRight) * random());
  return round1(standard.WarnLeft + (standard.WarnRight - standard.WarnLeft) * random());
}

/**
 * The readings of one item at one site, as the rule lays them out: its initial number of rulers
 * (one ruler per value, at the rule's positions on a wall of `wallMm`), spot groups for range items
 * (max - min judged), and for deviation items the measured size with its design value.
 */
export function readingFor(item: Item, wallMm: number, errorRate: number, random: () => number): Reading {
  const count = Math.max(
    item.Rule.MinReadings,
    Math.min(item.Rule.InitialReadings, item.Rule.MaxReadings),
    1,
  );
  if (item.Mode === 'range') {
    const spread = judgedValue(item.Standard, errorRate, random);
    const base = 2800 + random() * 20;
    const values = Array.from({ length: Math.max(count, 2) }, (_, index) =>
      round1(index === 0 ? base : index === 1 ? base + spread : base + random() * spread),
    );
    return { ItemCode: item.ItemCode, Values: values };
  }
  const design = item.Mode === 'deviation' ? designGuess(item.NameEn) : 0;
  const values = Array.from({ length: count }, () =>
    round1(design + judgedValue(item.Standard, errorRate, random)),
  );
  const positions = item.Rule.RulerPositions;
  const rulers = values.map((_, index) => {
    const position = positions[index % Math.max(positions.length, 1)];
    const x = Math.min(position?.OffsetMm ?? 50, wallMm - 10);
    const y = position?.HeightMm ?? 50;
    const length = Math.min(item.Rule.RulerLength, wallMm - x);
    const angle = ((position?.AngleDeg ?? 0) * Math.PI) / 180;
    return {
      X1: x,
      Y1: y,
      X2: round1(x + length * Math.cos(angle)),
      Y2: round1(y + length * Math.abs(Math.sin(angle))),
    };
  });
  return {
    ItemCode: item.ItemCode,
    Values: values,
    Rulers: rulers,
    DesignValue: item.Mode === 'deviation' ? design : null,
  };
}
