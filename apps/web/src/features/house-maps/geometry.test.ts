import { describe, expect, it } from 'vitest';
import { distanceToOutline, pointInPolygon, polygonArea, polygonCentroid, signedArea } from './geometry.ts';

const square = [
  { X: 0, Y: 0 },
  { X: 10, Y: 0 },
  { X: 10, Y: 10 },
  { X: 0, Y: 10 },
];
/** An L shape: the square without its top-right quarter. */
const ell = [
  { X: 0, Y: 0 },
  { X: 10, Y: 0 },
  { X: 10, Y: 5 },
  { X: 5, Y: 5 },
  { X: 5, Y: 10 },
  { X: 0, Y: 10 },
];

describe('pointInPolygon', () => {
  it('tells inside from outside for convex and concave polygons', () => {
    expect(pointInPolygon({ X: 5, Y: 5 }, square)).toBe(true);
    expect(pointInPolygon({ X: 11, Y: 5 }, square)).toBe(false);
    expect(pointInPolygon({ X: -0.1, Y: 5 }, square)).toBe(false);
    expect(pointInPolygon({ X: 2, Y: 8 }, ell)).toBe(true);
    expect(pointInPolygon({ X: 8, Y: 8 }, ell)).toBe(false);
    expect(pointInPolygon({ X: 8, Y: 2 }, ell)).toBe(true);
  });

  it('does not depend on the winding direction', () => {
    const reversed = [...ell].reverse();
    for (const p of [
      { X: 2, Y: 8 },
      { X: 8, Y: 8 },
      { X: 8, Y: 2 },
    ]) {
      expect(pointInPolygon(p, reversed)).toBe(pointInPolygon(p, ell));
    }
  });

  it('is false for fewer than three vertices', () => {
    expect(pointInPolygon({ X: 0, Y: 0 }, [])).toBe(false);
    expect(pointInPolygon({ X: 1, Y: 0 }, square.slice(0, 2))).toBe(false);
  });
});

describe('areas and centroids', () => {
  it('computes the shoelace area with its sign', () => {
    expect(signedArea(square)).toBe(100);
    expect(signedArea([...square].reverse())).toBe(-100);
    expect(polygonArea(ell)).toBe(75);
  });

  it('finds the centroid, also of a degenerate polygon', () => {
    expect(polygonCentroid(square)).toEqual({ X: 5, Y: 5 });
    expect(
      polygonCentroid([
        { X: 0, Y: 0 },
        { X: 2, Y: 0 },
        { X: 4, Y: 0 },
      ]),
    ).toEqual({ X: 2, Y: 0 });
  });

  it('measures the distance to the outline', () => {
    expect(distanceToOutline({ X: 5, Y: 5 }, square)).toBe(5);
    expect(distanceToOutline({ X: 13, Y: 14 }, square)).toBe(5);
  });
});
