import type { Language } from './languages.ts';

/**
 * The company's time zone: a reading's day is counted there (measurement-api.md section 6, default
 * Asia/Shanghai), and every date and time a person reads (pages, messages, PDF, Excel) is shown there,
 * whatever the zone of the browser or the server. Companies have no zone of their own yet, so this is
 * every company's; GetSelf answers it as `TimeZone`.
 */
export const COMPANY_TIME_ZONE = 'Asia/Shanghai';

/** What a value is shown as: a day, a day and time (minutes), or a time of day. */
export type DateStyle = 'date' | 'dateTime' | 'time';

/** A value to show: an instant (ISO text, Date, epoch ms) or a calendar day as `YYYY-MM-DD`. */
export type DateInput = string | number | Date;

interface Parts {
  year: string;
  month: string;
  monthName: string;
  day: string;
  hour: string;
  minute: string;
}

/** Per time zone, a formatter giving every part the formats need (English month names, 24-hour clock). */
const partFormats = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string, ms: number): Parts {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partFormats.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(ms)) parts[part.type] = part.value;
  const monthName = parts.month ?? '';
  const month = String(MONTHS.indexOf(monthName) + 1).padStart(2, '0');
  return {
    year: parts.year ?? '',
    month,
    monthName,
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date or time in the reader's language: zh-CN `2026-11-27 11:58`, en-US `Nov 27, 2026, 11:58`
 * (dates `2026-11-27` / `Nov 27, 2026`, times `11:58`), in `timeZone`. A calendar day (`YYYY-MM-DD`:
 * a planned date, a production date) has no zone and is shown as that day. Empty for no value or an
 * unreadable one.
 */
export function formatDate(
  value: DateInput | null | undefined,
  language: Language,
  style: DateStyle = 'date',
  timeZone: string = COMPANY_TIME_ZONE,
): string {
  if (value === null || value === undefined || value === '') return '';
  const calendarDay = typeof value === 'string' && CALENDAR_DAY.test(value);
  const ms = calendarDay ? Date.parse(`${value}T00:00:00Z`) : new Date(value).getTime();
  if (!Number.isFinite(ms)) return '';
  const p = partsIn(calendarDay ? 'UTC' : timeZone, ms);
  const time = `${p.hour}:${p.minute}`;
  if (style === 'time') return time;
  const english = language === 'en-US';
  const day = english ? `${p.monthName} ${Number(p.day)}, ${p.year}` : `${p.year}-${p.month}-${p.day}`;
  if (style === 'date' || calendarDay) return day;
  return english ? `${day}, ${time}` : `${day} ${time}`;
}

/**
 * The instant's wall-clock time in `timeZone`, as a Date whose UTC fields hold it (seconds kept): what
 * a spreadsheet's zoneless date cell needs to show the company's time. Null for no value.
 */
export function wallClock(
  value: DateInput | null | undefined,
  timeZone: string = COMPANY_TIME_ZONE,
): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = new Date(value).getTime();
  if (!Number.isFinite(ms)) return null;
  const p = partsIn(timeZone, ms);
  const minute = ms - (((ms % 60_000) + 60_000) % 60_000);
  const offset =
    Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - minute;
  return new Date(ms + offset);
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, as `UTC+8`, `UTC-3:30` or `UTC`: the same in both languages. */
export function zoneName(timeZone: string = COMPANY_TIME_ZONE, at: DateInput = Date.now()): string {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(new Date(at)).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const offset = name.replace(/^GMT/, '');
  return offset === '' || offset === '+0' || offset === '-0' ? 'UTC' : `UTC${offset}`;
}

/** A date-time with its zone named, for texts read where the zone could be misread: `2026-11-27 11:58 (UTC+8)`. */
export function formatDateTimeWithZone(
  value: DateInput | null | undefined,
  language: Language,
  timeZone: string = COMPANY_TIME_ZONE,
): string {
  const text = formatDate(value, language, 'dateTime', timeZone);
  return text && `${text} (${zoneName(timeZone, value ?? Date.now())})`;
}

/**
 * Per time zone, its day formatter and the days of quarter hours already formatted: formatting is the
 * costly part and a batch's sites fall in a few quarter hours. Since 1970 every zone's offset is a
 * whole number of quarter hours, so one quarter hour is one day.
 */
const dayCalendars = new Map<string, { format: Intl.DateTimeFormat; days: Map<number, string> }>();
const QUARTER_HOUR_MS = 900_000;

/** The calendar day (`YYYY-MM-DD`) of an instant in a time zone: the day a reading counts on. */
export function dayIn(timeZone: string, instant: string | Date): string {
  let calendar = dayCalendars.get(timeZone);
  if (!calendar) {
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    calendar = { format, days: new Map() };
    dayCalendars.set(timeZone, calendar);
  }
  const { format, days } = calendar;
  const ms = typeof instant === 'string' ? new Date(instant).getTime() : instant.getTime();
  if (!(ms >= 0)) return format.format(ms);
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let day = days.get(quarter);
  if (day === undefined) {
    if (days.size >= 10_000) days.clear();
    day = format.format(ms);
    days.set(quarter, day);
  }
  return day;
}

/** Today (`YYYY-MM-DD`) in a time zone, the company's by default: the day a new task or work order counts on. */
export const todayIn = (timeZone: string = COMPANY_TIME_ZONE): string => dayIn(timeZone, new Date());
