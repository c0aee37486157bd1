import type { HouseMapRow } from '@measure/contract';
import { useEffect, useMemo, useState } from 'react';
import { fetchFile } from '../../shared/api/download.ts';
import { routes } from '../../shared/api/routes.ts';
import type { PlanSource } from './planBase.ts';

export type PlanFile =
  { state: 'loading' } | { state: 'ready'; source: PlanSource } | { state: 'error'; error: unknown };

type Fetched = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'error'; error: unknown };

/**
 * Fetches the plan of a house type (with the session header) as soon as its id is known, in
 * parallel with its details, and hands it on as an object URL, which the DXF worker and the <img>
 * read without credentials; the URL is freed on leaving.
 */
export function usePlanFile(houseMapId: string, houseMap: HouseMapRow | undefined): PlanFile {
  const [fetched, setFetched] = useState<Fetched>({ state: 'loading' });
  useEffect(() => {
    if (!houseMapId) return;
    let url: string | null = null;
    let cancelled = false;
    fetchFile(routes.houseMaps.getHouseMapBase, { id: houseMapId }).then(
      ({ blob }) => {
        if (cancelled) return;
        performance.mark('floor-plan:plan-fetched');
        url = URL.createObjectURL(blob);
        setFetched({ state: 'ready', url });
      },
      (error: unknown) => !cancelled && setFetched({ state: 'error', error }),
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [houseMapId]);

  const kind = houseMap?.MapType;
  const width = houseMap?.Width ?? null;
  const height = houseMap?.Height ?? null;
  const url = fetched.state === 'ready' ? fetched.url : null;
  // One source object per plan, so the viewport loads it once.
  const source = useMemo<PlanSource | null>(() => {
    if (!url || !kind) return null;
    return kind === 'dxf' ? { kind, url } : { kind, url, width, height };
  }, [url, kind, width, height]);

  if (fetched.state === 'error') return fetched;
  return source ? { state: 'ready', source } : { state: 'loading' };
}
