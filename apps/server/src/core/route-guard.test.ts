import { apiRoutes } from '@measure/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const contractRoutes = Object.values(apiRoutes).flatMap((group) => Object.values(group));

it('every registered route declares who may call it', () => {
  const undeclared = t.app.routeTable.filter((route) => route.access === undefined);
  expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  expect(t.app.routeTable.length).toBeGreaterThan(contractRoutes.length);
});

it('every contract route is registered, with the access the contract declares', () => {
  for (const definition of contractRoutes) {
    const registered = t.app.routeTable.find(
      (route) =>
        route.method === definition.method && route.url.toLowerCase() === definition.path.toLowerCase(),
    );
    expect(registered, `${definition.method} ${definition.path}`).toBeDefined();
    expect(registered?.access).toBe(definition.access);
  }
});

it('every non-public route refuses a call without a session before looking at the body', async () => {
  for (const definition of contractRoutes.filter((route) => route.access !== 'public')) {
    const response = await call(t.app, definition.method, definition.path, {
      ...(definition.method === 'POST' ? { body: '{broken json' } : {}),
    });
    expect(response.status, `${definition.method} ${definition.path}`).toBe(401);
  }
});
