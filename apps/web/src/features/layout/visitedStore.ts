import { useSyncExternalStore } from 'react';
import { onSessionEnd } from '../../shared/api/unauthorized.ts';
import {
  addPage,
  keepOnly,
  removeAllPages,
  removePage,
  replacePage,
  type VisitedPage,
} from './visitedPages.ts';

/** Open tabs survive a reload of this browser tab (paths and title keys only, nothing sensitive). */
const STORAGE_KEY = 'measure.visitedPages';

function read(): VisitedPage[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (item): item is VisitedPage =>
            typeof item?.path === 'string' && typeof item?.titleKey === 'string' && item.path.startsWith('/'),
        )
      : [];
  } catch {
    return [];
  }
}

let pages: VisitedPage[] = read();
const listeners = new Set<() => void>();

function set(next: VisitedPage[]): void {
  pages = next;
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

export const visitedPages = {
  get: () => pages,
  add: (page: VisitedPage) => set(addPage(pages, page)),
  remove: (path: string) => set(removePage(pages, path)),
  removeAll: () => set(removeAllPages()),
  replace: (oldPath: string, page: VisitedPage) => set(replacePage(pages, oldPath, page)),
  keepOnly: (path: string) => set(keepOnly(pages, path)),
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

onSessionEnd(() => visitedPages.removeAll());

export function useVisitedPages(): VisitedPage[] {
  return useSyncExternalStore(visitedPages.subscribe, visitedPages.get);
}
