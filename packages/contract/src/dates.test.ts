import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_TIME_ZONE, dayIn, formatDate, formatDateTimeWithZone, todayIn, zoneName } from './dates.ts';

/** 11:58:39 on 27 November 2026 in Shanghai (UTC+8). */
const AT = '2026-11-27T03:58:39.000Z';

describe('formatDate', () => {
  it('answers one format per language in the company zone', () => {
    expect(COMPANY_TIME_ZONE).toBe('Asia/Shanghai');
    expect(formatDate(AT, 'zh-CN', 'dateTime')).toBe('2026-11-27 11:58');
    expect(formatDate(AT, 'en-US', 'dateTime')).toBe('Nov 27, 2026, 11:58');
    expect(formatDate(AT, 'zh-CN', 'date')).toBe('2026-11-27');
    expect(formatDate(AT, 'en-US', 'date')).toBe('Nov 27, 2026');
    expect(formatDate(AT, 'zh-CN', 'time')).toBe('11:58');
    expect(formatDate(AT, 'en-US', 'time')).toBe('11:58');
  });

  it('counts the day and hour in the zone asked, on a 24-hour clock', () => {
    // 16:05 UTC is 00:05 the next day in Shanghai and 11:05 the same day in New York.
    const late = new Date('2026-11-27T16:05:00Z');
    expect(formatDate(late, 'zh-CN', 'dateTime')).toBe('2026-11-28 00:05');
    expect(formatDate(late.getTime(), 'en-US', 'dateTime')).toBe('Nov 28, 2026, 00:05');
    expect(formatDate(late, 'zh-CN', 'dateTime', 'America/New_York')).toBe('2026-11-27 11:05');
    expect(formatDate('2026-01-05T13:07:00Z', 'en-US', 'dateTime', 'UTC')).toBe('Jan 5, 2026, 13:07');
  });

  it('shows a calendar day as that day in any zone, and nothing for no value', () => {
    expect(formatDate('2026-03-01', 'zh-CN', 'date', 'America/Los_Angeles')).toBe('2026-03-01');
    expect(formatDate('2026-03-01', 'en-US', 'dateTime', 'Pacific/Kiritimati')).toBe('Mar 1, 2026');
    expect(formatDate(null, 'zh-CN')).toBe('');
    expect(formatDate(undefined, 'en-US', 'dateTime')).toBe('');
    expect(formatDate('not a date', 'en-US', 'dateTime')).toBe('');
  });
});

describe('zoneName', () => {
  it('names the offset the same way in both languages', () => {
    expect(zoneName('Asia/Shanghai', AT)).toBe('UTC+8');
    expect(zoneName('UTC', AT)).toBe('UTC');
    expect(zoneName('Asia/Kolkata', AT)).toBe('UTC+5:30');
    // Daylight saving: New York is UTC-4 in July and UTC-5 in November.
    expect(zoneName('America/New_York', '2026-07-01T12:00:00Z')).toBe('UTC-4');
    expect(zoneName('America/New_York', AT)).toBe('UTC-5');
    expect(formatDateTimeWithZone(AT, 'zh-CN')).toBe('2026-11-27 11:58 (UTC+8)');
    expect(formatDateTimeWithZone(AT, 'en-US')).toBe('Nov 27, 2026, 11:58 (UTC+8)');
    expect(formatDateTimeWithZone(null, 'en-US')).toBe('');
  });
});

describe('dayIn', () => {
  it('answers the calendar day of an instant in a zone', () => {
    expect(dayIn('Asia/Shanghai', '2026-11-27T15:59:59Z')).toBe('2026-11-27');
    expect(dayIn('Asia/Shanghai', new Date('2026-11-27T16:00:00Z'))).toBe('2026-11-28');
    expect(dayIn('America/New_York', '2026-11-27T16:00:00Z')).toBe('2026-11-27');
  });
});

describe('todayIn', () => {
  afterEach(() => vi.useRealTimers());

  it("answers today in the company's zone by default, or in the zone given", () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T16:30:00Z') });
    expect(todayIn()).toBe('2026-11-28');
    expect(todayIn('UTC')).toBe('2026-11-27');
  });
});
