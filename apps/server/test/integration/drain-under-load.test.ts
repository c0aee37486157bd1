/**
 * Issue 31 (drain): two real instances on one PostgreSQL behind nginx running
 * docs/deploy/nginx.conf; an authenticated list call is sent without pause on 8 connections, and
 * instance A gets SIGTERM mid-load. No request may fail, A's event stream ends at once (a new one
 * through the balancer opens on B), and A exits 0.
 */
import { apiRoutes } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.ts';
import { buildCompany, buildProject, buildUser } from '../factories.ts';
import { openEventStream } from '../event-stream-client.ts';
import { startInstance, type Instance } from './instances.ts';
import { startLoad } from './load.ts';
import { startNginx, UPSTREAM_HEADER, type Balancer } from './nginx.ts';
import { until } from './until.ts';

let t: TestApp;
let token: string;
const running: { instances: Instance[]; nginx?: Balancer } = { instances: [] };

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  token = (await buildUser(t, { companyId, roles: ['MeasureAdmin'] })).token;
  for (let n = 0; n < 3; n++) await buildProject(t, { companyId });
});
afterAll(async () => {
  await running.nginx?.stop();
  await Promise.all(running.instances.map((instance) => instance.dispose()));
  await t.close();
});

describe('SIGTERM under load', () => {
  it('drains instance A: no failed request, and A exits 0', async () => {
    const [a, b] = await Promise.all([
      startInstance('a', t.connectionString),
      startInstance('b', t.connectionString),
    ]);
    running.instances.push(a, b);
    const nginx = await startNginx([a.port, b.port]);
    running.nginx = nginx;
    const served = (instance: Instance) => load.served(`127.0.0.1:${instance.port}`);

    const load = startLoad(
      {
        port: nginx.port,
        path: apiRoutes.projects.getPage.path,
        body: { PageSize: 10, CurrentPage: 1 },
        headers: { authorization: `Bearer ${token}` },
        connections: 8,
      },
      UPSTREAM_HEADER,
    );
    const started = Date.now();
    // Both instances answer, for 3 s at least, before A is told to stop.
    await until(() => served(a) >= 100 && served(b) >= 100 && Date.now() - started >= 3_000, 60_000);
    // A page's event stream on A.
    const bearer = { authorization: `Bearer ${token}` };
    const stream = await openEventStream(`http://127.0.0.1:${a.port}/api/events`, bearer);
    await stream.next((event) => event.event === 'resync', 10_000);
    const servedByA = served(a);
    const stopped = a.stop('SIGTERM');
    // The stream ends within a second (the page reconnects elsewhere), long before A exits.
    const end = await stream.next((event) => event.event === 'end', 1_000);
    expect(end.data).toEqual({ Reason: 'shutdown' });
    await stream.ended;
    const exit = await stopped;
    const afterExit = Date.now();
    // Reconnecting through the balancer reaches B.
    const reconnected = await openEventStream(`http://127.0.0.1:${nginx.port}/api/events`, bearer);
    await reconnected.next((event) => event.event === 'resync', 10_000);
    reconnected.close();
    const servedByB = served(b);
    // Load goes on through B alone, 3 s and 100 answers at least.
    await until(() => served(b) >= servedByB + 100 && Date.now() - afterExit >= 3_000, 60_000);
    const result = await load.stop();

    expect(result.failed.length, result.failed.slice(0, 3).join('\n')).toBe(0);
    expect(exit, a.stderr()).toEqual({ code: 0, signal: null });
    expect(servedByA).toBeGreaterThanOrEqual(100);
    expect(result.ok).toBe(load.answered());
  }, 120_000);
});
