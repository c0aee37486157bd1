import { EVENTS_STREAM_PATH } from '@measure/contract';
import { callApi } from '../api/client.ts';
import { isApiError } from '../api/errors.ts';
import { queryClient } from '../api/queryClient.ts';
import { routes } from '../api/routes.ts';
import { handleUnauthorized } from '../api/unauthorized.ts';
import { createLiveCache } from './invalidations.ts';
import { createLiveConnection, SessionOver, type LiveStatus } from './liveConnection.ts';
import { dispatchLiveEvent, LIVE_EVENT_NAMES, type LiveHandlers } from './liveEvents.ts';

/**
 * Where the tab's live state shows for tools and browser tests: `<html data-live="open">` once the
 * stream has said `resync` (the server is sending this tab's events), else `connecting`, `waiting`
 * (to reconnect) or `stopped`.
 */
function showStatus(status: LiveStatus): void {
  document.documentElement.dataset.live = status;
}

/** A ticket for this session's stream; a 401 ends the session as any refused call does. */
async function streamTicket(token: string): Promise<string> {
  try {
    const { Ticket } = await callApi(routes.events.createTicket, undefined, { quiet: true, token });
    return Ticket;
  } catch (error) {
    if (isApiError(error) && error.code === 401) {
      handleUnauthorized(token);
      throw new SessionOver();
    }
    throw error;
  }
}

/** Opens the live stream of the session with this token; answers the function that closes it. */
export function startLiveEvents(token: string): () => void {
  const cache = createLiveCache(queryClient);
  const handlers: LiveHandlers = {
    ...cache,
    resync: (data, id) => {
      cache.resync?.(data, id);
      showStatus('open');
    },
  };
  const connection = createLiveConnection({
    path: EVENTS_STREAM_PATH,
    // `end` is the connection's own (it decides how soon to come back).
    eventNames: LIVE_EVENT_NAMES.filter((name) => name !== 'end'),
    getTicket: () => streamTicket(token),
    openSource: (url) => new EventSource(url),
    onEvent: (name, data, id) => void dispatchLiveEvent(name, data, id, handlers),
    // `open` is shown once `resync` arrived: from then on no change is missed.
    onStatus: (status) => {
      if (status !== 'open') showStatus(status);
    },
  });
  connection.start();
  return () => connection.stop();
}
