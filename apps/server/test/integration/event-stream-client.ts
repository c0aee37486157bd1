/**
 * A reader of the live event stream (GET /api/events, Server-Sent Events) for the integration
 * tests: every event with the moment it arrived; `next` waits for one that matches.
 */
import http from 'node:http';

export interface ReceivedEvent {
  name: string;
  data: Record<string, unknown>;
  at: number;
}

export interface EventStreamClient {
  /** Resolves with the first event (already received or to come) of that name that matches. */
  next(
    name: string,
    matches?: (data: Record<string, unknown>) => boolean,
    limitMs?: number,
  ): Promise<ReceivedEvent>;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openEventStream(port: number, token: string): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    const received: ReceivedEvent[] = [];
    const waiters: (() => void)[] = [];
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events',
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`the event stream answered HTTP ${response.statusCode}`));
          response.resume();
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (name && data)
              received.push({ name, data: JSON.parse(data) as Record<string, unknown>, at: Date.now() });
          }
          for (const waiter of waiters.splice(0)) waiter();
        });
        const ended = new Promise<void>((done) => response.once('end', () => done()));
        resolve({
          ended,
          close: () => request.destroy(),
          next: (name, matches = () => true, limitMs = 10_000) =>
            new Promise((found, fail) => {
              const timer = setTimeout(
                () => fail(new Error(`no ${name} event within ${limitMs} ms`)),
                limitMs,
              );
              const look = () => {
                const event = received.find(
                  (candidate) => candidate.name === name && matches(candidate.data),
                );
                if (event) {
                  clearTimeout(timer);
                  found(event);
                } else waiters.push(look);
              };
              look();
            }),
        });
      },
    );
    request.on('error', reject);
  });
}
