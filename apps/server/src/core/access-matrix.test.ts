/**
 * The access matrix (issue 4): every contract route, called as each demo role and as another
 * company's administrator, is allowed or refused exactly as the role map says. The expected access
 * of each route is written out in test/access-matrix.ts, not read from the contract, so weakening a
 * route's declared access (or removing a guard) makes this test fail. Cross-company calls on ids:
 * cross-company.test.ts.
 */
import { apiRoutes, ROLE_PERMISSIONS, type RouteDefinition } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, login, type TestApp } from '../../test/app.ts';
import {
  CALLERS,
  MODELLING_GATED,
  EXTERNAL_WALL_GATED,
  EXPECTED_ACCESS,
  prepareSamples,
  SAMPLES,
  sendSample,
  type Caller,
} from '../../test/access-matrix.ts';

const contractRoutes = Object.entries(apiRoutes).flatMap(([group, routes]) =>
  Object.entries(routes).map(([name, definition]) => ({
    key: `${group}.${name}`,
    definition: definition as RouteDefinition,
  })),
);

let t: TestApp;
const tokens = new Map<Caller['key'], string>();

beforeAll(async () => {
  t = await createTestApp();
  await prepareSamples();
  for (const caller of CALLERS) tokens.set(caller.key, await login(t.app, caller.login, caller.password));
});
afterAll(async () => t.close());

describe('access matrix', () => {
  it('knows the expected access and a sample input of every contract route', () => {
    expect(contractRoutes.map((route) => route.key).sort()).toEqual(Object.keys(EXPECTED_ACCESS).sort());
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(EXPECTED_ACCESS).sort());
  });

  for (const caller of CALLERS) {
    it(`allows and refuses exactly per the role map as ${caller.key} (${caller.role})`, async () => {
      const permissions: readonly string[] = ROLE_PERMISSIONS[caller.role];
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const { key, definition } of contractRoutes) {
        const access = EXPECTED_ACCESS[key];
        const sample = SAMPLES[key];
        if (!access || !sample) continue;
        const request = sample(caller);
        const token = request.freshSession
          ? await login(t.app, caller.login, caller.password)
          : (tokens.get(caller.key) ?? '');
        const allowed =
          access === 'public' ||
          access === 'authenticated' ||
          access === 'signedIn' ||
          permissions.includes(access);
        const response = await sendSample(t.app, definition, request, token);
        if (allowed && caller.modellingOff && MODELLING_GATED.has(key)) {
          expect(response.body.Code, `${key} as ${caller.key}`).toBe(403);
          expect(response.body.Message, key).toBe('贵公司未开通此功能：建模');
          continue;
        }
        if (allowed && caller.modellingOff && EXTERNAL_WALL_GATED.has(key)) {
          expect(response.body.Code, `${key} as ${caller.key}`).toBe(403);
          expect(response.body.Message, key).toBe('贵公司未开通此功能：外墙');
          continue;
        }
        const denied = response.status === 401 || response.body.Code === 401 || response.body.Code === 403;
        outcomes.push(`${key}: ${denied ? 'deny' : 'allow'}`);
        expected.push(`${key}: ${allowed ? 'allow' : 'deny'}`);
        if (allowed) {
          expect(response.status, `${key} as ${caller.key}: ${JSON.stringify(response.body)}`).toBeLessThan(
            500,
          );
          expect(
            request.codes ?? [0, 404],
            `${key} as ${caller.key}: ${JSON.stringify(response.body)}`,
          ).toContain(response.body.Code);
        } else if (access === 'device') {
          expect(response.status, key).toBe(401);
        } else {
          expect(response.status, key).toBe(200);
          expect(response.body.Code, key).toBe(403);
        }
      }
      expect(outcomes).toEqual(expected);
    });
  }

  it('lets the platform operator reach only its console and its own session, nothing of a company', async () => {
    const token = await login(t.app, DEMO.operator.login, DEMO.operator.password);
    const outcomes: string[] = [];
    const expected: string[] = [];
    const operatorCaller = { ...CALLERS[0], key: 'admin', name: 'Operator' } as Caller;
    for (const { key, definition } of contractRoutes) {
      const access = EXPECTED_ACCESS[key];
      const sample = SAMPLES[key];
      if (!access || !sample || access === 'device') continue;
      const request = sample(operatorCaller);
      const session = request.freshSession
        ? await login(t.app, DEMO.operator.login, DEMO.operator.password)
        : token;
      const response = await sendSample(t.app, definition, request, session);
      const allowed = access === 'public' || access === 'operator' || access === 'signedIn';
      const denied = response.status === 401 || response.body.Code === 401 || response.body.Code === 403;
      outcomes.push(`${key}: ${denied ? 'deny' : 'allow'}`);
      expected.push(`${key}: ${allowed ? 'allow' : 'deny'}`);
      if (allowed) {
        expect(response.status, `${key}: ${JSON.stringify(response.body)}`).toBeLessThan(500);
      } else {
        expect(response.status, key).toBe(200);
        expect(response.body.Code, key).toBe(403);
      }
    }
    expect(outcomes).toEqual(expected);
  });
});
