import type { FastifyInstance } from 'fastify';
import './request-context.ts';

/**
 * Registers third-party routes (API docs, static web files) in a scope where every route is
 * declared public, so the deny-by-default guard and the route-guard test see a declaration.
 */
export async function registerPublicScope(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await register(scope);
  });
}
