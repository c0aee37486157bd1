import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../db/schema.ts';
import { AuditRepository } from '../modules/audit/audit-repository.ts';
import { AuthEvents } from '../modules/auth/auth-events.ts';
import { SessionCache } from '../modules/auth/session-cache.ts';
import { SessionService } from '../modules/auth/session-service.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { buildCompany, buildUser } from '../../test/factories.ts';
import { registerAuthGuard } from './auth-guard.ts';
import { registerErrorHandler } from './error-handler.ts';
import './request-context.ts';

/**
 * The guard on a small app with one route per kind of access, on the real session store. (The
 * routes of this issue are public or need only a session, so no product route needs a permission yet.)
 */
let t: TestApp;
let guarded: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  guarded = Fastify();
  guarded.decorateRequest('lang', 'zh-CN');
  registerErrorHandler(guarded);
  // Without a listening connection the cache stays off: every call reads the session store.
  const cache = new SessionCache();
  registerAuthGuard(guarded, {
    sessions: new SessionService(
      t.db,
      { idleMs: t.config.sessionIdleMs, absoluteMs: t.config.sessionAbsoluteMs },
      cache,
      new AuthEvents({}, cache),
    ),
    audit: new AuditRepository(t.db),
  });
  const ok = async () => ({ Code: 0, Message: 'ok', Result: null });
  guarded.post('/needs-user-manage', { config: { access: 'user.manage' } }, ok);
  guarded.post('/needs-session', { config: { access: 'authenticated' } }, ok);
  guarded.post('/open', { config: { access: 'public' } }, ok);
  guarded.post('/undeclared', ok);
  await guarded.ready();
});
afterAll(async () => {
  await guarded.close();
  await t.close();
});

const hit = async (url: string, token?: string, body = '{"any":"thing"}') => {
  const response = await guarded.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
  return { status: response.statusCode, body: response.json<{ Code: number }>() };
};

it('lets a holder of the permission through and refuses the others with Code 403, whatever they send', async () => {
  const companyId = (await buildCompany(t)).id;
  const [admin, surveyor, measure] = (
    await Promise.all(
      (['CompanyAdmin', 'Surveyor', 'MeasureAdmin'] as const).map((role) =>
        buildUser(t, { companyId, roles: [role] }),
      ),
    )
  ).map((user) => user.token);
  expect((await hit('/needs-user-manage', admin)).body.Code).toBe(0);
  for (const token of [surveyor, measure]) {
    const refused = await hit('/needs-user-manage', token, '{broken');
    expect(refused).toEqual({
      status: 200,
      body: { Code: 403, Message: '您没有执行此操作的权限', Result: null },
    });
  }
});

it('writes every permission refusal to the audit log', async () => {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.event, 'permission.denied')));
  expect(rows).toHaveLength(2);
  expect(rows[0]?.detail).toMatchObject({ route: 'POST /needs-user-manage', permission: 'user.manage' });
});

it('needs a session for authenticated routes, none for public ones, and refuses undeclared routes', async () => {
  const { token } = await buildUser(t, { roles: ['ProjectAdmin'] });
  expect((await hit('/needs-session')).status).toBe(401);
  expect((await hit('/needs-session', token)).body.Code).toBe(0);
  expect((await hit('/open')).body.Code).toBe(0);
  expect((await hit('/undeclared', token)).body.Code).toBe(403);
});

it('checks the session of the real app on every call', async () => {
  const response = await call(t.app, 'POST', '/api/sys/User/GetSelf', { token: 'x'.repeat(43) });
  expect(response.status).toBe(401);
});
