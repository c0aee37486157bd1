import http from 'node:http';
import { createParser } from 'eventsource-parser';

/**
 * Opens `GET /api/events` on a server (a ticket as the web sends it, or a bearer token as tools
 * do), hands every event to `onEvent` (parsed with eventsource-parser) and resolves, once the
 * stream is open, to a function that closes it. A refusal (not HTTP 200) rejects.
 */
export function openEventStream(
  port: number,
  auth: { ticket: string } | { token: string },
  onEvent: (name: string, data: unknown) => void = () => {},
): Promise<() => void> {
  const query = 'ticket' in auth ? `?ticket=${encodeURIComponent(auth.ticket)}` : '';
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if ('token' in auth) headers.authorization = `Bearer ${auth.token}`;
  return new Promise((resolve, reject) => {
    const parser = createParser({
      onEvent: (message) => onEvent(message.event ?? 'message', JSON.parse(message.data) as unknown),
    });
    const request = http.get(`http://127.0.0.1:${port}/api/events${query}`, { headers }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`the event stream answered HTTP ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => parser.feed(chunk));
      resolve(() => request.destroy());
    });
    request.on('error', reject);
  });
}
