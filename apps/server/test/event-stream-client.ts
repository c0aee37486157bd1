import http from 'node:http';

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
 * A minimal EventSource for tests (node:http, no reconnect): opens `url`, parses `event:`, `id:` and
 * `data:` lines as the SSE format defines them, and keeps every event in order.
 */
export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      response.setEncoding('utf8');
      const events: ReadEvent[] = [];
      let taken = 0;
      const waiters = new Set<() => void>();
      let ended = false;
      let buffer = '';
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
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          if (!fields.has('data')) continue;
          events.push({
            event: fields.get('event') ?? 'message',
            id: fields.get('id'),
            data: JSON.parse(fields.get('data') ?? 'null') as unknown,
          });
          for (const wake of waiters) wake();
        }
      });
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
