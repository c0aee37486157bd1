import type { RouteDefinition } from '@measure/contract';
import { notify } from '../feedback/notify.ts';
import { i18n } from '../i18n/index.ts';
import { getSession } from '../storage/session.ts';
import { buildUrl, requestHeaders } from './client.ts';
import { ApiError } from './errors.ts';
import type { RouteRef } from './routes.ts';
import { handleUnauthorized } from './unauthorized.ts';
import type { QualifiedKey } from '../i18n/types.ts';

/** The file name of a Content-Disposition header: `filename*` (UTF-8) first, then `filename`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // a broken encoding: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition)?.[1];
  return plain?.trim() || fallback;
}

function failure(key: QualifiedKey<'common'>): ApiError {
  const message = i18n.t(key);
  notify.error(message);
  return new ApiError(500, message, null, true);
}

/**
 * Fetches a file route (answered with the file instead of an envelope) with the session header:
 * GET routes (ImportTemplate) without a body, POST routes (GetHouseMapBase, DownloadDxfById) with
 * `input` as the JSON body. Failures throw ApiError like `callApi`.
 */
export async function fetchFile<R extends RouteDefinition>(
  route: RouteRef<R>,
  input?: unknown,
): Promise<{ blob: Blob; disposition: string | null; headers: Headers }> {
  const response = await fileResponse(route, input);
  return {
    blob: await response.blob(),
    disposition: response.headers.get('content-disposition'),
    headers: response.headers,
  };
}

/**
 * The bytes of a file route (see `fetchFile`), read straight into memory: for a file the page
 * decodes itself (the editor's plan scene), which a Blob would first hand to the browser's storage.
 */
export async function fetchFileBytes<R extends RouteDefinition>(
  route: RouteRef<R>,
  input?: unknown,
): Promise<ArrayBuffer> {
  return (await fileResponse(route, input)).arrayBuffer();
}

/** The answer of a file route, once it is known to carry the file (a refusal throws ApiError). */
async function fileResponse<R extends RouteDefinition>(
  route: RouteRef<R>,
  input?: unknown,
): Promise<Response> {
  let response: Response;
  const post = route.method === 'POST';
  const token = getSession()?.token;
  const headers = requestHeaders('*/*', token);
  if (post) headers['Content-Type'] = 'application/json';
  try {
    response = await fetch(buildUrl(route, post ? undefined : input), {
      method: route.method,
      headers,
      body: post ? JSON.stringify(input ?? {}) : undefined,
    });
  } catch {
    throw failure('common:fetch005');
  }
  if (response.status === 401) {
    handleUnauthorized(token);
    throw new ApiError(401, i18n.t('common:fetch002'), null, true);
  }
  if (response.status >= 500) throw failure('common:fetch003');
  if (response.headers.get('content-type')?.includes('application/json')) {
    // A refusal (403, 404 and the like) comes as the usual envelope.
    const envelope = (await response.json()) as { Code?: number; Message?: string; Result?: unknown };
    throw new ApiError(envelope.Code ?? 500, envelope.Message ?? '', envelope.Result ?? null);
  }
  return response;
}

/** Fetches a file route (see `fetchFile`) and hands it to the browser as a download; returns its name. */
export async function downloadFile<R extends RouteDefinition>(
  route: RouteRef<R>,
  fallbackName: string,
  input?: unknown,
): Promise<string> {
  const { blob, disposition } = await fetchFile(route, input);
  const name = fileNameOf(disposition, fallbackName);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
