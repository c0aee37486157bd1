import type { RouteDefinition, RouteResult } from '@measure/contract';
import { notify } from '../feedback/notify.ts';
import { i18n } from '../i18n/index.ts';
import type { QualifiedKey } from '../i18n/types.ts';
import { getSession } from '../storage/session.ts';
import { buildUrl, requestHeaders } from './client.ts';
import { ApiError } from './errors.ts';
import type { RouteRef } from './routes.ts';
import { handleUnauthorized } from './unauthorized.ts';

export interface ProgressUploadOptions {
  /** Called as the body goes out: bytes sent and the total. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

function failure(key: QualifiedKey<'common'>, quiet = false): ApiError {
  const message = i18n.t(key);
  if (!quiet) notify.error(message);
  return new ApiError(500, message, null, !quiet);
}

/**
 * Sends a multipart form to a contract route with upload progress (fetch cannot report it, so this
 * uses XMLHttpRequest), and reads the envelope like `callApi`: Code 0 gives the Result, any other
 * Code throws ApiError; 401, 5xx and network failures are shown here.
 */
export function uploadWithProgress<R extends RouteDefinition>(
  route: RouteRef<R>,
  form: FormData,
  options: ProgressUploadOptions = {},
): Promise<RouteResult<R>> {
  const token = getSession()?.token;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(route.method, buildUrl(route, undefined));
    for (const [name, value] of Object.entries(requestHeaders('application/json', token))) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    request.onerror = () => reject(failure('common:fetch005'));
    request.onabort = () => reject(failure('common:fetch004', true));
    request.onload = () => {
      if (request.status === 401) {
        handleUnauthorized(token);
        reject(new ApiError(401, i18n.t('common:fetch002'), null, true));
        return;
      }
      if (request.status >= 500) {
        reject(failure('common:fetch003'));
        return;
      }
      let envelope: { Code?: unknown; Message?: unknown; Result?: unknown };
      try {
        envelope = JSON.parse(request.responseText) as typeof envelope;
      } catch {
        reject(failure('common:fetch005'));
        return;
      }
      if (typeof envelope.Code !== 'number') reject(failure('common:fetch005'));
      else if (envelope.Code === 0) resolve(envelope.Result as RouteResult<R>);
      else {
        const message = typeof envelope.Message === 'string' ? envelope.Message : '';
        reject(new ApiError(envelope.Code, message, envelope.Result ?? null));
      }
    };
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
