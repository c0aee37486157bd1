import { emptyCounts, toFigures, type LiveEventData } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { FakeEventSource } from '../testing/fakeEventSource.ts';
import { createLiveConnection } from './liveConnection.ts';
import { dispatchLiveEvent, LIVE_EVENT_NAMES, type LiveHandlers } from './liveEvents.ts';

const TASK = '11111111-1111-4111-8111-111111111111';
const task: LiveEventData<'task'> = {
  TaskId: TASK,
  ProjectId: 'p',
  State: 'inProgress',
  Figures: toFigures({ ...emptyCounts(), sites: 1, qualified: 2, unqualified: 1 }),
};

/** Handlers that record what they were given. */
function recorder() {
  const seen: [string, unknown, string][] = [];
  const handlers: LiveHandlers = {
    task: (data, id) => seen.push(['task', data, id]),
    device: (data, id) => seen.push(['device', data, id]),
    resync: (data, id) => seen.push(['resync', data, id]),
  };
  return { seen, handlers };
}

describe('live event dispatcher', () => {
  it('hands a valid event to its handler with the payload the contract types', () => {
    const { seen, handlers } = recorder();
    expect(dispatchLiveEvent('task', JSON.stringify(task), '12', handlers)).toBe(true);
    expect(dispatchLiveEvent('resync', '{"Reason":"connected"}', '', handlers)).toBe(true);
    expect(seen).toEqual([
      ['task', task, '12'],
      ['resync', { Reason: 'connected' }, ''],
    ]);
  });

  it('ignores unknown names, broken JSON and payloads of the wrong shape', () => {
    const { seen, handlers } = recorder();
    const bad: [string, string][] = [
      ['taskz', JSON.stringify(task)],
      ['toString', '{}'],
      ['task', '{"TaskId":'],
      ['task', ''],
      ['task', JSON.stringify({ ...task, State: 'exploded' })],
      ['task', JSON.stringify({ ...task, Figures: undefined })],
      ['device', JSON.stringify({ DeviceGuid: 'd', Online: 'yes', Battery: null })],
      ['resync', 'null'],
    ];
    for (const [name, data] of bad) expect(dispatchLiveEvent(name, data, '1', handlers), name).toBe(false);
    expect(seen).toEqual([]);
  });

  it('an event without a handler is accepted and does nothing', () => {
    expect(
      dispatchLiveEvent(
        'message',
        JSON.stringify({
          MessageId: 'm',
          Kind: 'taskFinished',
          ProjectId: null,
          TaskId: null,
          WorkOrderId: null,
        }),
        '3',
        {},
      ),
    ).toBe(true);
  });

  it('carries the stream events of a fake EventSource to the handlers, bad ones dropped', async () => {
    const { seen, handlers } = recorder();
    const sources: FakeEventSource[] = [];
    const connection = createLiveConnection({
      path: '/api/events',
      eventNames: LIVE_EVENT_NAMES.filter((name) => name !== 'end'),
      getTicket: async () => 'k',
      openSource: (url) => {
        const source = new FakeEventSource(url);
        sources.push(source);
        return source;
      },
      onEvent: (name, data, id) => void dispatchLiveEvent(name, data, id, handlers),
    });
    connection.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const source = sources[0];
    source?.emit('open');
    source?.emit('resync', { Reason: 'connected' });
    source?.emit('task', { TaskId: TASK }, '4');
    source?.emit('task', task, '5');
    source?.emit('device', { DeviceGuid: 'd', Online: true, Battery: 50 }, '6');
    connection.stop();
    expect(seen).toEqual([
      ['resync', { Reason: 'connected' }, ''],
      ['task', task, '5'],
      ['device', { DeviceGuid: 'd', Online: true, Battery: 50 }, '6'],
    ]);
  });
});
