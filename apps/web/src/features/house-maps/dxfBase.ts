import { DxfViewer, type LayerInfo } from 'dxf-viewer';
import { DxfWorker } from 'dxf-viewer/src/DxfWorker.js';
import { Color } from 'three';
// The Latin font is fetched by the worker only when the drawing has text; the slices of the Chinese
// font that the text needs are added in the worker (cjkFontSlices.ts).
import { isPreloaded, LATIN_FONT_URL, markPhase, takePreloadedDxf } from './dxfPreload.ts';
import type { PlanScene } from './planScene.ts';
import { takeDxfWorker } from './dxfWorkerPool.ts';
import type { Bounds } from './geometry.ts';
import { softwareWebGl } from './softwareWebGl.ts';
import { pictureTransform, type View } from './viewTransform.ts';

export interface DxfLayer {
  name: string;
  displayName: string;
  /** CSS colour of the layer. */
  color: string;
}

/** A loaded DXF drawing under the overlay: shows a view and toggles layers. */
export interface DxfBase {
  /** World bounds of the drawing; null when it has no entities. */
  bounds: Bounds | null;
  layers: DxfLayer[];
  showView(view: View): void;
  resize(width: number, height: number): void;
  showLayer(name: string, visible: boolean): void;
  destroy(): void;
}

export type LoadPhase = 'font' | 'fetch' | 'parse' | 'prepare';

/** The name of the error thrown when the browser cannot give WebGL (blocked, or no driver). */
export const NO_WEBGL = 'NoWebGL';

/** The viewer's options. */
const viewerOptions = () => ({
  clearColor: new Color('#ffffff'),
  colorCorrection: true,
  antialias: !softwareWebGl(),
});

/** The phases of the load under way: set while a viewer loads a preloaded drawing. */
let preloadedPhase: ((phase: string) => void) | null = null;

/** The server's scene the viewer is loading (its Load is given SCENE_URL), once. */
let serverScene: PlanScene | null = null;
const SCENE_URL = 'plan-scene:';

// DxfViewer.Load asks its DxfWorker for the drawing: the server's scene is the answer itself (what
// dxf-viewer's worker would send), a preloaded one (dxfPreload.ts) is answered from the worker that
// began it before the viewer existed.
const workerLoad = DxfWorker.prototype.Load;
DxfWorker.prototype.Load = function (this: DxfWorker, url, fonts, options, progressCbk) {
  if (url === SCENE_URL && serverScene) {
    const scene = serverScene;
    serverScene = null;
    return Promise.resolve({ scene, dxf: undefined });
  }
  const preloaded = takePreloadedDxf(url, (phase) => preloadedPhase?.(phase));
  return preloaded ?? workerLoad.call(this, url, fonts, options, progressCbk);
};

/**
 * Loads a DXF into a dxf-viewer canvas inside `container`: the server's scene when there is one,
 * else the plan file (its object URL, once fetched), parsed and batched in the worker. The canvas
 * and its WebGL context are made while the plan is still downloading.
 * dxf-viewer subtracts an origin from all coordinates (float precision on the GPU), so views in
 * world coordinates are shifted by GetOrigin() before they reach its camera. Its own pan/zoom
 * controls never see a pointer: the overlay above the canvas takes all input and drives the view.
 */
export async function loadDxfBase(
  container: HTMLElement,
  plan: { file: Promise<string>; scene: Promise<PlanScene | null> },
  onPhase: (phase: LoadPhase) => void,
  onLost: () => void,
): Promise<DxfBase> {
  const viewer = new DxfViewer(container, {
    ...viewerOptions(),
    canvasWidth: Math.max(container.clientWidth, 1),
    canvasHeight: Math.max(container.clientHeight, 1),
    autoResize: false,
  });
  if (!viewer.HasRenderer()) {
    viewer.GetCanvas()?.remove();
    throw Object.assign(new Error('WebGL is not available'), { name: NO_WEBGL });
  }
  performance.mark('floor-plan:viewer-created');
  // dxf-viewer renders the whole drawing on its own while loading (its Clear, FitView and the end
  // of Load): two full frames (~100 ms or more each in software WebGL) before the page fits and
  // renders the view it wants. Rendering stays off until then: the first frame is the page's.
  const renderAll = viewer.Render;
  viewer.Render = () => {};
  try {
    serverScene = await plan.scene;
    const url = serverScene ? SCENE_URL : await plan.file;
    const preloaded = isPreloaded(url);
    const progressCbk = (phase: LoadPhase) => {
      markPhase(phase);
      onPhase(phase);
    };
    preloadedPhase = preloaded ? (phase) => progressCbk(phase as LoadPhase) : null;
    await viewer.Load({
      url,
      fonts: [LATIN_FONT_URL],
      // A scene or a preloaded drawing needs no worker of its own (DxfWorker.Load above answers it).
      workerFactory: () => (preloaded || url === SCENE_URL ? (null as unknown as Worker) : takeDxfWorker()),
      progressCbk,
    });
  } catch (error) {
    dispose(viewer);
    throw error;
  } finally {
    viewer.Render = renderAll;
    preloadedPhase = null;
    serverScene = null;
  }
  performance.mark('floor-plan:drawing-loaded');
  // The GPU can drop the context (driver reset, sleep, too many contexts): the drawing is gone.
  let disposing = false;
  viewer.GetCanvas().addEventListener('webglcontextlost', () => {
    if (!disposing) onLost();
  });
  const origin = viewer.GetOrigin() ?? { x: 0, y: 0 };
  const bounds = viewer.GetBounds();
  const layers = [...viewer.GetLayers(true)].map((layer: LayerInfo): DxfLayer => ({
    name: layer.name,
    displayName: layer.displayName,
    color: `#${layer.color.toString(16).padStart(6, '0')}`,
  }));
  const camera = viewer.GetCamera();
  const canvas = viewer.GetCanvas();
  canvas.style.transformOrigin = '0 0';
  const render = (view: View) => {
    // The camera is set here rather than through SetView(), which also updates the unused
    // controls and may render a second time: one frame per view change.
    const halfWidth = view.width / view.scale / 2;
    const halfHeight = view.height / view.scale / 2;
    camera.left = -halfWidth;
    camera.right = halfWidth;
    camera.top = halfHeight;
    camera.bottom = -halfHeight;
    camera.zoom = 1;
    camera.position.set(view.cx - origin.x, view.cy - origin.y, 1);
    camera.updateMatrix();
    camera.updateProjectionMatrix();
    canvas.style.transform = '';
    viewer.Render();
    rendered = view;
  };
  // Software WebGL needs ~100 ms per frame of a large drawing: during a gesture the last frame is
  // moved and scaled as a picture, and the drawing is rendered again once the view rests.
  const deferred = softwareWebGl();
  let rendered: View | null = null;
  let timer = 0;
  return {
    bounds: bounds ? { minX: bounds.minX, minY: bounds.minY, maxX: bounds.maxX, maxY: bounds.maxY } : null,
    layers,
    showView(view) {
      window.clearTimeout(timer);
      const last = rendered;
      if (!deferred || !last || last.width !== view.width || last.height !== view.height) {
        render(view);
        return;
      }
      const { k, tx, ty } = pictureTransform(last, view);
      canvas.style.transform = `translate(${tx}px, ${ty}px) scale(${k})`;
      timer = window.setTimeout(() => render(view), RENDER_DELAY_MS);
    },
    resize(width, height) {
      viewer.SetSize(Math.max(width, 1), Math.max(height, 1));
    },
    showLayer(name, visible) {
      viewer.ShowLayer(name, visible);
    },
    destroy() {
      window.clearTimeout(timer);
      disposing = true;
      dispose(viewer);
    },
  };
}

/** How long the view must rest before software WebGL renders it again. */
const RENDER_DELAY_MS = 90;

/** Frees the viewer and its WebGL context at once (browsers keep only a few contexts alive). */
function dispose(viewer: DxfViewer) {
  const renderer = viewer.GetRenderer();
  const canvas = viewer.GetCanvas();
  viewer.Destroy();
  renderer?.forceContextLoss();
  canvas.remove();
}
