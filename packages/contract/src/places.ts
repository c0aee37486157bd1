/**
 * The one way a place (building, floor, household) and a site's name are shown, on the web and in
 * reports: each part once, in the reader's language. The words come from the caller's catalogue
 * (`fill`), so the web's i18next and the server's message catalogue share the rule, not the texts.
 */
export interface Place {
  BuildingNumber: string;
  Floor?: number | null;
  Household?: number | null;
}

/** The catalogue entries a place is written with: `building` {building}, `floor` {building, floor},
 * `household` {building, floor, household}, `site` {place, name}. */
export type PlaceKey = 'building' | 'floor' | 'household' | 'site';

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
  if (!known(place.Floor) || !known(place.Household)) return trimmed;
  const prefix = new RegExp(
    `^${escapeRegExp(place.BuildingNumber.trim())}\\s*${place.Floor}-${place.Household}(?:\\s+|$)`,
  );
  return trimmed.replace(prefix, '').trim();
}

/** The place alone: building, then floor, then household, as far as they are known. */
export function formatPlace(place: Place, fill: PlaceFill): string {
  const building = place.BuildingNumber;
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
