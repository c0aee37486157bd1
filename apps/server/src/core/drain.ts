/**
 * Drain on SIGTERM: an instance behind a load balancer leaves without failing a request.
 *
 * 1. `begin()`: the listening socket closes (new connections are refused, so the balancer sends
 *    them to another instance), but open connections are kept: every response from now on says
 *    `Connection: close`, so the balancer closes each connection itself after its answer. Closing
 *    an idle keep-alive socket from this side can cross a request the balancer is sending on it,
 *    and a balancer does not resend a POST it has sent. `onBegin` listeners run (jobs stop, /readyz
 *    answers 503, event streams end so their clients reconnect to another instance).
 * 2. `settle()`: waits until every connection is closed, has been idle a while (the balancer has
 *    stopped choosing this instance), or is an event stream (one opened since: the events module's
 *    preClose hook ends it), within a time limit.
 * 3. Then `app.close()` answers what is in flight (requests arriving meanwhile are answered, not
 *    refused: `return503OnClosing` is off), ends event streams and runs the onClose hooks.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

interface Connection {
  /** The request being answered on it, if any (HTTP/1.1: one at a time). */
  active: { request: IncomingMessage; response: ServerResponse } | undefined;
  /** When its last answer finished (or it opened). */
  idleSince: number;
}

export interface DrainTimes {
  /** A connection idle this long is left to `app.close()`. */
  idleMs: number;
  /** `settle()` gives up after this long. */
  limitMs: number;
}

export const DEFAULT_DRAIN_TIMES: DrainTimes = { idleMs: 500, limitMs: 5_000 };

const isEventStream = (request: IncomingMessage) =>
  (request.headers.accept ?? '').includes('text/event-stream');

export class Drain {
  private readonly connections = new Map<Socket, Connection>();
  private readonly listeners: (() => void)[] = [];
  private drainingSince: number | undefined;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.connections.set(socket, { active: undefined, idleSince: Date.now() });
      socket.once('close', () => this.connections.delete(socket));
    });
    // Before Fastify's listener, so the header is there before any answer can be written.
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
      if (this.draining) closeAfter(response);
      const connection = this.connections.get(request.socket);
      if (!connection) return;
      connection.active = { request, response };
      response.once('close', () => {
        if (connection.active?.response === response) connection.active = undefined;
        connection.idleSince = Date.now();
        // An event stream ended by the drain had its headers out before: no `Connection: close`
        // went with it, so its connection is ended here, and the client reconnects elsewhere.
        if (this.draining && isEventStream(request)) request.socket.end();
      });
    });
  }

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  /** Runs when the drain begins (once; at once if it has begun). */
  onBegin(listener: () => void): void {
    if (this.draining) listener();
    else this.listeners.push(listener);
  }

  begin(): void {
    if (this.draining) return;
    this.drainingSince = Date.now();
    // net.Server's close, not http.Server's: that one also closes idle keep-alive sockets at once.
    if (this.server.listening) NetServer.prototype.close.call(this.server);
    for (const connection of this.connections.values())
      if (connection.active) closeAfter(connection.active.response);
    for (const listener of this.listeners.splice(0)) listener();
  }

  /** Connections still to wait for: not closed, not an event stream, busy or idle only briefly. */
  pending(times: Pick<DrainTimes, 'idleMs'>, now = Date.now()): number {
    let pending = 0;
    for (const connection of this.connections.values()) {
      if (connection.active) {
        if (!isEventStream(connection.active.request)) pending += 1;
      } else if (now - Math.max(connection.idleSince, this.drainingSince ?? 0) < times.idleMs) pending += 1;
    }
    return pending;
  }

  /** Waits (checking every 20 ms) until no connection is pending, or the time limit. */
  async settle(times: DrainTimes = DEFAULT_DRAIN_TIMES): Promise<{ pending: number }> {
    const until = Date.now() + times.limitMs;
    for (;;) {
      const pending = this.pending(times);
      if (pending === 0 || Date.now() >= until) return { pending };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** The socket closes after this answer (Node ends it on `Connection: close`). */
function closeAfter(response: ServerResponse): void {
  if (!response.headersSent && response.req.httpVersionMajor === 1) response.setHeader('Connection', 'close');
}
