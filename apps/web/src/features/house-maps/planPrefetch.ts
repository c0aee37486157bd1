import { callApi } from '../../shared/api/client.ts';
import { fetchFile } from '../../shared/api/download.ts';
import { queryClient } from '../../shared/api/queryClient.ts';
import { routes } from '../../shared/api/routes.ts';
import { projectRowQuery } from '../projects/useProjectRow.ts';
import { prewarmDxfWorker } from './dxfWorkerPool.ts';
import { loadDxfModule } from './loadDxfModule.ts';

/**
 * The floor-plan editor's route loader starts what the page needs (issue 29 item 8) while the
 * page's code is still downloading, instead of after it has rendered: the house type's details and
 * its plan file in parallel, then, once the details say so, the project row, the DXF worker and the
 * viewer's chunk. The page takes each answer once (`takePrefetched…`); one opening is kept at a time.
 */
const fetchDetail = (houseMapId: string) => callApi(routes.houseMaps.getHouseMapById, { id: houseMapId });

interface Prefetch {
  houseMapId: string;
  detail: ReturnType<typeof fetchDetail> | null;
  file: Promise<Blob> | null;
}

let started: Prefetch | null = null;

export function prefetchFloorPlan(houseMapId: string): void {
  if (!houseMapId || started?.houseMapId === houseMapId) return;
  const detail = fetchDetail(houseMapId);
  const file = fetchFile(routes.houseMaps.getHouseMapBase, { id: houseMapId }).then(({ blob }) => blob);
  // The page reports failures when it takes these; an opening left before then stays quiet.
  detail.catch(() => {});
  file.catch(() => {});
  detail.then(
    (row) => {
      if (row.MapType === 'dxf') {
        prewarmDxfWorker();
        loadDxfModule().catch(() => {}); // The page's own import reports a failure.
      }
      void queryClient.prefetchQuery(projectRowQuery(row.ProjectId));
    },
    () => {},
  );
  started = { houseMapId, detail, file };
}

function take<K extends 'detail' | 'file'>(houseMapId: string, part: K): Prefetch[K] {
  if (started?.houseMapId !== houseMapId) return null;
  const taken = started[part];
  started[part] = null;
  if (!started.detail && !started.file) started = null;
  return taken;
}

/** The details the loader asked for (once), or null: the page asks itself. */
export const takePrefetchedDetail = (houseMapId: string) => take(houseMapId, 'detail');
/** The plan file the loader fetched (once), or null: the page fetches it itself. */
export const takePrefetchedFile = (houseMapId: string) => take(houseMapId, 'file');

/** The route's loader: starts the prefetch from `?id=` and never waits for it. */
export function floorPlanLoader({ request }: { request: Request }): null {
  prefetchFloorPlan(new URL(request.url).searchParams.get('id') ?? '');
  return null;
}
