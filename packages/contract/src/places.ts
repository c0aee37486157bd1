/**
 * The one place model (issue 33 item 0) and the one way a place and a site's name are shown, on the
 * web and in reports: each part once, in the reader's language. A place is either indoor (building,
 * floor, household, room) or on a facade (building, side, floor band, panel X/Z, measurement-api.md
 * section 9): a facade site has a `Side` and no `Household`, and never counts in a household's figures.
 * The words come from the caller's catalogue (`fill`), so the web's i18next and the server's message
 * catalogue share the rule, not the texts.
 */
export interface Place {
  BuildingNumber: string;
  Floor?: number | null;
  Household?: number | null;
  /** A facade's side (N, E, S, W or a name): set on facade places only. */
  Side?: string | null;
}

/** What a task measures: rooms of households, or the facades of one building. */
export const TASK_KINDS = ['indoor', 'externalWall'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** The place kinds a site may have: indoor (a household's room) or facade (a panel of a side). */
export type PlaceKind = 'indoor' | 'facade';

export const placeKind = (place: Place): PlaceKind =>
  typeof place.Side === 'string' && place.Side !== '' ? 'facade' : 'indoor';

/** Facade limits (measurement-api.md section 9; domain.md section 11). */
export const FACADE_LIMITS = {
  sideName: 16,
  /** Sides of one external-wall task. */
  maxSides: 16,
  /** A facade's width, metres. */
  maxWidthM: 1_000,
  /** Height above ±0.000 a panel may reach, metres (200 floors). */
  maxHeightM: 1_000,
  /** Depth below ±0.000 a panel may start (podiums, basements seen from a slope), metres. */
  minHeightM: -50,
} as const;

/** The catalogue entries a place is written with: `building` {building}, `floor` {building, floor},
 * `household` {building, floor, household}, `facade` {building, side, floor}, `site` {place, name}. */
export type PlaceKey = 'building' | 'floor' | 'household' | 'facade' | 'site';

export type PlaceFill = (key: PlaceKey, params: Record<string, string | number>) => string;

const known = (value: number | null | undefined): value is number => typeof value === 'number';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A site's name without a leading repeat of its own place: devices and the old demo seed wrote the
 * place into the name ("1# 3-1 客厅 北墙"), and every page shows the place beside it already. Only
 * that exact prefix goes, so a name people typed otherwise stays as typed.
 */
export function siteNameOnly(name: string, place: Place): string {
  const trimmed = name.trim();
  if (placeKind(place) === 'facade') return trimmed;
  if (!known(place.Floor) || !known(place.Household)) return trimmed;
  const prefix = new RegExp(
    `^${escapeRegExp(place.BuildingNumber.trim())}\\s*${place.Floor}-${place.Household}(?:\\s+|$)`,
  );
  return trimmed.replace(prefix, '').trim();
}

/** The place alone: building, then floor, then household (or side and floor), as far as they are known. */
export function formatPlace(place: Place, fill: PlaceFill): string {
  const building = place.BuildingNumber;
  if (placeKind(place) === 'facade') {
    return fill('facade', {
      building,
      side: place.Side as string,
      floor: known(place.Floor) ? place.Floor : '',
    });
  }
  if (!known(place.Floor)) return fill('building', { building });
  if (!known(place.Household)) return fill('floor', { building, floor: place.Floor });
  return fill('household', { building, floor: place.Floor, household: place.Household });
}

/** A site: its place, then its own name with any repeat of the place taken out. */
export function formatSitePlace(site: Place & { Name?: string | null }, fill: PlaceFill): string {
  const place = formatPlace(site, fill);
  const name = siteNameOnly(site.Name ?? '', site);
  return name ? fill('site', { place, name }) : place;
}
