import type { Access } from '@measure/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { OpenApiResponses } from './api-responses.ts';
import './request-context.ts';

/**
 * A route that speaks a protocol of its own instead of the JSON envelope (tus uploads): like every
 * route it declares its access, so the guard checks the caller first; it validates nothing itself
 * and answers through the raw reply. Its documented responses (statuses, headers) are its own.
 */
export function registerProtocolRoute(
  app: FastifyInstance,
  definition: {
    methods: HTTPMethods[];
    url: string;
    access: Access;
    tag: string;
    summary: string;
    responses: OpenApiResponses;
    /** Who may call, for the document, when the handler authenticates itself (access `public`). */
    security?: Array<Record<string, string[]>>;
  },
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
): void {
  app.route({
    method: definition.methods,
    url: definition.url,
    config: {
      access: definition.access,
      docs: { access: definition.access, responses: definition.responses, security: definition.security },
    },
    schema: { tags: [definition.tag], summary: definition.summary },
    handler,
  });
}

/** In this scope request bodies stay unread, for a handler that streams them itself. */
export function leaveBodiesUnread(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
}
