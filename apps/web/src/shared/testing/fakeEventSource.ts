import type { LiveSource } from '../live/liveConnection.ts';

/** An EventSource stand-in for tests: records its address and lets a test play the server. */
export class FakeEventSource implements LiveSource {
  readonly listeners = new Map<string, ((event: Event) => void)[]>();
  closed = false;

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  /** The server sends `event: type`, `id: id`, `data: data` (or the browser reports open/error). */
  emit(type: string, data?: unknown, id = ''): void {
    const text = typeof data === 'string' ? data : JSON.stringify(data ?? null);
    const event = { type, data: text, lastEventId: id } as unknown as Event;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** Timers a test runs by hand: `due()` lists the waits asked for, `runAll()` fires them. */
export function manualTimers() {
  let pending: { run: () => void; ms: number; id: number }[] = [];
  let next = 0;
  return {
    setTimer: (run: () => void, ms: number) => {
      const id = ++next;
      pending.push({ run, ms, id });
      return id;
    },
    clearTimer: (id: unknown) => {
      pending = pending.filter((timer) => timer.id !== id);
    },
    due: () => pending.map((timer) => timer.ms),
    runAll: () => {
      const now = pending;
      pending = [];
      for (const timer of now) timer.run();
    },
  };
}
