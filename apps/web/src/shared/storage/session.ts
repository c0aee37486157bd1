import { getDeviceKey } from './deviceKey.ts';
import { createSecureStore, type SecureStore } from './secureStore.ts';

/** Spec section 3: the stored session. `entry` is the route name the user entered through. */
export interface StoredSession {
  userName: string;
  token: string;
  entry: string;
}

/** Spec section 3: the remembered login of the login form. */
export interface RememberedLogin {
  username: string;
  password: string;
  rememberPassword: boolean;
}

const SESSION_KEY = 'measure.session';
const REMEMBERED_KEY = 'measure.rememberedLogin';

let store: SecureStore | null = null;
function secureStore(): SecureStore {
  store ??= createSecureStore(getDeviceKey, localStorage);
  return store;
}

// Decryption is asynchronous, so the session is read once at start-up and then served from memory.
let current: StoredSession | null = null;
const listeners = new Set<() => void>();

function publish(next: StoredSession | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export async function loadSession(): Promise<StoredSession | null> {
  const stored = await secureStore()
    .get<StoredSession>(SESSION_KEY)
    .catch(() => null);
  current = stored && typeof stored.token === 'string' && stored.token ? stored : null;
  return current;
}

export function getSession(): StoredSession | null {
  return current;
}

export async function saveSession(session: StoredSession): Promise<void> {
  publish(session);
  await secureStore().set(SESSION_KEY, session);
}

export function clearSession(): void {
  secureStore().remove(SESSION_KEY);
  if (current) publish(null);
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function loadRememberedLogin(): Promise<RememberedLogin | null> {
  return secureStore()
    .get<RememberedLogin>(REMEMBERED_KEY)
    .catch(() => null);
}

export async function saveRememberedLogin(login: RememberedLogin): Promise<void> {
  await secureStore().set(REMEMBERED_KEY, login);
}

export function forgetRememberedLogin(): void {
  secureStore().remove(REMEMBERED_KEY);
}
