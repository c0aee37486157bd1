import http from 'node:http';
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { Drain } from './drain.ts';

/** A server with the app's close options, a slow route (answers when told) and an event stream. */
async function startServer() {
  const app = Fastify({ forceCloseConnections: 'idle', return503OnClosing: false });
  const drain = new Drain(app.server);
  const slow: { release?: () => void; started?: Promise<void> } = {};
  let started: () => void = () => {};
  slow.started = new Promise<void>((resolve) => (started = resolve));
  app.get('/fast', async () => ({ ok: true }));
  app.get('/slow', async () => {
    started();
    await new Promise<void>((resolve) => (slow.release = resolve));
    return { ok: 'slow' };
  });
  app.get('/events', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write(': open\n\n');
  });
  app.addHook('preClose', async () => {
    // As the events module does: streams end when the app closes.
    for (const socket of openStreams) socket.end();
  });
  const openStreams = new Set<http.ServerResponse>();
  app.server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.url === '/events') openStreams.add(response);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, drain, slow, port, openStreams };
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  reusedSocket: boolean;
}

function get(port: number, path: string, agent: http.Agent, accept?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path, agent, headers: accept ? { accept } : {} },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body,
            reusedSocket: request.reusedSocket,
          }),
        );
      },
    );
    request.on('error', reject);
  });
}

function connectError(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code));
  });
}

let running: FastifyInstance | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('drain', () => {
  it('refuses new connections, answers in-flight and kept-alive requests with Connection: close', async () => {
    const { app, drain, slow, port } = await startServer();
    running = app;
    const kept = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const other = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = await get(port, '/fast', kept);
    expect(first).toMatchObject({ status: 200, connection: 'keep-alive', reusedSocket: false });
    const inFlight = get(port, '/slow', other);
    await slow.started;

    drain.begin();
    expect(drain.draining).toBe(true);
    expect(await connectError(port)).toBe('ECONNREFUSED');
    // The kept-alive connection still carries a request: answered, then closed by the client.
    expect(await get(port, '/fast', kept)).toEqual({
      status: 200,
      connection: 'close',
      body: '{"ok":true}',
      reusedSocket: true,
    });
    slow.release?.();
    expect(await inFlight).toEqual({
      status: 200,
      connection: 'close',
      body: '{"ok":"slow"}',
      reusedSocket: false,
    });
    expect(await drain.settle({ idleMs: 60_000, limitMs: 10_000 })).toEqual({ pending: 0 });
    await app.close();
    running = undefined;
    kept.destroy();
    other.destroy();
  });

  it('waits for an idle connection a little, not for an event stream', async () => {
    const { app, drain, port } = await startServer();
    running = app;
    const kept = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await get(port, '/fast', kept);
    const stream = new http.Agent({ keepAlive: true });
    const streamOpen = new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: '/events',
            agent: stream,
            headers: { accept: 'text/event-stream' },
          },
          resolve,
        )
        .on('error', reject),
    );
    const streamResponse = await streamOpen;
    const streamEnded = new Promise((resolve) => streamResponse.on('end', resolve).resume());

    drain.begin();
    // The idle kept-alive connection is waited for (the balancer may still send on it) ...
    expect(drain.pending({ idleMs: 60_000 })).toBe(1);
    // ... until it has been idle long enough; the event stream is never waited for.
    expect(await drain.settle({ idleMs: 100, limitMs: 10_000 })).toEqual({ pending: 0 });
    await app.close();
    running = undefined;
    await streamEnded;
    kept.destroy();
    stream.destroy();
  });

  it('closes the connection of an event stream the drain ends (it cannot carry Connection: close)', async () => {
    const { app, drain, port, openStreams } = await startServer();
    running = app;
    const agent = new http.Agent({ keepAlive: true });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(
          { host: '127.0.0.1', port, path: '/events', agent, headers: { accept: 'text/event-stream' } },
          resolve,
        )
        .on('error', reject),
    );
    const socketClosed = new Promise((resolve) => response.socket.once('close', resolve));
    const ended = new Promise((resolve) => response.on('end', resolve).resume());
    drain.onBegin(() => {
      for (const stream of openStreams) stream.end();
    });
    drain.begin();
    await ended;
    await socketClosed;
    // Not left idle for the balancer to send on: closed on the server's side too.
    expect(await drain.settle({ idleMs: 60_000, limitMs: 5_000 })).toEqual({ pending: 0 });
    agent.destroy();
  });

  it('settles at once when nothing is connected, and the app closes', async () => {
    const { app, drain } = await startServer();
    drain.begin();
    expect(await drain.settle({ idleMs: 60_000, limitMs: 10_000 })).toEqual({ pending: 0 });
    await app.close();
  });

  it('makes the real app answer 503 on /readyz once draining', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      t.app.drain.begin();
      const answer = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      // Other calls are still answered while draining.
      expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
