import http from 'node:http';
import { createParser } from 'eventsource-parser';

/** One Server-Sent Event as a client reads it. */
export interface ReadEvent {
  event: string;
  id: string | undefined;
  data: unknown;
}

export interface OpenedStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body of a refusal (not a stream), parsed. */
  refusal: unknown;
  events: ReadEvent[];
  /** The next event (after those already taken) that matches, or a failure after `timeoutMs`. */
  next(match?: (event: ReadEvent) => boolean, timeoutMs?: number): Promise<ReadEvent>;
  /** The first event of all read so far (or to come) that matches, whatever `next` has taken. */
  find(match: (event: ReadEvent) => boolean, timeoutMs?: number): Promise<ReadEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * A minimal EventSource for tests (node:http, no reconnect): opens `url`, reads the events with
 * eventsource-parser, and keeps every event in order.
 */
export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      response.setEncoding('utf8');
      const events: ReadEvent[] = [];
      let taken = 0;
      const waiters = new Set<() => void>();
      let ended = false;
      const endedPromise = new Promise<void>((done) =>
        response.on('close', () => {
          ended = true;
          for (const wake of waiters) wake();
          done();
        }),
      );
      const status = response.statusCode ?? 0;
      if (!String(response.headers['content-type']).startsWith('text/event-stream')) {
        let body = '';
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status,
            headers: response.headers,
            refusal: JSON.parse(body) as unknown,
            events,
            next: () => Promise.reject(new Error('not a stream')),
            find: () => Promise.reject(new Error('not a stream')),
            ended: endedPromise,
            close: () => request.destroy(),
          }),
        );
        return;
      }
      // The SSE format (fields, comments, multi-line data) read by eventsource-parser.
      const parser = createParser({
        onEvent: (message) => {
          events.push({
            event: message.event ?? 'message',
            id: message.id,
            data: JSON.parse(message.data) as unknown,
          });
          for (const wake of waiters) wake();
        },
      });
      response.on('data', (chunk: string) => parser.feed(chunk));
      const next = (match: (event: ReadEvent) => boolean = () => true, timeoutMs = 1_000) =>
        new Promise<ReadEvent>((found, fail) => {
          const look = () => {
            while (taken < events.length) {
              const event = events[taken++] as ReadEvent;
              if (match(event)) {
                finish();
                found(event);
                return;
              }
            }
            if (ended) {
              finish();
              fail(new Error(`stream ended; events: ${JSON.stringify(events)}`));
            }
          };
          const timer = setTimeout(() => {
            finish();
            fail(new Error(`no such event within ${timeoutMs} ms; events: ${JSON.stringify(events)}`));
          }, timeoutMs);
          const finish = () => {
            clearTimeout(timer);
            waiters.delete(look);
          };
          waiters.add(look);
          look();
        });
      const find = async (match: (event: ReadEvent) => boolean, timeoutMs = 1_000) => {
        const found = events.find(match);
        if (found) return found;
        return next(match, timeoutMs);
      };
      resolve({
        status,
        headers: response.headers,
        refusal: null,
        events,
        next,
        find,
        ended: endedPromise,
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

/**
 * The live events `token`'s session hears from the server at `baseUrl`, once the stream has opened
 * with its `resync`; the stream is added to `opened`, which the test closes after its last test.
 */
export async function listenAs(
  baseUrl: string,
  token: string,
  opened: OpenedStream[],
): Promise<OpenedStream> {
  const stream = await openEventStream(`${baseUrl}/api/events`, { authorization: `Bearer ${token}` });
  opened.push(stream);
  const first = await stream.next();
  if (first.event !== 'resync') throw new Error(`the stream opened with ${first.event}, not resync`);
  return stream;
}
