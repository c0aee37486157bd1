import type { HouseMapRow } from '@measure/contract';
import { useEffect, useMemo, useState } from 'react';
import { fetchFile } from '../../shared/api/download.ts';
import { routes } from '../../shared/api/routes.ts';
import type { PlanSource } from './planBase.ts';
import { markPlanFetched, takePrefetchedFile } from './planPrefetch.ts';

export type PlanFile =
  { state: 'loading' } | { state: 'ready'; source: PlanSource } | { state: 'error'; error: unknown };

/** A promise with its settle functions, made before the download that settles it starts. */
function pending() {
  let resolve: (url: string) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<string>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  promise.catch(() => {}); // The page shows a failed download; the viewer may not be waiting yet.
  return { promise, resolve, reject };
}

/**
 * Fetches the plan of a house type (with the session header) as soon as its id is known, in
 * parallel with its details (or takes the download the route's loader started, planPrefetch.ts), and hands it on as a promise of an object URL, which the DXF worker
 * and the <img> read without credentials: the source is ready as soon as the details say what kind
 * of plan it is, so the viewer is created while the file is still downloading. The URL is freed
 * on leaving. The page is keyed by the house type, so one download serves it.
 */
export function usePlanFile(houseMapId: string, houseMap: HouseMapRow | undefined): PlanFile {
  const [file] = useState(pending);
  const [error, setError] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!houseMapId) return;
    let url: string | null = null;
    let cancelled = false;
    const download =
      takePrefetchedFile(houseMapId) ??
      fetchFile(routes.houseMaps.getHouseMapBase, { id: houseMapId }).then(({ blob }) => {
        markPlanFetched();
        return URL.createObjectURL(blob);
      });
    download.then(
      (objectUrl) => {
        if (cancelled) {
          URL.revokeObjectURL(objectUrl);
          return;
        }
        url = objectUrl;
        file.resolve(url);
      },
      (failure: unknown) => {
        if (cancelled) return;
        file.reject(failure);
        setError({ error: failure });
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [houseMapId, file]);

  const kind = houseMap?.MapType;
  const width = houseMap?.Width ?? null;
  const height = houseMap?.Height ?? null;
  // One source object per plan, so the viewport loads it once.
  const source = useMemo<PlanSource | null>(() => {
    if (!kind) return null;
    return kind === 'dxf' ? { kind, file: file.promise } : { kind, file: file.promise, width, height };
  }, [file, kind, width, height]);

  if (error) return { state: 'error', error: error.error };
  return source ? { state: 'ready', source } : { state: 'loading' };
}
