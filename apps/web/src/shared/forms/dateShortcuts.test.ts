import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyToday, toApiDate } from './dateShortcuts.ts';

describe('companyToday', () => {
  afterEach(() => vi.useRealTimers());

  it("is today in the company's zone (Asia/Shanghai), whatever the browser's", () => {
    // 00:30 on 28 November in Shanghai, still the 27th in UTC and west of it.
    vi.useFakeTimers({ now: new Date('2026-11-27T16:30:00Z') });
    expect(toApiDate(companyToday())).toBe('2026-11-28');
  });
});
