import dxfViewerPackage from 'dxf-viewer/package.json';
import { fetchFileBytes } from '../../shared/api/download.ts';
import { routes } from '../../shared/api/routes.ts';

/**
 * The scene of a DXF plan as the server's `houseMaps:buildScene` job stored it
 * (apps/server/src/modules/house-maps/plan-scene-format.mjs: magic, header length, JSON header,
 * then the vertex, transform and index buffers): exactly what dxf-viewer's worker hands its viewer,
 * so the editor needs no parse, no font and no batching before the first frame.
 */
export interface PlanScene {
  vertices: ArrayBuffer;
  indices: ArrayBuffer;
  transforms: ArrayBuffer;
  batches: unknown[];
  layers: unknown[];
  origin: unknown;
  bounds: unknown;
  hasMissingChars: boolean;
  pointShapeHasDot: boolean;
}

const MAGIC = 'MCDXFSC1';

interface SceneHeader extends Omit<PlanScene, 'vertices' | 'indices' | 'transforms'> {
  viewer: string;
  vertices: number;
  transforms: number;
  indices: number;
}

/** The scene in `data`; null when it is not one, or was built by another dxf-viewer version. */
export function decodePlanScene(
  data: ArrayBuffer,
  viewerVersion = dxfViewerPackage.version,
): PlanScene | null {
  if (data.byteLength < 12) return null;
  const bytes = new Uint8Array(data);
  if (String.fromCharCode(...bytes.subarray(0, 8)) !== MAGIC) return null;
  const length = new DataView(data).getUint32(8, true);
  let header: SceneHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + length))) as SceneHeader;
  } catch {
    return null;
  }
  if (header.viewer !== viewerVersion) return null;
  const start = Math.ceil((12 + length) / 4) * 4;
  if (data.byteLength !== start + header.vertices + header.transforms + header.indices) return null;
  const { viewer: _viewer, vertices, transforms, indices, ...rest } = header;
  return {
    ...rest,
    vertices: data.slice(start, start + vertices),
    transforms: data.slice(start + vertices, start + vertices + transforms),
    indices: data.slice(start + vertices + transforms, start + vertices + transforms + indices),
  };
}

/**
 * The plan's scene, or null when there is none (an image plan, an old plan, the job not done or
 * failed): the editor then builds the drawing from the DXF in the browser as before.
 */
export async function fetchPlanScene(houseMapId: string): Promise<PlanScene | null> {
  try {
    // Sent brotli-compressed (Content-Encoding: br), which the browser decodes on its own.
    const scene = decodePlanScene(
      await fetchFileBytes(routes.houseMaps.getHouseMapScene, { id: houseMapId }),
    );
    if (scene && performance.getEntriesByName('floor-plan:scene-fetched').length === 0)
      performance.mark('floor-plan:scene-fetched');
    return scene;
  } catch {
    return null;
  }
}
