import type { Bounds, Vec } from './geometry.ts';

/**
 * What the viewport shows: the plan point at its centre, pixels per plan unit and the viewport
 * size in CSS pixels. DXF plans have y up (world coordinates); image plans y down (pixels).
 */
export interface View {
  cx: number;
  cy: number;
  scale: number;
  width: number;
  height: number;
  yUp: boolean;
}

export interface ScreenPoint {
  x: number;
  y: number;
}

export const toScreen = (view: View, p: Vec): ScreenPoint => ({
  x: view.width / 2 + (p.X - view.cx) * view.scale,
  y: view.height / 2 + (p.Y - view.cy) * view.scale * (view.yUp ? -1 : 1),
});

export const toPlan = (view: View, x: number, y: number): Vec => ({
  X: view.cx + (x - view.width / 2) / view.scale,
  Y: view.cy + ((y - view.height / 2) / view.scale) * (view.yUp ? -1 : 1),
});

/** Fits bounds into the viewport with a margin (a fraction of the fitted size). */
export function fitView(bounds: Bounds, width: number, height: number, yUp: boolean, padding = 0.08): View {
  const spanX = Math.max(bounds.maxX - bounds.minX, 1e-9);
  const spanY = Math.max(bounds.maxY - bounds.minY, 1e-9);
  const w = Math.max(width, 1);
  const h = Math.max(height, 1);
  const scale = Math.min(w / spanX, h / spanY) / (1 + 2 * padding);
  return {
    cx: (bounds.minX + bounds.maxX) / 2,
    cy: (bounds.minY + bounds.maxY) / 2,
    scale: Number.isFinite(scale) && scale > 0 ? scale : 1,
    width: w,
    height: h,
    yUp,
  };
}

/** Zooms by `factor` keeping the plan point under (x, y) where it is; the scale stays within limits. */
export function zoomAt(
  view: View,
  factor: number,
  x: number,
  y: number,
  limits: { min: number; max: number },
): View {
  const scale = Math.min(limits.max, Math.max(limits.min, view.scale * factor));
  const anchor = toPlan(view, x, y);
  const zoomed = { ...view, scale };
  const moved = toPlan(zoomed, x, y);
  return { ...zoomed, cx: view.cx + anchor.X - moved.X, cy: view.cy + anchor.Y - moved.Y };
}

/** Moves the picture by a screen offset (the plan follows the pointer). */
export const panBy = (view: View, dx: number, dy: number): View => ({
  ...view,
  cx: view.cx - dx / view.scale,
  cy: view.cy + (dy / view.scale) * (view.yUp ? 1 : -1),
});

/** A new viewport size, keeping the centre and the scale. */
export const resize = (view: View, width: number, height: number): View => ({
  ...view,
  width: Math.max(width, 1),
  height: Math.max(height, 1),
});

/**
 * Zoom limits around the fitted scale: far enough out to see the whole plan small, in to detail;
 * image plans stop at 64 screen pixels per image pixel (nothing more to see, and the scaled bitmap
 * layer would only grow).
 */
export function zoomLimits(fitScale: number, yUp: boolean) {
  const max = fitScale * 2000;
  return { min: Math.min(fitScale / 20, max), max: yUp ? max : Math.max(Math.min(max, 64), fitScale) };
}

/** The visible plan area (for culling the overlay). */
export function visibleBounds(view: View): Bounds {
  const a = toPlan(view, 0, 0);
  const b = toPlan(view, view.width, view.height);
  return {
    minX: Math.min(a.X, b.X),
    maxX: Math.max(a.X, b.X),
    minY: Math.min(a.Y, b.Y),
    maxY: Math.max(a.Y, b.Y),
  };
}

/**
 * How to show a frame rendered for view `from` as it would look in view `to` (same viewport size):
 * scale by the zoom ratio `k` about the top-left corner, then shift by (tx, ty) pixels.
 */
export function pictureTransform(from: View, to: View): { k: number; tx: number; ty: number } {
  const k = to.scale / from.scale;
  return {
    k,
    tx: (to.width / 2) * (1 - k) + (from.cx - to.cx) * to.scale,
    ty: (to.height / 2) * (1 - k) + (from.cy - to.cy) * to.scale * (to.yUp ? -1 : 1),
  };
}
