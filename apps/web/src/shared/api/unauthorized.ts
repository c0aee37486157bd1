import { i18n } from '../i18n/index.ts';
import { notify } from '../feedback/notify.ts';
import { getEmbeddedPort } from '../storage/embedded.ts';
import { clearSession, getSession } from '../storage/session.ts';
import { getBasename, loginPathFor, subsystemOf, withBasename } from '../routing/paths.ts';

/** Spec section 9: redirect delay after 401. */
export const UNAUTHORIZED_REDIRECT_MS = 2000;

const sessionEndListeners = new Set<() => void>();

/** Lets the app drop cached user data (query cache, visited pages) when the session ends. */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

export function endSession(): void {
  clearSession();
  for (const listener of sessionEndListeners) listener();
}

/** Where a 401 sends the browser: the local surface in embedded mode, else the sub-system's login. */
export function unauthorizedTarget(): string {
  const port = getEmbeddedPort();
  if (port) return `http://127.0.0.1:${port}/`;
  const basename = getBasename();
  return withBasename(loginPathFor(subsystemOf(window.location.pathname, basename)), basename);
}

let redirectPending = false;

/**
 * Spec section 8, HTTP 401: session removed, fetch002 shown, browser leaves after 2 s (once for many
 * 401s). `sentToken` is the token the refused request carried: a 401 only ends the session that made
 * the request, so a late answer to a request of a session already signed out (or one sent without a
 * session) changes nothing, and the redirect is dropped when a new session has started meanwhile.
 */
export function handleUnauthorized(sentToken: string | undefined): void {
  const session = getSession();
  if (!sentToken || !session || session.token !== sentToken) return;
  endSession();
  if (redirectPending) return;
  redirectPending = true;
  notify.error(i18n.t('common:fetch002'));
  window.setTimeout(() => {
    redirectPending = false;
    if (getSession()) return;
    window.location.assign(unauthorizedTarget());
  }, UNAUTHORIZED_REDIRECT_MS);
}
