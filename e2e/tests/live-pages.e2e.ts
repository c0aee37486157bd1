import type { Page } from '@playwright/test';
import { api, apiRoutes } from '../support/api.ts';
import { screenshot, settle } from '../support/browser.ts';
import { expect, test } from '../support/fixtures.ts';
import { stamp } from '../support/names.ts';
import { pickSearchedOption } from '../support/select.ts';
import { finishRun, ROBOT_PLACE, robotTask, sendResults } from '../support/review-task.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';

const TEXT = {
  'zh-CN': {
    pending: '待执行',
    inProgress: '执行中',
    uploaded: '已上传',
    figures: '统计',
    project: '项目',
    sites: '测区',
    progress: (received: number, planned: number) => `已收到测区：${received} / ${planned}`,
  },
  'en-US': {
    pending: 'Pending',
    inProgress: 'In progress',
    uploaded: 'Uploaded',
    figures: 'Figures',
    project: 'Project',
    sites: 'Sites',
    progress: (received: number, planned: number) => `Sites received: ${received} / ${planned}`,
  },
} as const;

/** Well above the 1 s goal on a busy test machine, well below any polling (the badge's is 30 s). */
const LIVE_MS = 5_000;

/** A flatness site of the robot's household, measured from station s1. */
const site = (PointIndex: number, Values: number[]) => ({
  ...ROBOT_PLACE,
  PointIndex,
  RoomId: 'living',
  StationId: 's1',
  Name: `wall ${PointIndex}`,
  Readings: [{ ItemCode: 'PL-01', Values }],
});

/** The tab's live stream is open (its first `resync` came): from then on no change is missed. */
const isLive = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-live', 'open');

/** What a tab asks of the live stream: the ticket calls and stream requests, with the page they came from. */
function watchStream(page: Page) {
  const tickets: string[] = [];
  const streams: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/events/Ticket') tickets.push(page.url());
    if (path === '/api/events') streams.push(page.url());
  });
  let loads = 0;
  page.on('load', () => (loads += 1));
  return { tickets, streams, loads: () => loads };
}

for (const language of ['zh-CN', 'en-US'] as const) {
  test(`a robot run shows live on the open task detail and task center, without reload (${language})`, async ({
    browsers,
  }) => {
    test.setTimeout(180_000);
    const text = TEXT[language];
    const name = `live-${stamp()}`;
    const setup = await taskProject(`LP${stamp()}`);
    // The house type plans two sites (two measuring points on the plan).
    const robot = await robotTask(setup, name, { points: 2 });

    const { page, context, errors } = await browsers.open(language);
    const detailTab = watchStream(page);
    await signInAndLand(page, setup.planner, language);
    const origin = new URL(page.url()).origin;
    await page.goto(`${origin}/measurerobot/taskDetail?id=${robot.taskId}`);
    const progress = page.getByTestId('run-progress');
    const figures = page
      .locator('.ant-card')
      .filter({ has: page.locator('.ant-card-head-title', { hasText: text.figures }) });
    await expect(progress).toHaveText(text.progress(0, 2));
    await expect(page.locator('.ant-card-head-title .ant-tag')).toHaveText(text.pending);
    await isLive(page);

    const center = await context.newPage();
    const centerTab = watchStream(center);
    await center.goto(`${origin}/measurerobot/taskCenter`);
    const row = center.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(text.pending);
    await isLive(center);

    // Home, narrowed to the project: its tasks by state.
    const home = await context.newPage();
    const homeTab = watchStream(home);
    await home.goto(`${origin}/measurerobot/home`);
    await pickSearchedOption(home, home.getByRole('combobox', { name: text.project }), setup.project.Name);
    const tasksIn = (state: string) =>
      home
        .locator('.ant-statistic')
        .filter({ has: home.locator('.ant-statistic-title', { hasText: new RegExp(`^${state}$`) }) })
        .locator('.ant-statistic-content');
    await expect(tasksIn(text.pending)).toHaveText('1');
    await expect(tasksIn(text.inProgress)).toHaveText('0');
    await isLive(home);
    const tabs = [detailTab, centerTab, homeTab];
    const loadsBefore = tabs.map((tab) => tab.loads());

    // First batch: site 1 with 1, 2 and 6 (6 unqualified): 1 of 2 sites, pass rate 66.67 %.
    const sent = Date.now();
    await sendResults(robot, [site(1, [1, 2, 6])], 'live-1');
    // The task detail asks nothing by itself (no polling): only the live event can bring this.
    await expect(progress).toHaveText(text.progress(1, 2), { timeout: LIVE_MS });
    test
      .info()
      .annotations.push({ type: 'first batch on screen after', description: `${Date.now() - sent} ms` });
    await expect(figures.getByText('66.67%')).toBeVisible();
    await expect(page.getByRole('tab', { name: `${text.sites} (1)` })).toBeVisible();
    await expect(page.locator('.ant-card-head-title .ant-tag')).toHaveText(text.inProgress);
    await expect(row).toContainText(text.inProgress);
    await expect(row).toContainText('66.67%');
    await expect(tasksIn(text.inProgress)).toHaveText('1');
    await expect(tasksIn(text.pending)).toHaveText('0');
    await settle(page);
    await screenshot(page, `live-pages-detail-${language}`);

    // Second batch: site 2 with 1 and 1: 2 of 2 sites, 4 of 5 values pass.
    await sendResults(robot, [site(2, [1, 1])], 'live-2');
    await expect(progress).toHaveText(text.progress(2, 2), { timeout: LIVE_MS });
    await expect(figures.getByText('80.00%')).toBeVisible();
    await expect(page.getByRole('tab', { name: `${text.sites} (2)` })).toBeVisible();
    await expect(row).toContainText('80.00%');

    // The robot finishes: the task is uploaded, the run's progress gives way, the badge counts the
    // "task finished" message well before its 30 s poll.
    const { Unread } = await api(apiRoutes.notifications.getUnreadCount, undefined, setup.plannerToken);
    await finishRun(robot);
    await expect(page.locator('.ant-card-head-title .ant-tag')).toHaveText(text.uploaded);
    await expect(progress).toHaveCount(0);
    await expect(row).toContainText(text.uploaded);
    await expect(tasksIn(text.uploaded)).toHaveText('1');
    await expect(center.locator('[data-testid="message-count"] .ant-badge-count')).toHaveAttribute(
      'title',
      String(Unread + 1),
      { timeout: LIVE_MS },
    );

    // Nothing was reloaded; one ticket and one stream per tab, none from the login page.
    expect(tabs.map((tab) => tab.loads())).toEqual(loadsBefore);
    for (const [tab, path] of [
      [detailTab, '/taskDetail'],
      [centerTab, '/taskCenter'],
      [homeTab, '/home'],
    ] as const) {
      expect(tab.streams.filter((url) => url.includes(path))).toHaveLength(1);
      expect(tab.tickets.filter((url) => url.includes(path))).toHaveLength(1);
    }
    expect(detailTab.streams.filter((url) => url.includes('/login'))).toEqual([]);
    expect(errors).toEqual([]);
  });
}
