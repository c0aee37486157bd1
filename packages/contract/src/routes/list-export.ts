import { z } from 'zod';
import { defineRoute, type RouteDefinition } from './define.ts';
import { xlsxAttachment } from './file-answers.ts';

/** Most rows one Excel export of a list holds (the list's filters narrow it further). */
export const LIST_EXPORT_MAX_ROWS = 10_000;

/** An export's filter as its list's page request: the first LIST_EXPORT_MAX_ROWS rows, the list's order. */
export function exportPageOf<F extends object>(filter: F): F & { PageSize: number; CurrentPage: number } {
  return { ...filter, PageSize: LIST_EXPORT_MAX_ROWS, CurrentPage: 1 };
}

type PagedShape = { PageSize: z.ZodType; CurrentPage: z.ZodType } & z.ZodRawShape;

/**
 * The Excel export of a paged list: the list's filters and order without paging, answered as an
 * .xlsx attachment (not an envelope) of at most LIST_EXPORT_MAX_ROWS rows. Same access as the list.
 */
export function listExportRoute<S extends PagedShape>(
  list: RouteDefinition<z.ZodType, z.ZodObject<S>>,
  path: string,
  what: string,
) {
  if (!list.body) throw new Error(`${list.path} has no body to export by`);
  return defineRoute({
    method: 'POST',
    path,
    access: list.access,
    tag: list.tag,
    summary: `${what} with the filters and order of ${list.path}, as an .xlsx attachment (not an envelope): at most ${LIST_EXPORT_MAX_ROWS} rows`,
    body: list.body.omit({
      PageSize: true as const,
      CurrentPage: true as const,
    } as never) as unknown as z.ZodObject<Omit<S, 'PageSize' | 'CurrentPage'>>,
    result: z.null(),
    file: xlsxAttachment,
  });
}
