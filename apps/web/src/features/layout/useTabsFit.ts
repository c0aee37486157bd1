import { useEffect, useRef } from 'react';
import type { VisitedPage } from './visitedPages.ts';

/**
 * Keeps the page tabs within the bar: while antd would have to scroll them (its "more" button
 * shows, and the leftmost tab is cut to a character or two), the tab opened longest ago that is
 * not on screen is closed. Runs after every change of the tabs and whenever the bar is resized.
 */
export function useTabsFit(
  pages: readonly VisitedPage[],
  currentPath: string,
  closeOldest: (path: string) => void,
) {
  const barRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ pages, currentPath, closeOldest });
  useEffect(() => {
    latest.current = { pages, currentPath, closeOldest };
  });

  useEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      // antd measures the tabs in its own layout pass; look one frame later.
      frame = requestAnimationFrame(() => {
        const { pages: open, currentPath: path, closeOldest: close } = latest.current;
        if (!overflows(bar) || open.length <= 1) return;
        const oldest = open.find((page) => page.path !== path);
        if (oldest) close(oldest.path);
      });
    };
    check();
    const resize = new ResizeObserver(check);
    resize.observe(bar);
    // antd shows its "more" button by changing a class: a tab added or a label grown in another language.
    const mutations = new MutationObserver(check);
    mutations.observe(bar, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      mutations.disconnect();
    };
  }, []);

  return barRef;
}

/** antd's tab bar overflows when its list is wider than the visible part of the bar. */
function overflows(bar: HTMLElement): boolean {
  const wrap = bar.querySelector<HTMLElement>('.ant-tabs-nav-wrap');
  const list = bar.querySelector<HTMLElement>('.ant-tabs-nav-list');
  if (!wrap || !list) return false;
  return list.scrollWidth > wrap.clientWidth + 1;
}
