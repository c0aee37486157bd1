import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { orgTreeNodeSchema } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeComponents,
  routeResponses,
  routeSecurity,
  securitySchemes,
  type OpenApiResponses,
  type RouteDocs,
} from './api-responses.ts';
import './request-context.ts';

/**
 * Schemas the document names as components: the recursive ones must be (a `$ref` needs a name), the
 * rest are inlined where used.
 */
const componentSchemas = z.registry<{ id: string }>();
componentSchemas.add(orgTreeNodeSchema, { id: 'OrgTreeNode' });

const zodTransform = createJsonSchemaTransform({ schemaRegistry: componentSchemas });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: componentSchemas });

/** The operation key that carries a route's responses from `transform` to `transformObject`. */
const RESPONSES_KEY = 'x-measure-responses';

type TransformInput = Parameters<typeof zodTransform>[0];
type OpenApiDocument = ReturnType<typeof zodTransformObject>;
type Operation = Record<string, unknown> & { responses?: Record<string, unknown> };

/**
 * Per route: the zod schemas become JSON schemas, then the route's real responses (api-responses.ts)
 * and security replace the success-only 200 @fastify/swagger would write.
 */
function transform(input: TransformInput) {
  const { schema, url } = zodTransform(input);
  const docs = input.route.config?.docs as RouteDocs | undefined;
  // Only API routes (registerRoute, registerProtocolRoute) are documented, not the web app's files.
  if (!docs) return { schema: { hide: true }, url };
  if (!schema || (schema as { hide?: boolean }).hide) return { schema, url };
  const converted = schema as Record<string, unknown> & {
    response?: Record<string, Record<string, unknown>>;
  };
  const { response, ...rest } = converted;
  const responses: OpenApiResponses = routeResponses(docs, response?.[200], /\/:\w/.test(url));
  return {
    schema: { ...rest, security: docs.security ?? routeSecurity(docs.access), [RESPONSES_KEY]: responses },
    url,
  };
}

function transformObject(input: Parameters<typeof zodTransformObject>[0]): OpenApiDocument {
  const document = zodTransformObject(input);
  for (const path of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(path as Record<string, Operation>)) {
      if (!operation || typeof operation !== 'object' || !(RESPONSES_KEY in operation)) continue;
      operation.responses = operation[RESPONSES_KEY] as Record<string, unknown>;
      delete operation[RESPONSES_KEY];
    }
  }
  const components = (document as { components?: { schemas?: object } }).components;
  return {
    ...document,
    components: { ...components, schemas: { ...envelopeComponents, ...components?.schemas } },
  } as OpenApiDocument;
}

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
          'Every response is `{ Code, Message, Result }`; Code 0 is success. Refusals answer HTTP 200 with a ' +
          'non-zero Code (400 with `Result: [{ Field, Message }]`, 403, 404, 409, 423); HTTP 401 without a ' +
          'session or device key, 429 with Retry-After, 500 on a crash. Files (Excel, pictures, PDF) are sent ' +
          'as themselves, refusals of them as the envelope. Send `Accept-Language: zh-CN | en-US`. Body keys ' +
          'are matched case-insensitively; `{ "PostData": "<json>" }` is unwrapped.',
        version: '1.0.0',
      },
      components: { securitySchemes },
    },
    transform,
    transformObject,
  });
}

/** The documentation UI at /api/docs and the document at /api/docs/json. */
export async function registerApiDocsUi(scope: FastifyInstance): Promise<void> {
  await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
