import { redirect } from 'react-router';
import { callApi } from '../shared/api/client.ts';
import { routes } from '../shared/api/routes.ts';
import { endSession } from '../shared/api/unauthorized.ts';
import { LANDING_PATH, loginPathFor, SUBSYSTEM } from '../shared/routing/paths.ts';
import { getSession } from '../shared/storage/session.ts';

/** Protected cloud pages: without a session the user goes to the sub-system's login. */
export function requireSession() {
  return getSession() ? null : redirect(loginPathFor(SUBSYSTEM.cloud));
}

/** `/measurerobot` itself: the landing page when signed in (the session's entry), else the login. */
export function cloudIndex() {
  const session = getSession();
  if (!session) return redirect(loginPathFor(SUBSYSTEM.cloud));
  return redirect(session.entry ? `/${SUBSYSTEM.cloud}/${session.entry}` : LANDING_PATH);
}

/** Spec section 2: opening a login route while signed in clears the stored session and user info. */
export function leaveSessionOnLogin() {
  const token = getSession()?.token;
  if (token) {
    endSession();
    // Revoke the old token on the server too; it is best-effort and must not trigger the 401 flow.
    void callApi(routes.auth.logout, undefined, { quiet: true, token }).catch(() => undefined);
  }
  return null;
}
