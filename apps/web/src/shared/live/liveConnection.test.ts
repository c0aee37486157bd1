import { describe, expect, it } from 'vitest';
import { FakeEventSource, manualTimers } from '../testing/fakeEventSource.ts';
import { createLiveConnection, retryDelay, SessionOver, type LiveStatus } from './liveConnection.ts';

/** A connection on fakes: tickets t1, t2, ... (or the given failures), sources and timers kept for the test. */
function setup(tickets: (string | Error)[] = []) {
  const sources: FakeEventSource[] = [];
  const received: [string, string, string][] = [];
  const statuses: LiveStatus[] = [];
  const timers = manualTimers();
  let asked = 0;
  const connection = createLiveConnection({
    path: '/api/events',
    eventNames: ['task', 'resync'],
    getTicket: async () => {
      const next = tickets[asked] ?? `t${asked + 1}`;
      asked += 1;
      if (next instanceof Error) throw next;
      return next;
    },
    openSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    onEvent: (name, data, id) => received.push([name, data, id]),
    onStatus: (status) => statuses.push(status),
    random: () => 0.5,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { connection, sources, received, statuses, timers, settle, asked: () => asked };
}

describe('live connection', () => {
  it('opens the stream with a fresh ticket and passes on the named events', async () => {
    const live = setup(['ticket/1']);
    live.connection.start();
    await live.settle();
    expect(live.sources.map((source) => source.url)).toEqual(['/api/events?ticket=ticket%2F1']);
    const [source] = live.sources;
    source?.emit('open');
    source?.emit('task', { TaskId: 'a' }, '41');
    source?.emit('other', { Ignored: true }, '42');
    expect(live.received).toEqual([['task', '{"TaskId":"a"}', '41']]);
    expect(live.statuses).toEqual(['connecting', 'open']);
  });

  it('reconnects after a drop with a new ticket, waiting longer after each failure in a row', async () => {
    const live = setup();
    live.connection.start();
    await live.settle();
    live.sources[0]?.emit('error');
    expect(live.sources[0]?.closed).toBe(true);
    expect(live.timers.due()).toEqual([500]);
    live.timers.runAll();
    await live.settle();
    expect(live.sources[1]?.url).toBe('/api/events?ticket=t2');
    // The second failure in a row waits 1 s, the third 2 s.
    live.sources[1]?.emit('error');
    expect(live.timers.due()).toEqual([1000]);
    live.timers.runAll();
    await live.settle();
    live.sources[2]?.emit('error');
    expect(live.timers.due()).toEqual([2000]);
    live.timers.runAll();
    await live.settle();
    // A stream that opened starts the count again.
    live.sources[3]?.emit('open');
    live.sources[3]?.emit('error');
    expect(live.timers.due()).toEqual([500]);
    expect(live.statuses).toContain('waiting');
  });

  it('retries when the ticket call fails and stops for good when the session is over', async () => {
    const live = setup([new Error('network'), new SessionOver()]);
    live.connection.start();
    await live.settle();
    expect(live.sources).toHaveLength(0);
    expect(live.timers.due()).toEqual([500]);
    live.timers.runAll();
    await live.settle();
    expect(live.asked()).toBe(2);
    expect(live.sources).toHaveLength(0);
    expect(live.timers.due()).toEqual([]);
    expect(live.statuses.at(-1)).toBe('stopped');
  });

  it('comes back at once when the instance drains, after the usual wait when the session ended', async () => {
    const live = setup();
    live.connection.start();
    await live.settle();
    live.sources[0]?.emit('open');
    live.sources[0]?.emit('end', { Reason: 'shutdown' });
    expect(live.sources[0]?.closed).toBe(true);
    expect(live.timers.due()).toEqual([0]);
    live.timers.runAll();
    await live.settle();
    live.sources[1]?.emit('open');
    live.sources[1]?.emit('end', { Reason: 'session' });
    expect(live.timers.due()).toEqual([500]);
  });

  it('closes on stop, and a late ticket or a late event of the old stream changes nothing', async () => {
    const live = setup();
    live.connection.start();
    await live.settle();
    const first = live.sources[0];
    live.connection.stop();
    expect(first?.closed).toBe(true);
    first?.emit('task', { TaskId: 'late' }, '9');
    first?.emit('error');
    expect(live.received).toEqual([]);
    expect(live.timers.due()).toEqual([]);
    // Started and stopped again before the ticket came: no stream is opened.
    live.connection.start();
    live.connection.stop();
    await live.settle();
    expect(live.sources).toHaveLength(1);
    expect(live.statuses.at(-1)).toBe('stopped');
  });

  it('spreads the waits over 75-125 % and keeps the last one', () => {
    const delays = [500, 1000, 30_000];
    expect(retryDelay(1, delays, 0)).toBe(375);
    expect(retryDelay(2, delays, 1)).toBe(1250);
    expect(retryDelay(9, delays, 0.5)).toBe(30_000);
  });
});
