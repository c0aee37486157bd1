import { useSyncExternalStore } from 'react';
import { getEmbeddedPort } from '../../../shared/storage/embedded.ts';
import { isLargeTabletScreen } from './largeScreen.ts';

/**
 * Surface mode (spec sections 2 and 9): the platform was opened by the local surface through the
 * external login (flag and port stored by `captureExternalLogin`) on one of the large tablet
 * screens. Either alone changes nothing: an external login on a desktop monitor keeps the normal
 * layout, and a tablet signed in by password is not a surface.
 */
export function isSurfaceMode(): boolean {
  if (typeof window === 'undefined' || !window.screen) return false;
  return getEmbeddedPort() !== null && isLargeTabletScreen(window.screen, window.devicePixelRatio);
}

// Turning the tablet or moving the window to another monitor fires resize; a sign-in in another
// tab changes the stored flag (storage event).
function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useSurfaceMode(): boolean {
  return useSyncExternalStore(subscribe, isSurfaceMode, () => false);
}
