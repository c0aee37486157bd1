import { callApi } from '../../shared/api/client.ts';
import { fetchFile } from '../../shared/api/download.ts';
import { queryClient } from '../../shared/api/queryClient.ts';
import { routes } from '../../shared/api/routes.ts';
import { projectRowQuery } from '../projects/useProjectRow.ts';
import { preloadDxf } from './dxfPreload.ts';
import { prewarmDxfWorker } from './dxfWorkerPool.ts';
import { loadDxfModule } from './loadDxfModule.ts';
import { fetchPlanScene, type PlanScene } from './planScene.ts';

/**
 * The floor-plan editor's route loader starts what the page needs (issue 29 item 8) while the
 * page's code is still downloading, instead of after it has rendered: the house type's details and
 * the plan's scene the server prepared (planScene.ts) in parallel, the plan file once the scene is
 * known to be missing, then, once the details say so, the project row, the viewer's chunk and
 * (without a scene) the DXF worker. The page takes each answer once (`takePrefetched…`); one
 * opening is kept at a time.
 */
const fetchDetail = (houseMapId: string) => callApi(routes.houseMaps.getHouseMapById, { id: houseMapId });

interface Prefetch {
  houseMapId: string;
  detail: ReturnType<typeof fetchDetail> | null;
  /** The plan as an object URL (null: not needed, the scene is here): whoever takes it frees it. */
  file: Promise<string | null> | null;
  scene: Promise<PlanScene | null> | null;
}

let started: Prefetch | null = null;

export function prefetchFloorPlan(houseMapId: string): void {
  if (!houseMapId || started?.houseMapId === houseMapId) return;
  forget(started);
  const detail = fetchDetail(houseMapId);
  const scene = fetchPlanScene(houseMapId);
  const file = planFileUnlessScene(houseMapId, scene);
  // The page reports failures when it takes these; an opening left before then stays quiet.
  detail.catch(() => {});
  file.catch(() => {});
  detail.then(
    (row) => {
      void queryClient.prefetchQuery(projectRowQuery(row.ProjectId));
      if (row.MapType !== 'dxf') return;
      loadDxfModule().catch(() => {}); // The page's own import reports a failure.
      void scene.then((ready) => {
        if (ready) return; // Drawn from the server's scene: no worker, no parse.
        prewarmDxfWorker();
        // The drawing is parsed in the warm worker as soon as it is here, before the viewer exists.
        file.then(
          (url) => url && preloadDxf(url),
          () => {},
        ); // The page's own download reports a failure.
      });
    },
    () => {},
  );
  started = { houseMapId, detail, file, scene };
}

/**
 * The plan file as an object URL, fetched only when the server has no scene for it (an image plan,
 * an old plan, the job not done): null when the scene makes the file unnecessary.
 */
export async function planFileUnlessScene(
  houseMapId: string,
  scene: Promise<PlanScene | null>,
): Promise<string | null> {
  if (await scene) return null;
  const { blob } = await fetchFile(routes.houseMaps.getHouseMapBase, { id: houseMapId });
  markPlanFetched();
  return URL.createObjectURL(blob);
}

/** An opening the page never took: its object URL is freed. */
function forget(prefetch: Prefetch | null) {
  prefetch?.file?.then((url) => url && URL.revokeObjectURL(url)).catch(() => {});
}

/** The benchmark's mark of the plan's arrival (the first one counts). */
export function markPlanFetched() {
  if (performance.getEntriesByName('floor-plan:plan-fetched').length === 0)
    performance.mark('floor-plan:plan-fetched');
}

function take<K extends 'detail' | 'file' | 'scene'>(houseMapId: string, part: K): Prefetch[K] {
  if (started?.houseMapId !== houseMapId) return null;
  const taken = started[part];
  started[part] = null;
  if (!started.detail && !started.file && !started.scene) started = null;
  return taken;
}

/** The details the loader asked for (once), or null: the page asks itself. */
export const takePrefetchedDetail = (houseMapId: string) => take(houseMapId, 'detail');
/** The plan's object URL the loader made (once; the taker frees it), or null: the page fetches it itself. */
export const takePrefetchedFile = (houseMapId: string) => take(houseMapId, 'file');
/** The plan's scene the loader asked for (once), or null: the page asks itself. */
export const takePrefetchedScene = (houseMapId: string) => take(houseMapId, 'scene');

/** The route's loader: starts the prefetch from `?id=` and never waits for it. */
export function floorPlanLoader({ request }: { request: Request }): null {
  prefetchFloorPlan(new URL(request.url).searchParams.get('id') ?? '');
  return null;
}
