import crypto from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { screenshot } from '../support/browser.ts';
import { reviewTask } from '../support/review-task.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * Dates and times (issue 29 item 2): one format per language (zh-CN `2026-11-27 11:58`, en-US
 * `Nov 27, 2026, 11:58`) in the company's time zone (Asia/Shanghai), whatever the browser's. A browser
 * in New York (13 hours behind in November, UTC-5) sees a task's reading time as Shanghai's, the zone
 * named since its own clock would read otherwise; a planned day stays that day.
 */

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** The instant as Shanghai's wall clock (UTC+8 all year), written out by hand in each language. */
function shanghai(instant: Date): Record<'zh-CN' | 'en-US', string> {
  const wall = new Date(instant.getTime() + 8 * 3_600_000);
  const [year, month, day] = [wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()];
  const time = `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`;
  return {
    'zh-CN': `${year}-${two(month + 1)}-${two(day)} ${time} (UTC+8)`,
    'en-US': `${MONTHS[month]} ${day}, ${year}, ${time} (UTC+8)`,
  };
}

const PLANNED = { 'zh-CN': '2026-03-01', 'en-US': 'Mar 1, 2026' } as const;
const MEASURED_AT = { 'zh-CN': '测量时间', 'en-US': 'Measured at' } as const;
const SITES_TAB = { 'zh-CN': /^测区 \(2\)$/, 'en-US': /^Sites \(2\)$/ } as const;

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`dates on the task detail page (${language})`, () => {
    test("shows the company's time in the language's format to a browser in another zone", async ({
      browsers,
    }) => {
      test.setTimeout(180_000);
      // A reading 26 hours ago at a whole minute, read in New York: 13 hours off Shanghai's clock.
      const measuredAt = new Date(Math.floor((Date.now() - 26 * 3_600_000) / 60_000) * 60_000);
      const setup = await taskProject(`E2E日期${stamp()}`);
      const taskId = await reviewTask(setup, `日期${stamp()}`, {
        siteTwoMeasuredAt: measuredAt.toISOString(),
        plannedDate: '2026-03-01',
      });
      const { page, errors } = await browsers.open(language, { timezoneId: 'America/New_York' });
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
        'America/New_York',
      );
      await signInAndLand(page, setup.planner, language);
      await page.goto(`${new URL(page.url()).origin}/measurerobot/taskDetail?id=${taskId}`);
      // The planned day is a calendar day: the same day anywhere, no zone.
      await expect(page.getByText(PLANNED[language], { exact: true })).toBeVisible();
      await page.getByRole('tab', { name: SITES_TAB[language] }).click();
      await expect(page.getByRole('columnheader', { name: MEASURED_AT[language] })).toBeVisible();
      await expect(page.getByText(shanghai(measuredAt)[language], { exact: true })).toBeVisible();
      const text = (await page.locator('main').textContent()) ?? '';
      // Every time on the page is in the one format with the zone named; none is US-style or 12-hour.
      expect(text).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);
      expect(text).not.toMatch(/\d:\d\d(:\d\d)? ?(AM|PM)/);
      const times =
        language === 'zh-CN'
          ? text.match(/\d{4}-\d\d-\d\d \d\d:\d\d(?! \(UTC\+8\))/g)
          : text.match(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d(?! \(UTC\+8\))/g);
      expect(times).toBeNull();
      await screenshot(page, `dates-task-detail-${language}`);
      expect(errors).toEqual([]);
    });
  });
