import {
  COMPANY_TIME_ZONE,
  type DateInput,
  type DateStyle,
  formatDate,
  zoneName,
} from '@measure/contract/dates';
import { currentLanguage } from './index.ts';

/**
 * The one place the web turns a date or time into text (a repo test forbids toLocale*String for dates
 * elsewhere): zh-CN `2026-11-27 11:58`, en-US `Nov 27, 2026, 11:58`, always in the company's time zone
 * (GetSelf's `TimeZone`; before it is known and on public pages, the contract's default), never the
 * browser's, so the same instant reads the same on every page, message, PDF and Excel.
 */
let companyZone = COMPANY_TIME_ZONE;

/** The company's time zone (IANA name). */
export const companyTimeZone = (): string => companyZone;

/** Takes the company's zone from GetSelf. */
export function setCompanyTimeZone(timeZone: string | undefined): void {
  if (timeZone) companyZone = timeZone;
}

/**
 * When a time is followed by its zone (`2026-11-27 11:58 (UTC+8)`): `auto` when the browser's zone
 * differs from the company's at that instant (the reader's own clock would disagree), `always` on pages
 * read by outsiders (shares, the verify page), `never` where the zone is named once beside the values.
 */
export type ZoneMode = 'auto' | 'always' | 'never';

/** The browser's zone (read each time: tests and travellers change it). */
const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Whether the browser's clock shows another hour than the company's at an instant. */
export function browserZoneDiffers(at: DateInput = Date.now()): boolean {
  return zoneName(browserTimeZone(), at) !== zoneName(companyZone, at);
}

/** The company's zone as shown beside times: `UTC+8`. */
export const companyZoneName = (at: DateInput = Date.now()): string => zoneName(companyZone, at);

function show(value: DateInput | null | undefined, style: DateStyle, zone: ZoneMode): string {
  const text = formatDate(value, currentLanguage(), style, companyZone);
  if (!text || value === null || value === undefined) return text;
  const named = zone === 'always' || (zone === 'auto' && browserZoneDiffers(value));
  return named ? `${text} (${zoneName(companyZone, value)})` : text;
}

/** A day: `2026-11-27` / `Nov 27, 2026` (a `YYYY-MM-DD` calendar day as it is; an instant's day in the company's zone). Empty for none. */
export const showDate = (value: DateInput | null | undefined): string => show(value, 'date', 'never');

/** A day and time to the minute: `2026-11-27 11:58` / `Nov 27, 2026, 11:58`, zone named per `zone`. Empty for none. */
export const showDateTime = (value: DateInput | null | undefined, zone: ZoneMode = 'auto'): string =>
  show(value, 'dateTime', zone);

/** A time of day: `11:58`, zone named per `zone`. Empty for none. */
export const showTime = (value: DateInput | null | undefined, zone: ZoneMode = 'auto'): string =>
  show(value, 'time', zone);
