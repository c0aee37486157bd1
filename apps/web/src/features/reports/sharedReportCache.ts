import type { SharedReport } from '@measure/contract';
import { useEffect, useState } from 'react';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';

/**
 * The shared report pages keep their report while the visitor moves between them (spec section 2:
 * the list is kept alive when coming back from a site): answers by share id and language, and the
 * list's scroll position.
 */
const answers = new Map<string, SharedReport>();
const scrolls = new Map<string, number>();

export const keepScroll = (shareId: string, top: number) => scrolls.set(shareId, top);
export const keptScroll = (shareId: string) => scrolls.get(shareId) ?? 0;

/** The shared report (`null` while loading), from the kept answer when there is one; `failed` on 404. */
export function useSharedReport(shareId: string, language: string) {
  const key = `${language}:${shareId}`;
  const [fetched, setFetched] = useState<{ key: string; report: SharedReport | null } | null>(null);
  useEffect(() => {
    if (answers.has(key)) return;
    const controller = new AbortController();
    callApi(routes.reports.getSharedReport, { ShareId: shareId }, { signal: controller.signal, quiet: true })
      .then((answer) => {
        answers.set(key, answer);
        setFetched({ key, report: answer });
      })
      .catch(() => {
        if (!controller.signal.aborted) setFetched({ key, report: null });
      });
    return () => controller.abort();
  }, [key, shareId]);
  const kept = answers.get(key);
  const current = fetched?.key === key ? fetched : undefined;
  return {
    report: kept ?? current?.report ?? null,
    failed: !kept && current !== undefined && !current.report,
  };
}
