import { projectsRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

export function registerProjectsRoutes(app: FastifyInstance, { projects }: Services): void {
  registerRoute(app, projectsRoutes.getPage, async ({ body, user }) => projects.page(user, body));
}
