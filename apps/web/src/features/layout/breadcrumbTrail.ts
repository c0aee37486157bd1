import { useEffect, useSyncExternalStore } from 'react';

/** A crumb between the parent menu page and the current page: a record the page belongs to. */
export interface Crumb {
  title: string;
  /** Where the crumb leads (an app path with its query string). */
  to?: string;
}

let trail: readonly Crumb[] = [];
const listeners = new Set<() => void>();
const set = (next: readonly Crumb[]) => {
  trail = next;
  for (const listener of listeners) listener();
};

/**
 * A child page names the records it lies under (its project, for example), shown between the
 * parent menu page and its own title in the shell's breadcrumbs; cleared when the page goes.
 */
export function useBreadcrumbTrail(crumbs: readonly Crumb[]): void {
  const key = JSON.stringify(crumbs);
  useEffect(() => {
    set(JSON.parse(key) as Crumb[]);
    return () => set([]);
  }, [key]);
}

export function useCurrentTrail(): readonly Crumb[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => trail,
  );
}
