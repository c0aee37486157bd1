import { useEffect } from 'react';

/**
 * The app shell's one live connection per tab (measurement-api.md section 10): open while a session
 * is, closed on sign-out. Its code (and the contract's event schemas) load after the shell has
 * rendered, so neither the login page nor the shell's first paint waits for it.
 */
export function useLiveEvents(token: string | null): void {
  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | null = null;
    let left = false;
    void import('./liveSession.ts').then(({ startLiveEvents }) => {
      if (!left) stop = startLiveEvents(token);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [token]);
}
