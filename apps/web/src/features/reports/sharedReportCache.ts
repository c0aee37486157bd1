import type { SharedReport } from '@measure/contract';
import { useEffect, useState } from 'react';
import { buildUrl, callApi } from '../../shared/api/client.ts';
import { takePageData } from '../../shared/api/pageData.ts';
import { routes } from '../../shared/api/routes.ts';
import { SUBSYSTEM } from '../../shared/routing/paths.ts';

/**
 * The shared report pages keep their report while the visitor moves between them (spec section 2:
 * the list is kept alive when coming back from a site): answers by share id and language, and the
 * list's scroll position. A load in flight is shared too, so the route can start it while the
 * page's code is still downloading (prefetchSharedReport).
 */
const answers = new Map<string, SharedReport>();
const loading = new Map<string, Promise<SharedReport>>();
const scrolls = new Map<string, number>();

export const keepScroll = (shareId: string, top: number) => scrolls.set(shareId, top);
export const keptScroll = (shareId: string) => scrolls.get(shareId) ?? 0;

const keyOf = (shareId: string, language: string) => `${language}:${shareId}`;

/** Starts loading the shared report (once per share and language); a failed load is tried again next time. */
export function prefetchSharedReport(shareId: string, language: string): Promise<SharedReport> {
  const key = keyOf(shareId, language);
  const kept = answers.get(key);
  if (kept) return Promise.resolve(kept);
  let pending = loading.get(key);
  if (!pending) {
    pending = callApi(routes.reports.getSharedReport, { ShareId: shareId }, { quiet: true })
      .then((answer) => {
        answers.set(key, answer);
        return answer;
      })
      .finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

const SHARED_REPORT_PATH = new RegExp(`/${SUBSYSTEM.share}/taskReportList/([^/]+)/?$`);

/**
 * A shared report opened cold (a QR code on a phone): takes the report the server put into the page,
 * or else starts its request from the address before the app reads the session and renders, so it
 * runs beside the page's code rather than after it (the route's loader then finds it under way).
 * Any other address: nothing.
 */
export function prefetchSharedReportOfAddress(pathname: string, language: string): void {
  const encoded = SHARED_REPORT_PATH.exec(pathname)?.[1];
  if (!encoded) return;
  const shareId = decodeURIComponent(encoded);
  // The server put the report into the page (core/page-data.ts): no request at all.
  const inline = takePageData(buildUrl(routes.reports.getSharedReport, { ShareId: shareId }), language);
  if (inline) answers.set(keyOf(shareId, language), inline as SharedReport);
  else prefetchSharedReport(shareId, language).catch(() => undefined);
}

/** The shared report (`null` while loading), from the kept answer when there is one; `failed` on 404. */
export function useSharedReport(shareId: string, language: string) {
  const key = keyOf(shareId, language);
  const [fetched, setFetched] = useState<{ key: string; report: SharedReport | null } | null>(null);
  useEffect(() => {
    // No early return for a kept answer: the route's prefetch may have kept it between this render
    // and the effect, and only this state change renders it (the page stayed "loading" otherwise).
    let current = true;
    prefetchSharedReport(shareId, language)
      .then((answer) => current && setFetched({ key, report: answer }))
      .catch(() => current && setFetched({ key, report: null }));
    return () => {
      current = false;
    };
  }, [key, shareId, language]);
  const kept = answers.get(key);
  const current = fetched?.key === key ? fetched : undefined;
  return {
    report: kept ?? current?.report ?? null,
    failed: !kept && current !== undefined && !current.report,
  };
}
