import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type StoredSession } from './session.ts';

export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, getSession);
}
