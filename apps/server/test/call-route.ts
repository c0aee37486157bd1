/**
 * `callRoute(app, apiRoutes.group.name, input, { as })`: one API call typed by its contract route.
 * The method and path come from the route; the input goes where the route expects it (JSON body,
 * query string, or `:name` path parameters); the answer is the route's typed envelope.
 */
import type { Envelope, RouteDefinition, RouteResult } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ApiResponse } from './app.ts';

type InputOf<T> = T extends z.ZodType ? z.input<T> : undefined;

/**
 * What a test sends to a route: its body (with its path parameters, when it has both), else its
 * query, else its path parameters (before transforms).
 */
export type RouteInput<R> =
  R extends RouteDefinition<z.ZodType, infer B, infer Q, infer P>
    ? B extends z.ZodType
      ? P extends z.ZodType
        ? InputOf<B> & InputOf<P>
        : InputOf<B>
      : Q extends z.ZodType
        ? InputOf<Q>
        : P extends z.ZodType
          ? InputOf<P>
          : undefined | Record<string, never>
    : never;

/** Who calls: a session token, or anything that has one (a user from the factories). */
export type Caller = string | { token: string };

export interface CallOptions {
  /** Signed in as this user (or token); anonymous without it. */
  as?: Caller;
  lang?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export const tokenOf = (caller: Caller): string => (typeof caller === 'string' ? caller : caller.token);

function queryString(input: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Like `callRoute`, with the HTTP status and headers (for tests on them). */
export async function callRouteResponse<R extends RouteDefinition>(
  app: FastifyInstance,
  route: R,
  input: RouteInput<R>,
  options: CallOptions = {},
): Promise<ApiResponse<RouteResult<R>>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.as !== undefined) headers.authorization = `Bearer ${tokenOf(options.as)}`;
  if (options.lang) headers['accept-language'] = options.lang;
  const fields = (input ?? {}) as Record<string, unknown>;
  let url = route.path;
  if (route.params) {
    url = url.replace(/:([A-Za-z_]\w*)/g, (_, name: string) =>
      encodeURIComponent(String(fields[name] ?? '')),
    );
  }
  let payload: object | undefined;
  if (route.body) payload = fields;
  else if (route.query) url += queryString(fields);
  const response = await app.inject({
    method: route.method,
    url,
    headers,
    remoteAddress: options.ip,
    ...(payload === undefined ? {} : { payload }),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.json<Envelope<RouteResult<R>>>(),
  };
}

/** One call of a contract route; returns `{ Code, Message, Result }` typed by the route. */
export async function callRoute<R extends RouteDefinition>(
  app: FastifyInstance,
  route: R,
  input: RouteInput<R>,
  options: CallOptions = {},
): Promise<Envelope<RouteResult<R>>> {
  return (await callRouteResponse(app, route, input, options)).body;
}

/** `callRoute` that fails the test unless Code is 0, and returns the Result. */
export async function callRouteOk<R extends RouteDefinition>(
  app: FastifyInstance,
  route: R,
  input: RouteInput<R>,
  options: CallOptions = {},
): Promise<RouteResult<R>> {
  const envelope = await callRoute(app, route, input, options);
  if (envelope.Code !== 0) {
    throw new Error(`${route.method} ${route.path} answered ${JSON.stringify(envelope)}`);
  }
  return envelope.Result;
}
