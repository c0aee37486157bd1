import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  envelopeSchema,
  type MessageKey,
  type MessageParams,
  type RouteBody,
  type RouteDefinition,
  type RouteParams,
  type RouteQuery,
  type RouteResult,
} from '@measure/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext, OperatorContext } from '../modules/auth/auth-context.ts';
import { badRequest, unauthorized } from './app-error.ts';
import { compiledEnvelopeSerializer } from './compiled-serializer.ts';
import { markValidated } from './body-validation.ts';
import { sendEnvelope, successEnvelope } from './envelope-reply.ts';
import { normalizeKeys, PostDataError, unwrapPostData } from './normalize-input.ts';
import { assertStorableInput } from './storable-text.ts';
import './request-context.ts';

export interface HandlerContext<R> {
  body: RouteBody<R>;
  query: RouteQuery<R>;
  params: RouteParams<R>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The caller. Reading it on a public route without a session answers 401. */
  readonly user: AuthContext;
  /** The platform operator (operator console routes, access 'operator'); anyone else answers 401. */
  readonly operator: OperatorContext;
  ip: string;
  userAgent: string | null;
  /** Replaces the default success message ("操作成功" / "Done"). */
  setMessage(key: MessageKey, params?: MessageParams): void;
}

/**
 * Returned by a handler that answered through `reply` itself (a file download, for instance);
 * the route still went through the guard and validation like every other.
 */
export const REPLY_SENT = Symbol('reply sent');

export type RouteHandler<R> = (context: HandlerContext<R>) => Promise<RouteResult<R> | typeof REPLY_SENT>;

/** Bodies above this size yield to the event loop between their walks (see preValidation). */
const BIG_BODY_BYTES = 64 * 1024;
/**
 * Registers a contract route: the guard (onRequest, see auth-guard.ts) reads `config.access`;
 * `preValidation` refuses text that cannot be stored (storable-text.ts), unwraps PostData and
 * matches body/query keys case-insensitively; the contract's
 * zod schemas validate; the handler's result is wrapped in the envelope.
 */
export function registerRoute<R extends RouteDefinition>(
  app: FastifyInstance,
  definition: R,
  handler: RouteHandler<R>,
  options: {
    bodyLimit?: number;
    /**
     * For big bodies (results batches): parses the body with the route's own schema a part per turn,
     * answering the parsed body, or undefined when anything is wrong (the route's schema then
     * validates it in one go and reports every issue as usual).
     */
    parseBodyInTurns?: (body: unknown) => Promise<object | undefined>;
    /** Big answers of a fixed shape (the analysis): see compiled-serializer.ts. */
    compiledSerializer?: boolean;
    /** Refuses the call before anything else is read (a feature gate: see feature-gate.ts). */
    gate?: (request: FastifyRequest) => Promise<void>;
  } = {},
): void {
  app.route({
    method: definition.method,
    url: definition.path,
    config: {
      access: definition.access,
      docs: { access: definition.access, file: definition.file, throttled: definition.throttled },
    },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.compiledSerializer
      ? {
          // Fastify's types want a string; it sends a Buffer as it is (its length is the header).
          serializerCompiler: () =>
            compiledEnvelopeSerializer(definition.result) as (data: unknown) => string,
        }
      : {}),
    schema: {
      tags: [definition.tag],
      summary: definition.summary,
      ...(definition.body ? { body: definition.body } : {}),
      ...(definition.query ? { querystring: definition.query } : {}),
      ...(definition.params ? { params: definition.params } : {}),
      response: { 200: envelopeSchema(definition.result) },
    },
    preValidation: async (request) => {
      if (options.gate) await options.gate(request);
      // A big body (results batches) is walked three times; other requests get a turn in between.
      const big = Number(request.headers['content-length'] ?? 0) > BIG_BODY_BYTES;
      // NUL and lone surrogates are refused everywhere (PostData too, once unwrapped), whatever the schema.
      assertStorableInput(request.query);
      assertStorableInput(request.params);
      if (definition.body) {
        let body: unknown;
        try {
          body = unwrapPostData(request.body ?? {});
        } catch (error) {
          if (error instanceof PostDataError) throw badRequest('errors.invalidPostData');
          throw error;
        }
        if (big) await nextTurn();
        assertStorableInput(body);
        if (big) await nextTurn();
        request.body = normalizeKeys(body, definition.body);
        if (big) await nextTurn();
        const parsed =
          big && options.parseBodyInTurns ? await options.parseBodyInTurns(request.body) : undefined;
        if (parsed) {
          markValidated(parsed);
          request.body = parsed;
        }
      } else {
        assertStorableInput(request.body);
      }
      if (definition.query) request.query = normalizeKeys(request.query, definition.query);
    },
    handler: async (request, reply) => {
      let message: { key: MessageKey; params?: MessageParams } = { key: 'common.success' };
      const context: HandlerContext<R> = {
        body: request.body as RouteBody<R>,
        query: request.query as RouteQuery<R>,
        params: request.params as RouteParams<R>,
        request,
        reply,
        get user() {
          if (!request.auth) throw unauthorized();
          return request.auth;
        },
        get operator() {
          if (!request.operator) throw unauthorized();
          return request.operator;
        },
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        setMessage: (key, params) => {
          message = { key, params };
        },
      };
      const result = await handler(context);
      if (result === REPLY_SENT) return reply;
      return sendEnvelope(reply, 200, successEnvelope(request, result ?? null, message.key, message.params));
    },
  });
}
