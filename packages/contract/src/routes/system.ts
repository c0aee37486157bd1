import { z } from 'zod';
import { defineRoute } from './define.ts';

const health = z.object({ Status: z.literal('ok') });

export const systemRoutes = {
  livez: defineRoute({
    method: 'GET',
    path: '/livez',
    access: 'public',
    tag: 'system',
    summary: 'Liveness: the process answers',
    result: health,
  }),
  readyz: defineRoute({
    method: 'GET',
    path: '/readyz',
    access: 'public',
    tag: 'system',
    summary: 'Readiness: the database is reachable',
    result: health,
  }),
};
