import type { PageResult, RouteBody, operatorConsoleRoutes } from '@measure/contract';

/** The parsed body of a console route. */
export type ConsoleBody<K extends keyof typeof operatorConsoleRoutes> = RouteBody<
  (typeof operatorConsoleRoutes)[K]
>;

/** A page request's window, as the console repositories take it. */
export const windowOf = (body: { PageSize: number; CurrentPage: number }) => ({
  limit: body.PageSize,
  offset: (body.CurrentPage - 1) * body.PageSize,
});

/** The page answer of a console list: the rows mapped to their contract shape. */
export function pageOf<R, T>(
  body: { PageSize: number; CurrentPage: number },
  found: { rows: readonly R[]; total: number },
  toItem: (row: R) => T,
): PageResult<T> {
  return {
    Items: found.rows.map(toItem),
    Total: found.total,
    PageSize: body.PageSize,
    CurrentPage: body.CurrentPage,
  };
}
