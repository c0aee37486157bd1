import type { ServerResponse } from 'node:http';
import type { LiveEventName } from '@measure/contract';

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting by itself (the SSE `retry:` field). */
const RETRY_MS = 2_000;
/** A client that reads slower than events come is dropped (it reconnects and reads again). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-store, no-transform',
  // nginx and similar proxies would otherwise hold events back in their buffers.
  'X-Accel-Buffering': 'no',
} as const;

/**
 * One Server-Sent Events response: `event:`, `id:` and `data:` lines, a heartbeat comment, and an
 * end. Works on the raw response (the route hijacked the reply).
 */
export class EventStream {
  private heartbeat: NodeJS.Timeout | undefined;
  private ended = false;
  private readonly closeListeners: Array<() => void> = [];

  constructor(
    private readonly raw: ServerResponse,
    headers: Record<string, string | number | string[] | undefined>,
    heartbeatMs = HEARTBEAT_MS,
  ) {
    raw.writeHead(200, { ...headers, ...SSE_HEADERS });
    raw.write(`retry: ${RETRY_MS}\n\n`);
    this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), heartbeatMs);
    raw.on('close', () => this.closed());
    raw.on('error', () => this.closed());
    // The client may have gone while the caller was being authenticated.
    if (raw.destroyed || raw.socket === null || raw.socket.destroyed) this.closed();
  }

  get open(): boolean {
    return !this.ended;
  }

  send(name: LiveEventName, data: unknown, id?: string): void {
    this.write(`event: ${name}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`);
  }

  /** Ends the response (after a last event, if one is given). */
  end(last?: { name: LiveEventName; data: unknown }): void {
    if (this.ended) return;
    if (last) this.send(last.name, last.data);
    this.raw.end();
    this.closed();
  }

  /** Called once when the stream ends, by either side. */
  onClose(listener: () => void): void {
    if (this.ended) listener();
    else this.closeListeners.push(listener);
  }

  private write(text: string): void {
    if (this.ended) return;
    if (this.raw.destroyed || this.raw.writableLength > MAX_BUFFERED_BYTES) {
      this.raw.destroy();
      this.closed();
      return;
    }
    this.raw.write(text);
  }

  private closed(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}
