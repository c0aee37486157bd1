import type { ResultSite, WorkPackage } from '@measure/contract';
import { householdModel } from './household-model.ts';
import { type HouseholdGeometry, householdGeometry, WALL_HEIGHT_M, wallFacing } from './household-rooms.ts';
import { type Bulge, householdCloudChunks, wallCloud } from './point-cloud.ts';
import { GENERATED_ROOMS, type SiteToMeasure } from './sites-to-measure.ts';

type Item = WorkPackage['Items'][number];
type Reading = ResultSite['Readings'][number];

/** Points of a household's cloud by default (a few MB of PLY); `--scan-points` asks for more. */
export const DEFAULT_HOUSEHOLD_POINTS = 150_000;
/** Points of a site's own wall cloud (`PointCloudFileId`). */
export const DEFAULT_SITE_POINTS = 20_000;
/** Bulges are drawn at most this deep (mm), whatever the reading says. */
const MAX_BULGE_MM = 60;

export interface HouseholdRef {
  BuildingNumber: string;
  Floor: number;
  Household: number;
}

/** The geometry of a household of the work package (its house type's rooms, in metres). */
export function geometryOf(work: WorkPackage, household: HouseholdRef): HouseholdGeometry {
  const ref = work.Households.find(
    (row) =>
      row.BuildingNumber === household.BuildingNumber &&
      row.Floor === household.Floor &&
      row.Household === household.Household,
  );
  const map = work.HouseMaps.find((row) => row.HouseMapId === ref?.HouseMapId);
  return householdGeometry(
    map,
    GENERATED_ROOMS.map((room) => room.Name),
  );
}

/** How far an item's reading lies beyond its standard (the judged deviation), or null for range items. */
export function deviationOf(item: Item, reading: Reading, index: number): number | null {
  if (item.Mode === 'range') return null;
  const value = reading.Values[index];
  if (value === undefined) return null;
  return item.Mode === 'deviation' ? value - (reading.DesignValue ?? 0) : value;
}

export const isExploded = (item: Item, deviation: number) =>
  deviation > item.Standard.Right + item.Standard.Exploded ||
  deviation < item.Standard.Left - item.Standard.Exploded;

/**
 * The bump a scan of this wall shows where one of the site's readings is exploded: at that value's
 * ruler (its middle, mapped from the reading's `wallMm` onto the real wall), as deep as the value's
 * deviation (mm, into the room; a negative one is a dent), at most `MAX_BULGE_MM`. Null when no
 * reading of the site is exploded or the site has no wall in the geometry.
 */
export function explodedBulge(
  site: Pick<SiteToMeasure, 'Wall' | 'Items'>,
  readings: readonly Reading[],
  wallMm: number,
  geometry: HouseholdGeometry,
): Bulge | null {
  if (!site.Wall) return null;
  const room = geometry.rooms[site.Wall.room];
  const wall = room ? wallFacing(geometry, room, site.Wall.compass) : undefined;
  if (!wall) return null;
  for (const reading of readings) {
    const item = site.Items.find((candidate) => candidate.ItemCode === reading.ItemCode);
    if (!item) continue;
    for (let index = 0; index < reading.Values.length; index += 1) {
      const deviation = deviationOf(item, reading, index);
      if (deviation === null || !isExploded(item, deviation)) continue;
      const ruler = reading.Rulers?.[index];
      const middleMm = ruler ? (ruler.X1 + ruler.X2) / 2 : wallMm / 2;
      const heightMm = ruler ? (ruler.Y1 + ruler.Y2) / 2 : 1400;
      const lengthM = ruler ? Math.hypot(ruler.X2 - ruler.X1, ruler.Y2 - ruler.Y1) / 1000 : 1;
      return {
        wall,
        alongM: Math.min(Math.max(middleMm / wallMm, 0.1), 0.9) * wall.length,
        heightM: Math.min(Math.max(heightMm / 1000, 0.4), WALL_HEIGHT_M - 0.4),
        depthMm: Math.max(-MAX_BULGE_MM, Math.min(MAX_BULGE_MM, deviation)),
        // A sixth of the ruler: a straightedge over it rests on the flat wall beyond, so it reads ~the depth.
        sigmaM: Math.min(Math.max(lengthM / 6, 0.15), 0.4),
      };
    }
  }
  return null;
}

export interface ScanSizes {
  /** Points of the household cloud (default DEFAULT_HOUSEHOLD_POINTS). */
  points?: number;
  /** Points of a site's own wall cloud (default DEFAULT_SITE_POINTS). */
  sitePoints?: number;
  ceiling?: boolean;
  seed: number;
}

/** The household's cloud as PLY chunks (stream them for big clouds) and its glTF model. */
export async function householdScanFiles(
  geometry: HouseholdGeometry,
  household: HouseholdRef,
  bulges: readonly Bulge[],
  sizes: ScanSizes,
): Promise<{ cloudChunks: Iterable<Buffer>; model: Uint8Array }> {
  const name = `${household.BuildingNumber}-${household.Floor}-${household.Household}`;
  return {
    cloudChunks: householdCloudChunks(geometry, {
      points: sizes.points ?? DEFAULT_HOUSEHOLD_POINTS,
      seed: sizes.seed,
      ceiling: sizes.ceiling,
      bulges,
    }),
    model: await householdModel(geometry, name),
  };
}

/** A site's own cloud: its wall with the bump. */
export const siteCloud = (bulge: Bulge, sizes: ScanSizes): Buffer =>
  wallCloud(bulge.wall, {
    points: sizes.sitePoints ?? DEFAULT_SITE_POINTS,
    seed: sizes.seed,
    bulges: [bulge],
  });
