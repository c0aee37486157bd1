import { notify } from '../feedback/notify.ts';
import { isApiError } from './errors.ts';

/** Shows a failure unless the client already did (401, 500 and network failures are shown centrally). */
export function showError(error: unknown, fallback = ''): void {
  if (isApiError(error)) {
    if (!error.shown) notify.error(error.message || fallback);
    return;
  }
  if (fallback) notify.error(fallback);
  else console.error(error);
}
