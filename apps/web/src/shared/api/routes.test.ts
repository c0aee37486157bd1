import { apiRoutes } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.ts';

describe('route references', () => {
  it('match the contract method and path of each route', () => {
    const contract = apiRoutes as unknown as Record<string, Record<string, { method: string; path: string }>>;
    for (const [group, calls] of Object.entries(routes)) {
      for (const [name, route] of Object.entries(calls)) {
        const definition = contract[group]?.[name];
        expect(definition, `${group}.${name}`).toBeDefined();
        expect({ method: route.method, path: route.path }, `${group}.${name}`).toEqual({
          method: definition?.method,
          path: definition?.path,
        });
      }
    }
  });
});
