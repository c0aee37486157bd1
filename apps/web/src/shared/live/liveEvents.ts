import { liveEventSchemas, type LiveEventData, type LiveEventName } from '@measure/contract';

/** One handler per event name, each given its payload as the contract types it. */
export type LiveHandlers = { [N in LiveEventName]?: (data: LiveEventData<N>, id: string) => void };

export const LIVE_EVENT_NAMES = Object.keys(liveEventSchemas) as LiveEventName[];

const isLiveEventName = (name: string): name is LiveEventName => Object.hasOwn(liveEventSchemas, name);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Checks one received event against the contract's schema and hands it to its handler. An unknown
 * name, broken JSON or a payload of the wrong shape is ignored (answers false): a newer server
 * must not break an open page.
 */
export function dispatchLiveEvent(name: string, data: string, id: string, handlers: LiveHandlers): boolean {
  if (!isLiveEventName(name)) return false;
  const parsed = liveEventSchemas[name].safeParse(parseJson(data));
  if (!parsed.success) return false;
  const handler = handlers[name] as ((payload: unknown, eventId: string) => void) | undefined;
  handler?.(parsed.data, id);
  return true;
}
