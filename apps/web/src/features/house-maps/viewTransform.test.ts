import { describe, expect, it } from 'vitest';
import {
  fitView,
  panBy,
  pictureTransform,
  toPlan,
  toScreen,
  visibleBounds,
  zoomAt,
  zoomLimits,
} from './viewTransform.ts';

const bounds = { minX: 0, minY: 0, maxX: 100, maxY: 50 };

describe('view transform', () => {
  it('fits the bounds with a margin and centres them', () => {
    const view = fitView(bounds, 800, 600, true, 0);
    expect(view.scale).toBe(8);
    expect(toScreen(view, { X: 0, Y: 0 })).toEqual({ x: 0, y: 500 });
    expect(toScreen(view, { X: 100, Y: 50 })).toEqual({ x: 800, y: 100 });
  });

  it('turns y for y-up (DXF) and keeps it for y-down (image) plans', () => {
    const up = fitView(bounds, 800, 600, true, 0);
    const down = fitView(bounds, 800, 600, false, 0);
    expect(toScreen(up, { X: 0, Y: 50 }).y).toBeLessThan(toScreen(up, { X: 0, Y: 0 }).y);
    expect(toScreen(down, { X: 0, Y: 50 }).y).toBeGreaterThan(toScreen(down, { X: 0, Y: 0 }).y);
  });

  it('round-trips between plan and screen', () => {
    for (const yUp of [true, false]) {
      const view = { ...fitView(bounds, 640, 480, yUp), cx: 12.5, scale: 3.7 };
      const p = { X: 33.3, Y: -7.25 };
      const s = toScreen(view, p);
      const back = toPlan(view, s.x, s.y);
      expect(back.X).toBeCloseTo(p.X, 9);
      expect(back.Y).toBeCloseTo(p.Y, 9);
    }
  });

  it('zooms around the pointer, within the limits', () => {
    const view = fitView(bounds, 800, 600, true, 0);
    const before = toPlan(view, 200, 150);
    const zoomed = zoomAt(view, 2, 200, 150, { min: 1, max: 100 });
    expect(zoomed.scale).toBe(16);
    const after = toPlan(zoomed, 200, 150);
    expect(after.X).toBeCloseTo(before.X, 9);
    expect(after.Y).toBeCloseTo(before.Y, 9);
    expect(zoomAt(view, 1000, 0, 0, { min: 1, max: 100 }).scale).toBe(100);
    expect(zoomAt(view, 0.001, 0, 0, { min: 1, max: 100 }).scale).toBe(1);
  });

  it('pans so the plan follows the pointer', () => {
    for (const yUp of [true, false]) {
      const view = fitView(bounds, 800, 600, yUp);
      const p = { X: 10, Y: 20 };
      const start = toScreen(view, p);
      const moved = toScreen(panBy(view, 30, -40), p);
      expect(moved.x).toBeCloseTo(start.x + 30, 9);
      expect(moved.y).toBeCloseTo(start.y - 40, 9);
    }
  });

  it('reports the visible plan area', () => {
    const visible = visibleBounds(fitView(bounds, 800, 600, true, 0));
    expect(visible).toEqual({ minX: 0, maxX: 100, minY: -12.5, maxY: 62.5 });
  });

  it('moves an old frame to where the new view shows the plan', () => {
    for (const yUp of [true, false]) {
      const from = fitView(bounds, 800, 600, yUp);
      const to = panBy(zoomAt(from, 2.5, 100, 400, { min: 0.1, max: 100 }), -37, 52);
      const { k, tx, ty } = pictureTransform(from, to);
      for (const p of [
        { X: 0, Y: 0 },
        { X: 73, Y: -20 },
        { X: 100, Y: 50 },
      ]) {
        const old = toScreen(from, p);
        const now = toScreen(to, p);
        expect(old.x * k + tx).toBeCloseTo(now.x, 9);
        expect(old.y * k + ty).toBeCloseTo(now.y, 9);
      }
    }
  });

  it('caps the zoom of image plans at 64 screen pixels per image pixel', () => {
    expect(zoomLimits(0.5, true)).toEqual({ min: 0.025, max: 1000 });
    expect(zoomLimits(0.5, false)).toEqual({ min: 0.025, max: 64 });
    // A tiny image fitted above the cap can still be shown fitted.
    expect(zoomLimits(100, false).max).toBe(100);
  });
});
