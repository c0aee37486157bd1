import type { createBrowserRouter } from 'react-router';
import { isRouteHandle } from '../../shared/routing/handle.ts';
import { withoutBasename } from '../../shared/routing/paths.ts';
import { visitedPages } from './visitedStore.ts';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The id of the route that draws the shell (its pages get page tabs). */
export const SHELL_ROUTE_ID = 'shell';

/**
 * Records every page the shell shows as a page tab, with the query string it was last shown with.
 * It listens to the router, not to renders of the shell: router updates render as React
 * transitions, and a click that navigates again before one commits (a chosen detail tab, then at
 * once another menu entry) makes React skip the address in between, so its tab would keep an older
 * query string.
 */
export function followVisitedPages(router: AppRouter, basename: string): () => void {
  const record = (state: AppRouter['state']) => {
    if (!state.initialized || state.navigation.state !== 'idle') return;
    if (!state.matches.some((match) => match.route.id === SHELL_ROUTE_ID)) return;
    const handle = state.matches
      .map((match) => match.route.handle)
      .filter(isRouteHandle)
      .at(-1);
    if (!handle || handle.noTab) return;
    visitedPages.add({
      path: withoutBasename(state.location.pathname, basename),
      search: state.location.search || undefined,
      titleKey: handle.titleKey,
    });
  };
  record(router.state);
  return router.subscribe(record);
}
