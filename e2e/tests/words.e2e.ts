import crypto from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { screenshot } from '../support/browser.ts';
import { reviewTask } from '../support/review-task.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * Words a reader sees (issue 29): a site's place shown once, in the reader's language, even when the
 * device wrote the place into the site's name ("1# 2-1 客厅 北墙"); its source and surface translated;
 * the worst grade called "Severe deviation" in English (爆点 in Chinese). In both languages.
 */

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;
/** The contract's enum values a Chinese reader must never see as words. */
const RAW_WORDS =
  /\b(robot|scanner|ruler|manual|wall|ceiling|floor|opening|facade|north|east|south|west|exploded)\b/i;

const TEXT = {
  'zh-CN': {
    sites: '测区',
    siteRow: '1# 2 层 1 户 客厅 北墙',
    place: '1# 2 层 1 户',
    source: '机器人',
    surface: '墙面',
    worst: '爆点',
  },
  'en-US': {
    sites: 'Sites',
    siteRow: '1# floor 2, household 1 · 客厅 北墙',
    place: '1# floor 2, household 1',
    source: 'Robot',
    surface: 'Wall',
    worst: 'Severe deviation',
  },
} as const;

const occurrences = (text: string, part: string) => text.split(part).length - 1;

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`words on a site (${language})`, () => {
    const text = TEXT[language];

    test('shows the place once, the source and surface translated, and the trade word for 爆点', async ({
      browsers,
    }) => {
      const setup = await taskProject(`E2E词语${stamp()}`);
      // Site 1: 20 mm on a [0, 4] standard is a severe deviation; its name repeats its place.
      const taskId = await reviewTask(setup, `词语${stamp()}`, {
        siteOneValues: [1, 2, 20],
        siteOne: { Name: '1# 2-1 客厅 北墙', Surface: 'wall' },
      });
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      const origin = new URL(page.url()).origin;

      // The task's site list: place and name in one cell, the place once.
      await page.goto(`${origin}/measurerobot/taskDetail?id=${taskId}`);
      await page.getByRole('tab', { name: new RegExp(`^${text.sites} \\(2\\)`) }).click();
      const row = page.getByRole('row', { name: /客厅 北墙/ });
      await expect(row).toBeVisible();
      const rowText = (await row.textContent()) ?? '';
      expect(rowText).toContain(text.siteRow);
      expect(occurrences(rowText, '1#')).toBe(1);

      // The site itself: place, source and surface in the reader's language, the name without its place.
      await page.goto(`${origin}/measurerobot/mscReportData?taskId=${taskId}&point=1`);
      const card = page.getByTestId('site-card');
      await expect(card.getByText('#1 客厅 北墙', { exact: true })).toBeVisible();
      await expect(page.getByText(text.worst, { exact: true }).first()).toBeVisible();
      const cardText = (await card.textContent()) ?? '';
      for (const word of [text.place, text.source, text.surface]) expect(cardText).toContain(word);
      expect(occurrences(cardText, '1#')).toBe(1);
      if (language === 'zh-CN') expect(cardText).not.toMatch(RAW_WORDS);
      else expect((await page.locator('body').textContent()) ?? '').not.toMatch(/exploded/i);
      // The site list beside it: the place once there too.
      const listed = page.getByRole('row', { name: /客厅 北墙/ });
      expect(occurrences((await listed.textContent()) ?? '', '1#')).toBe(1);
      await screenshot(page, `words-site-${language}`);
      expect(errors).toEqual([]);
    });
  });
