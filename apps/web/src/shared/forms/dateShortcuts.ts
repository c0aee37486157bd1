import dayjs, { type Dayjs } from 'dayjs';
import { todayIn } from '@measure/contract/dates';
import type { TFunction } from 'i18next';
import { companyTimeZone } from '../i18n/dates.ts';

/**
 * The spec's date shortcuts (section 9) for range pickers: today, yesterday, last week, last month,
 * the current natural month and the previous one. `last week` and `last month` end today.
 */
export function dateShortcuts(t: TFunction<'common'>): { label: string; value: [Dayjs, Dayjs] }[] {
  const today = companyToday();
  const lastMonthStart = today.subtract(1, 'month').startOf('month');
  return [
    { label: t('dates.today'), value: [today, today] },
    { label: t('dates.yesterday'), value: [today.subtract(1, 'day'), today.subtract(1, 'day')] },
    { label: t('dates.lastWeek'), value: [today.subtract(6, 'day'), today] },
    { label: t('dates.lastMonth'), value: [today.subtract(29, 'day'), today] },
    { label: t('dates.thisMonth'), value: [today.startOf('month'), today] },
    {
      label: t('dates.previousMonth'),
      value: [lastMonthStart, lastMonthStart.endOf('month').startOf('day')],
    },
  ];
}

/** `YYYY-MM-DD` of a picked day, as the API's date filters take it. */
export const toApiDate = (day: Dayjs | null | undefined): string | undefined =>
  day ? day.format('YYYY-MM-DD') : undefined;

/** Today (start of the day) in the company's time zone, whatever the browser's zone. */
export const companyToday = (): Dayjs => dayjs(todayIn(companyTimeZone()));
