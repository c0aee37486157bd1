import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI document generated from the same zod schemas that validate. Register at the root, before
 * any route, so it sees every route; the UI (its own routes, public) goes in `registerApiDocsUi`.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Measure Cloud API',
        description:
          'Every response is `{ Code, Message, Result }`; Code 0 is success. Send `Accept-Language: zh-CN | en-US`. ' +
          'Body keys are matched case-insensitively; `{ "PostData": "<json>" }` is unwrapped.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
}

/** The documentation UI at /api/docs and the document at /api/docs/json. */
export async function registerApiDocsUi(scope: FastifyInstance): Promise<void> {
  await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
