import { useCallback, useEffect, useReducer } from 'react';

/** Spec section 9: after leaving full screen the user has 3 minutes to configure, then it returns. */
export const FULLSCREEN_RETURN_MS = 3 * 60_000;

/**
 * `prompt`: not in full screen and a user gesture is needed (at start, or after the browser refused
 * the automatic return); `full`: in full screen; `countdown`: the user left, the return is due at
 * `deadline`; `off`: the browser offers no full screen here (an iframe without the permission, a
 * refusal despite a tap), so the app is used as it is rather than blocked.
 */
export type FullscreenPhase = 'off' | 'prompt' | 'full' | 'countdown';

interface State {
  phase: FullscreenPhase;
  deadline: number | null;
  /** The clock as of the last countdown tick. */
  now: number;
}

type Action =
  | { type: 'start'; enabled: boolean }
  | { type: 'entered' }
  | { type: 'left'; now: number }
  | { type: 'tick'; now: number }
  | { type: 'refused' }
  | { type: 'unavailable' };

function startState(enabled: boolean): State {
  const now = Date.now();
  if (!enabled || !document.fullscreenEnabled) return { phase: 'off', deadline: null, now };
  return { phase: document.fullscreenElement ? 'full' : 'prompt', deadline: null, now };
}

function reduce(state: State, action: Action): State {
  switch (action.type) {
    case 'start':
      return startState(action.enabled);
    case 'entered':
      return state.phase === 'off' ? state : { ...state, phase: 'full', deadline: null };
    case 'left':
      // Only leaving full screen starts the time; a prompt stays a prompt.
      return state.phase === 'full'
        ? { phase: 'countdown', deadline: action.now + FULLSCREEN_RETURN_MS, now: action.now }
        : state;
    case 'tick':
      return { ...state, now: action.now };
    case 'refused':
      return state.phase === 'off' ? state : { ...state, phase: 'prompt', deadline: null };
    case 'unavailable':
      return { ...state, phase: 'off', deadline: null };
  }
}

/** Asks for full screen on the whole document; false when the browser refuses. */
async function requestFullscreen(): Promise<boolean> {
  try {
    await document.documentElement.requestFullscreen();
    return true;
  } catch {
    return false;
  }
}

export interface FullscreenReturn {
  phase: FullscreenPhase;
  /** Whole seconds left of the countdown (0 outside it). */
  secondsLeft: number;
  /** Enters full screen now: call it from a user gesture (a tap or key press). */
  enterNow: () => void;
}

/**
 * Keeps surface mode in full screen. Browsers grant full screen only during a user gesture, so the
 * first entry is the user's tap on the prompt; leaving full screen (Esc, the browser's own control)
 * starts a 3-minute countdown, entering again earlier cancels it, and at its end full screen is asked
 * for again; when the browser refuses that without a gesture, the prompt comes back.
 */
export function useFullscreenReturn(enabled: boolean): FullscreenReturn {
  const [state, dispatch] = useReducer(reduce, enabled, startState);

  useEffect(() => {
    dispatch({ type: 'start', enabled });
    if (!enabled) return;
    const onChange = () =>
      dispatch(document.fullscreenElement ? { type: 'entered' } : { type: 'left', now: Date.now() });
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [enabled]);

  const { phase, deadline, now } = state;
  useEffect(() => {
    if (phase !== 'countdown' || deadline === null) return;
    const tick = window.setInterval(() => dispatch({ type: 'tick', now: Date.now() }), 1000);
    const due = window.setTimeout(
      () =>
        void requestFullscreen().then((entered) => {
          if (!entered) dispatch({ type: 'refused' });
        }),
      Math.max(0, deadline - Date.now()),
    );
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(due);
    };
  }, [phase, deadline]);

  const enterNow = useCallback(() => {
    void requestFullscreen().then((entered) => {
      // Refused even with a gesture: this browser gives no full screen here; do not block the app.
      if (!entered) dispatch({ type: 'unavailable' });
    });
  }, []);

  const secondsLeft =
    phase === 'countdown' && deadline !== null ? Math.max(0, Math.ceil((deadline - now) / 1000)) : 0;
  return { phase, secondsLeft, enterNow };
}
