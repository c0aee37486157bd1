import { callApi } from '../../shared/api/client.ts';
import { fetchFile } from '../../shared/api/download.ts';
import { queryClient } from '../../shared/api/queryClient.ts';
import { routes } from '../../shared/api/routes.ts';
import { projectRowQuery } from '../projects/useProjectRow.ts';
import { preloadDxf } from './dxfPreload.ts';
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
  /** The plan as an object URL: whoever takes it frees it. */
  file: Promise<string> | null;
}

let started: Prefetch | null = null;

export function prefetchFloorPlan(houseMapId: string): void {
  if (!houseMapId || started?.houseMapId === houseMapId) return;
  forget(started);
  const detail = fetchDetail(houseMapId);
  const file = fetchFile(routes.houseMaps.getHouseMapBase, { id: houseMapId }).then(({ blob }) => {
    markPlanFetched();
    return URL.createObjectURL(blob);
  });
  // The page reports failures when it takes these; an opening left before then stays quiet.
  detail.catch(() => {});
  file.catch(() => {});
  detail.then(
    (row) => {
      void queryClient.prefetchQuery(projectRowQuery(row.ProjectId));
      if (row.MapType !== 'dxf') return;
      prewarmDxfWorker();
      loadDxfModule().catch(() => {}); // The page's own import reports a failure.
      // The drawing is parsed in the warm worker as soon as it is here, before the viewer exists.
      file.then(preloadDxf, () => {}); // The page's own download reports a failure.
    },
    () => {},
  );
  started = { houseMapId, detail, file };
}

/** An opening the page never took: its object URL is freed. */
function forget(prefetch: Prefetch | null) {
  prefetch?.file?.then((url) => URL.revokeObjectURL(url)).catch(() => {});
}

/** The benchmark's mark of the plan's arrival (the first one counts). */
export function markPlanFetched() {
  if (performance.getEntriesByName('floor-plan:plan-fetched').length === 0)
    performance.mark('floor-plan:plan-fetched');
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
/** The plan's object URL the loader made (once; the taker frees it), or null: the page fetches it itself. */
export const takePrefetchedFile = (houseMapId: string) => take(houseMapId, 'file');

/** The route's loader: starts the prefetch from `?id=` and never waits for it. */
export function floorPlanLoader({ request }: { request: Request }): null {
  prefetchFloorPlan(new URL(request.url).searchParams.get('id') ?? '');
  return null;
}
