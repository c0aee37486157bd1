import type { Access } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import './request-context.ts';

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access; the route-guard test walks it. */
    routeTable: RegisteredRoute[];
  }
}

export function trackRoutes(app: FastifyInstance): void {
  const table: RegisteredRoute[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Read lazily: hooks of child scopes (see public-scope.ts) run after this one.
      table.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access;
        },
      });
    }
  });
}
