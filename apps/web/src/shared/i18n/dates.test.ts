import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  browserZoneDiffers,
  companyTimeZone,
  setCompanyTimeZone,
  showDate,
  showDateTime,
  showTime,
} from './dates.ts';
import { changeLanguage, initI18n } from './index.ts';

/** 11:58:39 on 27 November 2026 in Shanghai (UTC+8): 22:58 the day before in New York. */
const AT = '2026-11-27T03:58:39.000Z';

beforeAll(() => initI18n('zh-CN'));

afterEach(() => {
  vi.unstubAllEnvs();
  setCompanyTimeZone('Asia/Shanghai');
});

describe('web dates', () => {
  it('shows the company zone in a browser in the same zone, without naming it', async () => {
    vi.stubEnv('TZ', 'Asia/Shanghai');
    expect(companyTimeZone()).toBe('Asia/Shanghai');
    await changeLanguage('zh-CN');
    expect(browserZoneDiffers(AT)).toBe(false);
    expect(showDateTime(AT)).toBe('2026-11-27 11:58');
    expect(showDate(AT)).toBe('2026-11-27');
    expect(showTime(AT)).toBe('11:58');
    await changeLanguage('en-US');
    expect(showDateTime(AT)).toBe('Nov 27, 2026, 11:58');
    expect(showDate(AT)).toBe('Nov 27, 2026');
  });

  it('keeps the company zone in a browser elsewhere, and names it there', async () => {
    vi.stubEnv('TZ', 'America/New_York');
    expect(browserZoneDiffers(AT)).toBe(true);
    await changeLanguage('zh-CN');
    expect(showDateTime(AT)).toBe('2026-11-27 11:58 (UTC+8)');
    expect(showTime(AT)).toBe('11:58 (UTC+8)');
    expect(showDateTime(AT, 'never')).toBe('2026-11-27 11:58');
    // A day is the same day wherever it is read: no zone.
    expect(showDate(AT)).toBe('2026-11-27');
    expect(showDate('2026-03-01')).toBe('2026-03-01');
    await changeLanguage('en-US');
    expect(showDateTime(AT)).toBe('Nov 27, 2026, 11:58 (UTC+8)');
    expect(showDate('2026-03-01')).toBe('Mar 1, 2026');
  });

  it('names the zone always on pages for outsiders, and follows the zone GetSelf answers', async () => {
    vi.stubEnv('TZ', 'Asia/Shanghai');
    await changeLanguage('en-US');
    expect(showDateTime(AT, 'always')).toBe('Nov 27, 2026, 11:58 (UTC+8)');
    setCompanyTimeZone('Europe/London');
    expect(showDateTime(AT)).toBe('Nov 27, 2026, 03:58 (UTC)');
    setCompanyTimeZone(undefined);
    expect(companyTimeZone()).toBe('Europe/London');
    expect(showDateTime(null)).toBe('');
  });
});
