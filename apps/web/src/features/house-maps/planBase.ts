import type { DxfLayer, LoadPhase } from './dxfBase.ts';
import type { Bounds } from './geometry.ts';
import { loadDxfModule } from './loadDxfModule.ts';
import type { PlanScene } from './planScene.ts';
import type { View } from './viewTransform.ts';

/**
 * The plan under the overlay: the object URL of the file once it is fetched; for a DXF, first the
 * scene the server prepared (null: none, the file is fetched and drawn in the browser).
 */
export type PlanSource =
  | { kind: 'dxf'; file: Promise<string>; scene: Promise<PlanScene | null> }
  | { kind: 'image'; file: Promise<string>; width: number | null; height: number | null };

/** What the viewport needs of the plan below its overlay, DXF canvas or bitmap alike. */
export interface PlanBase {
  /** The plan's extent in plan units; null for a drawing without entities. */
  bounds: Bounds | null;
  layers: DxfLayer[];
  showView(view: View): void;
  resize(width: number, height: number): void;
  showLayer(name: string, visible: boolean): void;
  destroy(): void;
}

/**
 * Loads the plan: a DXF into a dxf-viewer canvas created in `host` (its code is loaded on first
 * use; the canvas is made while the file downloads), an image into `image`. Rejects when the file
 * cannot be shown; `onLost` is called when a DXF's WebGL context is lost later.
 */
export async function loadPlanBase(
  plan: PlanSource,
  host: HTMLElement,
  image: HTMLImageElement | null,
  onPhase: (phase: LoadPhase) => void,
  onLost: () => void,
): Promise<PlanBase> {
  if (plan.kind === 'dxf') {
    const { loadDxfBase } = await loadDxfModule();
    return loadDxfBase(host, plan, onPhase, onLost);
  }
  if (!image) throw new Error('No image element');
  image.src = await plan.file;
  await image.decode();
  const width = plan.width ?? image.naturalWidth;
  const height = plan.height ?? image.naturalHeight;
  return {
    bounds: { minX: 0, minY: 0, maxX: width, maxY: height },
    layers: [],
    showView(view) {
      // Plan units are image pixels: place pixel (0, 0) and scale (a CSS transform, no redraw).
      const x = view.width / 2 - view.cx * view.scale;
      const y = view.height / 2 - view.cy * view.scale;
      image.style.transform = `translate(${x}px, ${y}px) scale(${(view.scale * width) / image.naturalWidth})`;
      image.style.imageRendering = view.scale > 2 ? 'pixelated' : 'auto';
    },
    resize() {},
    showLayer() {},
    destroy() {},
  };
}
