import type { HouseMapRow } from '@measure/contract';
import { useEffect, useMemo, useState } from 'react';
import type { PlanSource } from './planBase.ts';
import { planFileUnlessScene, takePrefetchedFile, takePrefetchedScene } from './planPrefetch.ts';
import { fetchPlanScene } from './planScene.ts';

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
 * parallel with its details (or takes the downloads the route's loader started, planPrefetch.ts):
 * the scene the server prepared for a DXF (planScene.ts) and, only without one, the file, handed on
 * as a promise of an object URL, which the DXF worker and the <img> read without credentials. The
 * source is ready as soon as the details say what kind of plan it is, so the viewer is created
 * while the plan is still downloading. The URL is freed on leaving. The page is keyed by the house
 * type, so one download serves it.
 */
export function usePlanFile(houseMapId: string, houseMap: HouseMapRow | undefined): PlanFile {
  const [file] = useState(pending);
  const [scene] = useState(() =>
    houseMapId ? (takePrefetchedScene(houseMapId) ?? fetchPlanScene(houseMapId)) : Promise.resolve(null),
  );
  const [error, setError] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!houseMapId) return;
    let url: string | null = null;
    let cancelled = false;
    const download = takePrefetchedFile(houseMapId) ?? planFileUnlessScene(houseMapId, scene);
    download.then(
      (objectUrl) => {
        if (cancelled || objectUrl === null) {
          // Null: the scene draws the plan; its file was never fetched.
          if (objectUrl) URL.revokeObjectURL(objectUrl);
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
  }, [houseMapId, file, scene]);

  const kind = houseMap?.MapType;
  const width = houseMap?.Width ?? null;
  const height = houseMap?.Height ?? null;
  // One source object per plan, so the viewport loads it once.
  const source = useMemo<PlanSource | null>(() => {
    if (!kind) return null;
    return kind === 'dxf' ? { kind, file: file.promise, scene } : { kind, file: file.promise, width, height };
  }, [file, scene, kind, width, height]);

  if (error) return { state: 'error', error: error.error };
  return source ? { state: 'ready', source } : { state: 'loading' };
}
