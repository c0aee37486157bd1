import type { ComponentType } from 'react';
import type { RouteHandle } from '../shared/routing/handle.ts';

/** Spec section 9: a page chunk that has not arrived after 120 s counts as failed (the error page offers a reload). */
const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(loading: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Page chunk load timed out')), CHUNK_TIMEOUT_MS);
    loading.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Every page is its own chunk, loaded when its route is first matched. */
export const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await withTimeout(load())).default,
});
export const title = (titleKey: RouteHandle['titleKey'], noTab?: boolean): RouteHandle => ({
  titleKey,
  noTab,
});
