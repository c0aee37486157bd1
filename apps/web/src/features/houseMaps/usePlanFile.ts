import type { HouseMapRow } from '@measure/contract';
import { useEffect, useState } from 'react';
import { fetchFile } from '../../shared/api/download.ts';
import { routes } from '../../shared/api/routes.ts';
import type { PlanSource } from './PlanViewport.tsx';

export type PlanFile =
  { state: 'loading' } | { state: 'ready'; source: PlanSource } | { state: 'error'; error: unknown };

/**
 * Fetches the plan of a house type (with the session header) and hands it on as an object URL,
 * which the DXF worker and the <img> read without credentials; the URL is freed on leaving.
 */
export function usePlanFile(houseMap: HouseMapRow | undefined): PlanFile {
  const [file, setFile] = useState<PlanFile>({ state: 'loading' });
  const id = houseMap?.HouseMapId;
  const kind = houseMap?.MapType;
  const width = houseMap?.Width ?? null;
  const height = houseMap?.Height ?? null;
  useEffect(() => {
    if (!id || !kind) return;
    let url: string | null = null;
    let cancelled = false;
    fetchFile(routes.houseMaps.getHouseMapBase, { id }).then(
      ({ blob }) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setFile({ state: 'ready', source: kind === 'dxf' ? { kind, url } : { kind, url, width, height } });
      },
      (error: unknown) => !cancelled && setFile({ state: 'error', error }),
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, kind, width, height]);
  return file;
}
