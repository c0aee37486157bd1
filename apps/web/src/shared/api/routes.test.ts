import { apiRoutes } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.ts';

describe('route references', () => {
  it('are the contract method and path of every route', () => {
    const contract = apiRoutes as unknown as Record<string, Record<string, { method: string; path: string }>>;
    const projected = Object.fromEntries(
      Object.entries(contract).map(([group, calls]) => [
        group,
        Object.fromEntries(
          Object.entries(calls).map(([name, route]) => [name, { method: route.method, path: route.path }]),
        ),
      ]),
    );
    expect(routes).toEqual(projected);
  });
});
