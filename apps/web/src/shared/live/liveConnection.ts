/**
 * The transport of the live event stream (measurement-api.md section 10): asks for a single-use
 * ticket, opens an EventSource on `/api/events?ticket=`, and after any loss opens a new one with a
 * new ticket, waiting longer after each failure in a row. The browser's own EventSource retry is
 * not used: it would send the used ticket again.
 *
 * Everything outside (the ticket call, EventSource, timers) is passed in, so the rules can be
 * tested without a browser.
 */

/** What the connection uses of an EventSource. */
export interface LiveSource {
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

/** Thrown by `getTicket` when the session is over: the connection stops instead of retrying. */
export class SessionOver extends Error {
  override readonly name = 'SessionOver';
}

export type LiveStatus = 'connecting' | 'open' | 'waiting' | 'stopped';

export interface LiveConnectionOptions {
  /** A fresh ticket; throws `SessionOver` when the session ended, anything else to retry later. */
  getTicket: () => Promise<string>;
  /** Opens the stream at this address (`new EventSource(url)` in the browser). */
  openSource: (url: string) => LiveSource;
  /** The stream's path (the contract's EVENTS_STREAM_PATH). */
  path: string;
  /** The SSE event names to listen to (the contract's event names). */
  eventNames: readonly string[];
  /** Every event as received: its name, raw `data` and `lastEventId`. */
  onEvent: (name: string, data: string, id: string) => void;
  onStatus?: (status: LiveStatus) => void;
  /** Waits before the 1st, 2nd, ... retry after failures in a row; the last one repeats. */
  retryDelaysMs?: readonly number[];
  /** 0..1; the wait is spread over 75-125 % so that many tabs do not come back at once. */
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface LiveConnection {
  start(): void;
  /** Closes the stream for good (sign-out, shell left); a stopped connection does not come back. */
  stop(): void;
}

/** 0.5 s after a drop (an instance draining hands its clients to the others), up to 30 s when down. */
export const RETRY_DELAYS_MS = [500, 1000, 2000, 5000, 10_000, 30_000] as const;

/** The server's own closing event (`end`): Reason `shutdown` asks for an immediate reconnect. */
const END_EVENT = 'end';

export function retryDelay(failures: number, delays: readonly number[], random: number): number {
  const base = delays[Math.min(Math.max(failures - 1, 0), delays.length - 1)] ?? 0;
  return Math.round(base * (0.75 + random * 0.5));
}

function endReason(data: string): string | null {
  try {
    const parsed: unknown = JSON.parse(data);
    const reason = (parsed as { Reason?: unknown } | null)?.Reason;
    return typeof reason === 'string' ? reason : null;
  } catch {
    return null;
  }
}

export function createLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));

  let stopped = true;
  let source: LiveSource | null = null;
  let timer: unknown = null;
  /** Failures since the last stream that opened; decides the next wait. */
  let failures = 0;
  /** Bumped on every attempt: a late answer of an abandoned attempt changes nothing. */
  let attempt = 0;

  const status = (next: LiveStatus) => options.onStatus?.(next);

  const closeSource = () => {
    source?.close();
    source = null;
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    status('waiting');
    timer = setTimer(() => {
      timer = null;
      void connect();
    }, ms);
  };

  const retryLater = () => {
    closeSource();
    failures += 1;
    schedule(retryDelay(failures, delays, random()));
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    const mine = ++attempt;
    status('connecting');
    let ticket: string;
    try {
      ticket = await options.getTicket();
    } catch (error) {
      if (mine !== attempt || stopped) return;
      if (error instanceof SessionOver) {
        stop();
        return;
      }
      retryLater();
      return;
    }
    if (mine !== attempt || stopped) return;

    const opened = options.openSource(`${options.path}?ticket=${encodeURIComponent(ticket)}`);
    source = opened;
    const current = () => mine === attempt && !stopped && source === opened;
    opened.addEventListener('open', () => {
      if (!current()) return;
      failures = 0;
      status('open');
    });
    // A dropped stream, a refused ticket (401) or a server that is down: start again with a new ticket.
    opened.addEventListener('error', () => {
      if (current()) retryLater();
    });
    for (const name of options.eventNames) {
      opened.addEventListener(name, (event) => {
        if (!current()) return;
        const message = event as MessageEvent<unknown>;
        options.onEvent(
          name,
          typeof message.data === 'string' ? message.data : '',
          message.lastEventId ?? '',
        );
      });
    }
    opened.addEventListener(END_EVENT, (event) => {
      if (!current()) return;
      const data = (event as MessageEvent<unknown>).data;
      if (endReason(typeof data === 'string' ? data : '') === 'shutdown') {
        // The instance is draining: go to another one at once (the load balancer picks it).
        closeSource();
        schedule(0);
      } else {
        // The session ended: the ticket call answers 401 and the sign-out flow takes over.
        retryLater();
      }
    });
  }

  function start(): void {
    if (!stopped) return;
    stopped = false;
    failures = 0;
    void connect();
  }

  function stop(): void {
    if (stopped) return;
    stopped = true;
    attempt += 1;
    if (timer !== null) clearTimer(timer);
    timer = null;
    closeSource();
    status('stopped');
  }

  return { start, stop };
}
