import { CHANGE_EVENT_NAMES, emptyCounts, toFigures, type LiveEventData } from '@measure/contract';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { manualTimers } from '../testing/fakeEventSource.ts';
import { createLiveCache, LIVE_TARGETS } from './invalidations.ts';

const TASK = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const figures = (sites: number, qualified: number) => toFigures({ ...emptyCounts(), sites, qualified });
const taskEvent = (sites: number): LiveEventData<'task'> => ({
  TaskId: TASK,
  ProjectId: 'p',
  State: 'inProgress',
  Figures: figures(sites, sites * 3),
});
const row = (TaskId: string) => ({ TaskId, Name: TaskId, State: 'pending', Figures: figures(0, 0) });

/** A query client with the given answers cached, each page shown (observed) like an open page. */
function cacheWith(entries: [QueryKey, unknown][]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const fetched: string[] = [];
  const unsubscribe: (() => void)[] = [];
  for (const [queryKey, data] of entries) {
    client.setQueryData(queryKey, data);
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: async () => {
        fetched.push(JSON.stringify(queryKey));
        return client.getQueryData(queryKey) ?? null;
      },
    });
    unsubscribe.push(observer.subscribe(() => undefined));
  }
  const timers = manualTimers();
  let now = 1_000;
  const live = createLiveCache(client, { setTimer: timers.setTimer, now: () => now });
  const invalidated = (queryKey: QueryKey) => client.getQueryState(queryKey)?.isInvalidated ?? false;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { client, live, timers, fetched, invalidated, settle, setNow: (at: number) => (now = at) };
}

describe('live cache: the invalidation map', () => {
  it('names queries for every change event of the contract', () => {
    expect(Object.keys(LIVE_TARGETS).sort()).toEqual([...CHANGE_EVENT_NAMES].sort());
  });

  it('writes a task event into the detail and the lists at once, then reads each open page again once', async () => {
    const home: QueryKey = ['analysis', 'home', {}, {}];
    const listKey: QueryKey = ['tasks', 'list', { page: 1 }];
    const { client, live, timers, fetched, invalidated, settle } = cacheWith([
      [['tasks', 'detail', TASK], { ...row(TASK), Sites: [] }],
      [['tasks', 'detail', OTHER], row(OTHER)],
      [listKey, { Items: [row(TASK), row(OTHER)], Total: 2, PageSize: 10, CurrentPage: 1 }],
      [home, { Figures: figures(0, 0) }],
      [['users', 'self'], { Name: 'me' }],
    ]);
    // Cached but not on screen: marked stale, not fetched.
    client.setQueryData(['analysis', 'quality', {}], { Rows: [] });

    live.task?.(taskEvent(1), '1');
    live.task?.(taskEvent(2), '2');
    live.task?.(taskEvent(3), '3');

    const detail = client.getQueryData<{ State: string; Figures: { Sites: number }; Sites: [] }>([
      'tasks',
      'detail',
      TASK,
    ]);
    expect(detail?.State).toBe('inProgress');
    expect(detail?.Figures).toEqual(figures(3, 9));
    expect(detail?.Sites).toEqual([]);
    const list = client.getQueryData<{ Items: { TaskId: string; State: string; Figures: unknown }[] }>(
      listKey,
    );
    expect(list?.Items.map((item) => [item.TaskId, item.State, item.Figures])).toEqual([
      [TASK, 'inProgress', figures(3, 9)],
      [OTHER, 'pending', figures(0, 0)],
    ]);
    expect(fetched).toEqual([]);

    // One batch for the three events.
    expect(timers.due()).toEqual([150]);
    timers.runAll();
    await settle();
    expect(fetched.sort()).toEqual(
      [JSON.stringify(['tasks', 'detail', TASK]), JSON.stringify(listKey), JSON.stringify(home)].sort(),
    );
    expect(invalidated(['analysis', 'quality', {}])).toBe(true);
    expect(invalidated(['tasks', 'detail', OTHER])).toBe(false);
    expect(invalidated(['users', 'self'])).toBe(false);
  });

  it('drops a deleted task from the lists at once and reads the lists again, not its own pages', async () => {
    const listKey: QueryKey = ['tasks', 'list', { page: 1 }];
    const detailKey: QueryKey = ['tasks', 'detail', TASK];
    const { client, live, timers, fetched, settle } = cacheWith([
      [detailKey, row(TASK)],
      [listKey, { Items: [row(TASK), row(OTHER)], Total: 12, PageSize: 10, CurrentPage: 1 }],
    ]);
    live.task?.({ ...taskEvent(0), State: 'pending', Deleted: true }, '1');
    const list = client.getQueryData<{ Items: { TaskId: string }[]; Total: number }>(listKey);
    expect(list?.Items.map((item) => item.TaskId)).toEqual([OTHER]);
    expect(list?.Total).toBe(11);
    expect(client.getQueryData(detailKey)).toEqual(row(TASK));
    timers.runAll();
    await settle();
    expect(fetched).toEqual([JSON.stringify(listKey)]);
  });

  it('writes a robot heartbeat into the robots page and reads the device pages again', async () => {
    const robots: QueryKey = ['devices', 'robots', ''];
    const robot = { DeviceGuid: 'd1', Online: false, Battery: 80, Health: null };
    const { client, live, timers, fetched, settle } = cacheWith([
      [robots, { OfflineAfterSeconds: 30, Items: [robot, { ...robot, DeviceGuid: 'd2' }] }],
      [['tasks', 'list', {}], { Items: [] }],
    ]);
    live.device?.({ DeviceGuid: 'd1', Online: true, Battery: 64 }, '5');
    expect(client.getQueryData<{ Items: (typeof robot)[] }>(robots)?.Items).toEqual([
      { DeviceGuid: 'd1', Online: true, Battery: 64, Health: null },
      { DeviceGuid: 'd2', Online: false, Battery: 80, Health: null },
    ]);
    timers.runAll();
    await settle();
    expect(fetched).toEqual([JSON.stringify(robots)]);
  });

  it('writes a scan event into scan lists and previews, then reads them again', async () => {
    const list: QueryKey = ['scans', 'list', {}];
    const preview: QueryKey = ['scans', 'preview', TASK];
    const scan = { ScanId: 's1', Status: 'queued', Progress: 0 };
    const { client, live, timers, fetched, settle } = cacheWith([
      [list, { Total: 2, Items: [scan, { ...scan, ScanId: 's2' }] }],
      [preview, { TaskId: TASK, Scans: [scan] }],
      [['devices', 'robots', ''], { Items: [] }],
    ]);
    live.scan?.({ ScanId: 's1', TaskId: TASK, ProjectId: 'p', Status: 'processing', Progress: 40 }, '6');
    expect(client.getQueryData<{ Items: (typeof scan)[] }>(list)?.Items).toEqual([
      { ScanId: 's1', Status: 'processing', Progress: 40 },
      { ScanId: 's2', Status: 'queued', Progress: 0 },
    ]);
    expect(client.getQueryData<{ Scans: (typeof scan)[] }>(preview)?.Scans).toEqual([
      { ScanId: 's1', Status: 'processing', Progress: 40 },
    ]);
    timers.runAll();
    await settle();
    expect(fetched.sort()).toEqual([JSON.stringify(list), JSON.stringify(preview)].sort());
  });

  it('refreshes reports, work orders and the message badge on their events only', async () => {
    const badge: QueryKey = ['notifications', 'messages', 'unread'];
    const reports: QueryKey = ['reports', 'task', TASK];
    const orders: QueryKey = ['workOrders', 'list', {}, 1];
    const { live, timers, fetched, settle } = cacheWith([
      [badge, { Unread: 0 }],
      [reports, null],
      [orders, { Items: [] }],
    ]);
    live.message?.(
      { MessageId: 'm', Kind: 'taskFinished', ProjectId: null, TaskId: null, WorkOrderId: null },
      '7',
    );
    timers.runAll();
    await settle();
    expect(fetched).toEqual([JSON.stringify(badge)]);
    live.report?.({ ReportId: 'r', TaskId: TASK, ProjectId: 'p', Status: 'ready' }, '8');
    live.workOrder?.({ WorkOrderId: 'w', ProjectId: 'p', TaskId: null, State: 'unstart' }, '9');
    timers.runAll();
    await settle();
    expect(fetched.slice(1).sort()).toEqual([JSON.stringify(orders), JSON.stringify(reports)].sort());
  });

  it("reads a task's household reports again on a household report's event, not the task's report", async () => {
    const households: QueryKey = ['reports', 'households', TASK];
    const otherHouseholds: QueryKey = ['reports', 'households', OTHER];
    const reports: QueryKey = ['reports', 'task', TASK];
    const { live, timers, fetched, settle } = cacheWith([
      [households, []],
      [otherHouseholds, []],
      [reports, null],
    ]);
    live.report?.(
      { ReportId: 'h', TaskId: TASK, ProjectId: 'p', Status: 'rendering', Household: true },
      '10',
    );
    timers.runAll();
    await settle();
    expect(fetched).toEqual([JSON.stringify(households)]);
  });

  it('after resync reads again the live queries read before it, not the others', async () => {
    const { client, live, timers, fetched, invalidated, settle, setNow } = cacheWith([
      [['tasks', 'detail', TASK], row(TASK)],
      [['workOrders', 'list', {}, 1], { Items: [] }],
      [['users', 'self'], { Name: 'me' }],
    ]);
    setNow(Date.now() + 1000);
    live.resync?.({ Reason: 'reconnected' }, '');
    // Read after the resync arrived: nothing was missed.
    client.setQueryData(['devices', 'robots', ''], { Items: [] }, { updatedAt: Date.now() + 5000 });
    timers.runAll();
    await settle();
    expect(fetched.sort()).toEqual(
      [JSON.stringify(['tasks', 'detail', TASK]), JSON.stringify(['workOrders', 'list', {}, 1])].sort(),
    );
    expect(invalidated(['users', 'self'])).toBe(false);
    expect(invalidated(['devices', 'robots', ''])).toBe(false);
  });
});
