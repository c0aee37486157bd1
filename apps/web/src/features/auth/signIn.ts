import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { encodeLoginField } from '../../shared/crypto/loginCipher.ts';
import { SUBSYSTEM } from '../../shared/routing/paths.ts';
import { saveSession } from '../../shared/storage/session.ts';

/** The route name stored as the session's entry: where a signed-in user starts. */
export const ENTRY_ROUTE = 'mscProjectList';
/** Where the platform operator starts: the operator console (it sees no company page). */
export const OPERATOR_ENTRY_ROUTE = 'consoleCompanies';

/** AuthLogin's Result: a token, or "<message>#<token>" when the password must be changed first. */
export interface LoginOutcome {
  token: string;
  mustChangeMessage: string | null;
}

export function parseLoginResult(result: string): LoginOutcome {
  const hash = result.indexOf('#');
  if (hash < 0) return { token: result, mustChangeMessage: null };
  return { token: result.slice(hash + 1), mustChangeMessage: result.slice(0, hash) };
}

export async function authenticate(username: string, password: string): Promise<LoginOutcome> {
  const [Email, Password] = await Promise.all([encodeLoginField(username), encodeLoginField(password)]);
  const result = await callApi(routes.auth.authLogin, { Email, Password, TokenType: 'web' });
  return parseLoginResult(result);
}

/**
 * The query cache and the user info query, loaded when a sign-in starts rather than with the login
 * page: the shell needs them next anyway.
 */
async function loadQueries() {
  const [{ queryClient }, { selfQuery }] = await Promise.all([
    import('../../shared/api/queryClient.ts'),
    import('./selfQuery.ts'),
  ]);
  return { queryClient, selfQuery };
}

export async function startSession(userName: string, token: string): Promise<void> {
  const { queryClient } = await loadQueries();
  queryClient.clear();
  await saveSession({ userName, token, entry: ENTRY_ROUTE });
}

/**
 * Loads the user info the shell needs; the session name follows the profile (ticket logins have none).
 * Answers the path to land on: the operator console for the platform operator.
 */
export async function loadSelfInto(token: string): Promise<string> {
  const { queryClient, selfQuery } = await loadQueries();
  const self = await queryClient.fetchQuery(selfQuery);
  const entry = self.IsOperator ? OPERATOR_ENTRY_ROUTE : ENTRY_ROUTE;
  await saveSession({ userName: self.Name || self.Email, token, entry });
  return `/${SUBSYSTEM.cloud}/${entry}`;
}

// The version notice is fetched once after a successful login (spec section 4), by the shell.
let freshSignIn = false;
export function markFreshSignIn(): void {
  freshSignIn = true;
}
export function takeFreshSignIn(): boolean {
  const value = freshSignIn;
  freshSignIn = false;
  return value;
}
