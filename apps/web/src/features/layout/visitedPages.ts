import type { TitleKey } from '../../shared/routing/handle.ts';

/** One open page tab: its path, the title key from its route metadata, and its query string. */
export interface VisitedPage {
  path: string;
  titleKey: TitleKey;
  /** `?id=...` of an edit page, so its tab opens the same record again. */
  search?: string;
}

/** Where a tab leads: its path with the query string it was last shown with. */
export const locationOf = (page: VisitedPage) => `${page.path}${page.search ?? ''}`;

/** Spec section 2: visited pages can be added, removed, all removed or replaced; paths never repeat. */
export function addPage(pages: readonly VisitedPage[], page: VisitedPage): VisitedPage[] {
  const index = pages.findIndex((item) => item.path === page.path);
  if (index < 0) return [...pages, page];
  const current = pages[index];
  if (current?.titleKey === page.titleKey && (current.search ?? '') === (page.search ?? ''))
    return [...pages];
  return pages.map((item, i) => (i === index ? page : item));
}

export function removePage(pages: readonly VisitedPage[], path: string): VisitedPage[] {
  return pages.filter((item) => item.path !== path);
}

export function removeAllPages(): VisitedPage[] {
  return [];
}

/** Puts `page` where `oldPath` was; another entry with the new path is dropped to keep paths unique. */
export function replacePage(
  pages: readonly VisitedPage[],
  oldPath: string,
  page: VisitedPage,
): VisitedPage[] {
  if (!pages.some((item) => item.path === oldPath)) return addPage(pages, page);
  return pages
    .filter((item) => item.path === oldPath || item.path !== page.path)
    .map((item) => (item.path === oldPath ? page : item));
}

export function keepOnly(pages: readonly VisitedPage[], path: string): VisitedPage[] {
  return pages.filter((item) => item.path === path);
}

/** The page to show after closing `path`: its right neighbour, else its left one. */
export function neighbourOf(pages: readonly VisitedPage[], path: string): VisitedPage | undefined {
  const index = pages.findIndex((item) => item.path === path);
  if (index < 0) return pages.at(-1);
  return pages[index + 1] ?? pages[index - 1];
}
