/** Plane geometry of the floor-plan editor, in plan units (DXF world units or image pixels). */

export interface Vec {
  X: number;
  Y: number;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Even-odd rule; a point exactly on an edge may fall either way. */
export function pointInPolygon(point: Vec, polygon: readonly Vec[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const a = polygon[i] as Vec;
    const b = polygon[j] as Vec;
    if (a.Y > point.Y !== b.Y > point.Y) {
      const crossX = ((b.X - a.X) * (point.Y - a.Y)) / (b.Y - a.Y) + a.X;
      if (point.X < crossX) inside = !inside;
    }
  }
  return inside;
}

/** Signed area (shoelace): positive when the vertices run counter-clockwise in a y-up frame. */
export function signedArea(polygon: readonly Vec[]): number {
  let sum = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const a = polygon[j] as Vec;
    const b = polygon[i] as Vec;
    sum += a.X * b.Y - b.X * a.Y;
  }
  return sum / 2;
}

export const polygonArea = (polygon: readonly Vec[]) => Math.abs(signedArea(polygon));

/** The area centroid; the vertex mean for degenerate (zero-area) polygons. */
export function polygonCentroid(polygon: readonly Vec[]): Vec {
  const area = signedArea(polygon);
  if (Math.abs(area) < 1e-12) {
    const n = polygon.length || 1;
    return {
      X: polygon.reduce((sum, v) => sum + v.X, 0) / n,
      Y: polygon.reduce((sum, v) => sum + v.Y, 0) / n,
    };
  }
  let x = 0;
  let y = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const a = polygon[j] as Vec;
    const b = polygon[i] as Vec;
    const cross = a.X * b.Y - b.X * a.Y;
    x += (a.X + b.X) * cross;
    y += (a.Y + b.Y) * cross;
  }
  return { X: x / (6 * area), Y: y / (6 * area) };
}

export function boundsOf(points: readonly Vec[]): Bounds {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    if (p.X < minX) minX = p.X;
    if (p.Y < minY) minY = p.Y;
    if (p.X > maxX) maxX = p.X;
    if (p.Y > maxY) maxY = p.Y;
  }
  return { minX, minY, maxX, maxY };
}

export const inBounds = (p: Vec, b: Bounds) =>
  p.X >= b.minX && p.X <= b.maxX && p.Y >= b.minY && p.Y <= b.maxY;

export const distance = (a: Vec, b: Vec) => Math.hypot(a.X - b.X, a.Y - b.Y);

/** Distance from p to the segment a-b. */
export function distanceToSegment(p: Vec, a: Vec, b: Vec): number {
  const dx = b.X - a.X;
  const dy = b.Y - a.Y;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p.X - a.X) * dx + (p.Y - a.Y) * dy) / lengthSquared));
  return Math.hypot(p.X - (a.X + t * dx), p.Y - (a.Y + t * dy));
}

/** Distance from p to the outline of a closed polygon. */
export function distanceToOutline(p: Vec, polygon: readonly Vec[]): number {
  let best = Infinity;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    best = Math.min(best, distanceToSegment(p, polygon[j] as Vec, polygon[i] as Vec));
  }
  return best;
}

export const translate = (p: Vec, dx: number, dy: number): Vec => ({ X: p.X + dx, Y: p.Y + dy });
