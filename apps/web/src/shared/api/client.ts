import type { RouteBodyInput, RouteDefinition, RouteResult } from '@measure/contract';
import type { z } from 'zod';
import { currentLanguage, i18n } from '../i18n/index.ts';
import { notify } from '../feedback/notify.ts';
import { getSession } from '../storage/session.ts';
import { createDeduper, requestKey } from './dedupe.ts';
import { ApiError } from './errors.ts';
import { handleUnauthorized } from './unauthorized.ts';

import type { RouteRef } from './routes.ts';
import type { QualifiedKey } from '../i18n/types.ts';

type QueryInput<R> =
  R extends RouteDefinition<z.ZodType, z.ZodType | undefined, infer Q>
    ? Q extends z.ZodType
      ? z.input<Q>
      : undefined
    : never;

type ParamsInput<R> =
  R extends RouteDefinition<z.ZodType, z.ZodType | undefined, z.ZodType | undefined, infer P>
    ? P extends z.ZodType
      ? z.input<P>
      : undefined
    : never;

/** Query and path parameters together (`/GetSubOrgs/:id` takes `{ id }`). */
type UrlInput<R> =
  ParamsInput<R> extends undefined
    ? QueryInput<R>
    : QueryInput<R> extends undefined
      ? ParamsInput<R>
      : QueryInput<R> & ParamsInput<R>;

/** What a call takes: the body for routes with a body, else the path parameters and the query. */
export type RouteInput<R> = RouteBodyInput<R> extends undefined ? UrlInput<R> : RouteBodyInput<R>;

export interface CallOptions {
  signal?: AbortSignal;
  /** No global handling: no messages and no 401 redirect (best-effort calls such as a stale logout). */
  quiet?: boolean;
  /** Send this session token instead of the current one (sign-out tells the server after the local session ended). */
  token?: string;
}

type CallArgs<R> =
  undefined extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: CallOptions]
    : [input: RouteInput<R>, options?: CallOptions];

/** Spec section 7: identical concurrent requests for these paths share one request. */
const DEDUPED_PATHS = new Set(['/api/sys/user/getcompanyuserlist']);
const dedupe = createDeduper();

export function buildUrl(route: RouteRef<RouteDefinition>, input: unknown): string {
  // The API answers at the server root whatever BASE_PATH the pages use (design.md: paths exactly as in the spec).
  const values: Record<string, unknown> = input && typeof input === 'object' ? { ...input } : {};
  // Path parameters (`:id`) are filled from the input and not repeated in the query.
  let url = route.path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = values[name];
    delete values[name];
    return encodeURIComponent(String(value ?? ''));
  });
  if (route.method === 'GET') {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) {
      if (value !== undefined && value !== null) query.set(key, String(value));
    }
    const text = query.toString();
    if (text) url += `?${text}`;
  }
  return url;
}

function clientFailure(key: QualifiedKey<'common'>, options: CallOptions): ApiError {
  const message = i18n.t(key);
  if (!options.quiet) notify.error(message);
  return new ApiError(500, message, null, !options.quiet);
}

/** The headers of every call: language and, when signed in, the session token. */
export function requestHeaders(
  accept = 'application/json',
  token: string | undefined = getSession()?.token,
): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': currentLanguage() };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function send(
  route: RouteRef<RouteDefinition>,
  input: unknown,
  options: CallOptions,
): Promise<unknown> {
  // The token is kept with the request: its 401 only acts on the session that sent it.
  const token = options.token ?? getSession()?.token;
  const headers = requestHeaders('application/json', token);
  const hasBody = route.method === 'POST';
  // A FormData body (file upload) sets its own multipart Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && input instanceof FormData;
  if (hasBody && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(buildUrl(route, input), {
      method: route.method,
      headers,
      body: hasBody ? (isForm ? input : JSON.stringify(input ?? {})) : undefined,
      signal: options.signal,
    });
    if (response.status === 401) {
      if (!options.quiet) handleUnauthorized(token);
      throw new ApiError(401, i18n.t('common:fetch002'), null, !options.quiet);
    }
    if (response.status >= 500) throw clientFailure('common:fetch003', options);
    body = await response.json();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof DOMException && error.name === 'AbortError') {
      // A cancellation the caller asked for (page left) is deliberate and stays silent.
      throw clientFailure('common:fetch004', { ...options, quiet: options.quiet || options.signal?.aborted });
    }
    throw clientFailure('common:fetch005', options);
  }

  if (!body || typeof body !== 'object' || typeof (body as { Code?: unknown }).Code !== 'number') {
    throw clientFailure('common:fetch005', options);
  }
  const envelope = body as { Code: number; Message?: unknown; Result?: unknown };
  if (envelope.Code === 0) return envelope.Result;
  throw new ApiError(
    envelope.Code,
    typeof envelope.Message === 'string' ? envelope.Message : '',
    envelope.Result ?? null,
  );
}

/** Calls one contract route and returns its unwrapped Result; failures throw ApiError. */
export function callApi<R extends RouteDefinition>(
  route: RouteRef<R>,
  ...args: CallArgs<R>
): Promise<RouteResult<R>> {
  const [input, options = {}] = args as [unknown, CallOptions | undefined];
  if (DEDUPED_PATHS.has(route.path.toLowerCase())) {
    // A shared request cannot be cancelled by one of its callers, so it runs without their signal.
    const shared = { quiet: options.quiet, token: options.token };
    return dedupe(requestKey(route.method, route.path, input), () => send(route, input, shared)) as Promise<
      RouteResult<R>
    >;
  }
  return send(route, input, options) as Promise<RouteResult<R>>;
}

export interface UploadOptions extends CallOptions {
  /** Text fields sent with the file (HouseMapUpdate: ProjectId, Name, ...); they go before the file. */
  fields?: Record<string, string | number | boolean | null | undefined>;
}

/**
 * Uploads one file as multipart/form-data to a route that takes a file instead of a JSON body
 * (ImportPreview, HouseMapUpdate); the answer is the usual envelope.
 */
export function uploadFile<R extends RouteDefinition>(
  route: RouteRef<R>,
  file: Blob,
  fileName: string,
  options: UploadOptions = {},
): Promise<RouteResult<R>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  form.append('file', file, fileName);
  return send(route, form, options) as Promise<RouteResult<R>>;
}
