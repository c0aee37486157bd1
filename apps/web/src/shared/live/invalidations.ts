import type {
  ChangeEventName,
  DataBackup,
  LiveEventData,
  ModelPreview,
  PageResult,
  RobotRow,
  ScanItem,
  TaskDetail,
  TaskRow,
} from '@measure/contract';
import { partialMatchKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { MESSAGES_KEY } from '../../features/notifications/messageKeys.ts';
import type { LiveHandlers } from './liveEvents.ts';

/**
 * What a live event refreshes: the TanStack Query keys (prefixes) of the pages that show it.
 * `active` asks again for what is on screen now; `stale` only marks the rest, so it is asked again
 * when next shown (analysis pages are heavy; a robot run sends an event per batch).
 */
export interface LiveTarget {
  queryKey: QueryKey;
  refetch: 'active' | 'stale';
}

const active = (...queryKey: unknown[]): LiveTarget => ({ queryKey, refetch: 'active' });
const stale = (...queryKey: unknown[]): LiveTarget => ({ queryKey, refetch: 'stale' });

/** The invalidation map: each change event -> the queries it refreshes. */
export const LIVE_TARGETS: { [N in ChangeEventName]: (data: LiveEventData<N>) => LiveTarget[] } = {
  task: ({ TaskId, Deleted }) => [
    // Task detail and task data (review) pages: sites, items, buildings, the plan, the open site;
    // comments on the task (a new one raises a task event). A deleted task's are not asked again.
    ...(Deleted
      ? []
      : [
          active('tasks', 'detail', TaskId),
          active('review', 'plan', TaskId),
          active('review', 'site', TaskId),
          active('review', 'grinding', TaskId),
          active('workOrders', 'comments', 'task', TaskId),
        ]),
    // Task center, task execution, the data pool and manual entry.
    active('tasks', 'list'),
    active('tasks', 'mine'),
    active('results'),
    // The report section of the task and the reports pages' figures.
    active('reports'),
    // Home figures now; the other analysis pages and project pages when next opened.
    active('analysis', 'home'),
    stale('analysis'),
    stale('projects'),
  ],
  device: () => [active('devices')],
  // A household report's (Household) shows only in its task's household reports table.
  report: ({ TaskId, Household }) =>
    Household
      ? [active('reports', 'households', TaskId)]
      : [active('reports'), active('tasks', 'detail', TaskId)],
  workOrder: ({ TaskId }) => [
    active('workOrders'),
    ...(TaskId ? [active('review', 'site', TaskId), active('review', 'plan', TaskId)] : []),
  ],
  scan: ({ TaskId }) => [active('scans'), active('tasks', 'detail', TaskId)],
  message: () => [active(...MESSAGES_KEY)],
  // The backup page's list: its counts, size and errors come with the read the event starts.
  backup: () => [active('data-backup')],
};

/** Everything a page may show from the live scope: asked again after a (re)connect (`resync`). */
export const LIVE_ROOTS: readonly QueryKey[] = [
  ['tasks'],
  ['review'],
  ['results'],
  ['analysis'],
  ['projects'],
  ['devices'],
  ['reports'],
  ['workOrders'],
  ['scans'],
  ['data-backup'],
  MESSAGES_KEY,
];

type TaskEvent = LiveEventData<'task'>;
type BackupEvent = LiveEventData<'backup'>;

/** A backup row (or its latest restore) with the state and progress an event states. */
const patchBackup = (row: DataBackup, event: BackupEvent): DataBackup => {
  if (row.BackupId !== event.BackupId) return row;
  const run = { State: event.State, Progress: event.Progress };
  if (event.RestoreId === null) return { ...row, ...run };
  return row.LastRestore?.RestoreId === event.RestoreId
    ? { ...row, LastRestore: { ...row.LastRestore, ...run } }
    : row;
};

const patchRow = <T extends { TaskId: string }>(row: T, event: TaskEvent): T =>
  row.TaskId === event.TaskId ? { ...row, State: event.State, Figures: event.Figures } : row;

type ScanEvent = LiveEventData<'scan'>;

const patchScan = <T extends Pick<ScanItem, 'ScanId' | 'Status' | 'Progress'>>(
  row: T,
  event: ScanEvent,
): T =>
  row.ScanId === event.ScanId
    ? { ...row, Status: event.Status, Progress: event.Progress ?? row.Progress }
    : row;

/** A deleted task leaves the cached task lists at once (their refetch follows). */
function dropTask(client: QueryClient, taskId: string) {
  for (const list of [
    ['tasks', 'list'],
    ['tasks', 'mine'],
  ]) {
    client.setQueriesData<PageResult<TaskRow>>({ queryKey: list }, (page) => {
      if (!page?.Items?.some((row) => row.TaskId === taskId)) return page;
      const Items = page.Items.filter((row) => row.TaskId !== taskId);
      return { ...page, Items, Total: Math.max(0, page.Total - 1) };
    });
  }
}

/**
 * The parts of cached answers an event states exactly, written at once (the refetch that follows
 * brings the rest): a task's State and Figures in its detail and in task lists; a robot's Online and
 * Battery in the robots page; a scan's Status and Progress in scan lists and previews.
 */
export const CACHE_UPDATES: {
  [N in ChangeEventName]?: (client: QueryClient, data: LiveEventData<N>) => void;
} = {
  task: (client, event) => {
    if (event.Deleted) {
      dropTask(client, event.TaskId);
      return;
    }
    client.setQueryData<TaskDetail>(
      ['tasks', 'detail', event.TaskId],
      (task) => task && patchRow(task, event),
    );
    for (const list of [
      ['tasks', 'list'],
      ['tasks', 'mine'],
    ]) {
      client.setQueriesData<PageResult<TaskRow>>({ queryKey: list }, (page) =>
        page?.Items ? { ...page, Items: page.Items.map((row) => patchRow(row, event)) } : page,
      );
    }
  },
  scan: (client, event) => {
    client.setQueriesData<PageResult<ScanItem> | ModelPreview>({ queryKey: ['scans'] }, (data) => {
      if (data && 'Items' in data && Array.isArray(data.Items))
        return { ...data, Items: data.Items.map((row) => patchScan(row, event)) };
      if (data && 'Scans' in data && Array.isArray(data.Scans))
        return { ...data, Scans: data.Scans.map((row) => patchScan(row, event)) };
      return data;
    });
  },
  backup: (client, event) => {
    client.setQueryData<{ List: DataBackup[] }>(['data-backup', 'list'], (list) =>
      list ? { List: list.List.map((row) => patchBackup(row, event)) } : list,
    );
  },
  device: (client, event) => {
    client.setQueriesData<{ Items: RobotRow[] }>({ queryKey: ['devices', 'robots'] }, (list) =>
      list?.Items
        ? {
            ...list,
            Items: list.Items.map((row) =>
              row.DeviceGuid === event.DeviceGuid
                ? { ...row, Online: event.Online, Battery: event.Battery }
                : row,
            ),
          }
        : list,
    );
  },
};

export interface LiveCacheOptions {
  /** Invalidations within this window are sent together: a burst of events refetches a page once. */
  flushMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  now?: () => number;
}

/** Events are gathered for this long before the queries they name are asked again. */
export const FLUSH_MS = 150;

/**
 * The handlers that keep the query cache live: exact parts written at once, the queries of the
 * invalidation map asked again (batched), and after `resync` every live query read before it.
 */
export function createLiveCache(client: QueryClient, options: LiveCacheOptions = {}): LiveHandlers {
  const flushMs = options.flushMs ?? FLUSH_MS;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const now = options.now ?? Date.now;
  const pending = new Map<string, LiveTarget>();
  /** Live queries whose data is older than this are read again (set by `resync`). */
  let resyncAt: number | null = null;
  let timer: unknown = null;

  const flush = () => {
    timer = null;
    const targets = [...pending.values()];
    pending.clear();
    const before = resyncAt;
    resyncAt = null;
    if (before !== null) {
      void client.invalidateQueries({
        predicate: (query) =>
          query.state.dataUpdatedAt < before &&
          LIVE_ROOTS.some((root) => partialMatchKey(query.queryKey, root)),
      });
    }
    for (const target of targets) {
      void client.invalidateQueries({
        queryKey: target.queryKey,
        refetchType: target.refetch === 'active' ? 'active' : 'none',
      });
    }
  };

  const later = () => {
    timer ??= setTimer(flush, flushMs);
  };

  const queue = (targets: LiveTarget[]) => {
    for (const target of targets) {
      const key = JSON.stringify(target.queryKey);
      // Asking again now wins over only marking stale.
      if (pending.get(key)?.refetch !== 'active') pending.set(key, target);
    }
    later();
  };

  const change =
    <N extends ChangeEventName>(name: N) =>
    (data: LiveEventData<N>) => {
      CACHE_UPDATES[name]?.(client, data);
      queue(LIVE_TARGETS[name](data));
    };

  return {
    task: change('task'),
    device: change('device'),
    report: change('report'),
    workOrder: change('workOrder'),
    scan: change('scan'),
    message: change('message'),
    backup: change('backup'),
    resync: () => {
      resyncAt = now();
      later();
    },
  };
}
