import { emptyCounts, type FigureCounts, type TaskDetail, toFigures } from '@measure/contract';

type Household = { buildingId: string; buildingNumber: string; floor: number };
type FloorCounts = FigureCounts & { buildingId: string; floor: number };

const add = (target: FigureCounts, part: FigureCounts) => {
  for (const key of Object.keys(target) as (keyof FigureCounts)[]) target[key] += part[key];
};

/**
 * A task's figures per building and per floor from its floor rollups. Every building and floor the
 * task covers is listed, unmeasured ones with zero counts; counts are additive, so a building's
 * figures are its floors' counts summed, then judged as one (never an average of rates).
 */
export function placeFigures(
  households: readonly Household[],
  floorRows: readonly FloorCounts[],
): Pick<TaskDetail, 'Buildings' | 'Floors'> {
  const buildingNumbers = new Map(households.map((row) => [row.buildingId, row.buildingNumber]));
  const floors = new Map<string, { buildingId: string; floor: number; counts: FigureCounts }>();
  const floorOf = (buildingId: string, floor: number) => {
    const key = `${buildingId}|${floor}`;
    let entry = floors.get(key);
    if (!entry) floors.set(key, (entry = { buildingId, floor, counts: emptyCounts() }));
    return entry;
  };
  for (const row of households) floorOf(row.buildingId, row.floor);
  for (const row of floorRows) {
    const { buildingId, floor, ...counts } = row;
    add(floorOf(buildingId, floor).counts, counts);
  }
  const numberOf = (buildingId: string) => buildingNumbers.get(buildingId) ?? '';
  const ordered = [...floors.values()].sort(
    (a, b) =>
      numberOf(a.buildingId).localeCompare(numberOf(b.buildingId), 'zh-CN', { numeric: true }) ||
      a.floor - b.floor,
  );
  const buildings = new Map<string, FigureCounts>();
  for (const entry of ordered) {
    const counts = buildings.get(entry.buildingId) ?? emptyCounts();
    add(counts, entry.counts);
    buildings.set(entry.buildingId, counts);
  }
  return {
    Buildings: [...buildings].map(([buildingId, counts]) => ({
      BuildingNumber: numberOf(buildingId),
      Figures: toFigures(counts),
    })),
    Floors: ordered.map((entry) => ({
      BuildingNumber: numberOf(entry.buildingId),
      Floor: entry.floor,
      Figures: toFigures(entry.counts),
    })),
  };
}
