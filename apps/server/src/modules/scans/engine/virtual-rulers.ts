/**
 * Virtual rulers (domain.md sections 5 and 11), placed on a wall's rectangle in its plane coordinates
 * (u along, v up, metres) and read from the points within STRIP_M of the ruler's line.
 */

export interface Rect {
  u0: number;
  u1: number;
  v0: number;
  v1: number;
}

/** A ruler from a to b, in plane coordinates (u, v). */
export interface RulerPlace {
  a: [number, number];
  b: [number, number];
}

/** Points within this distance of a ruler's line (in the plane) are under it. */
export const STRIP_M = 0.025;
/** Points under a ruler are averaged in bins of this length along it (scanner noise). */
export const BIN_M = 0.02;

const EDGE_M = 0.05;
const MIN_FLATNESS_WIDTH_M = 0.6;
const WIDE_WALL_M = 3;

/**
 * Flatness: a ruler of `length` at 45 degrees down from the upper-left corner and one up from the
 * lower-right, EDGE_M in from the edges (shortened to fit a small wall), and a horizontal one in the
 * middle for walls of WIDE_WALL_M or more; none under MIN_FLATNESS_WIDTH_M wide.
 */
export function flatnessPlaces(rect: Rect, length: number): RulerPlace[] {
  const width = rect.u1 - rect.u0;
  const height = rect.v1 - rect.v0;
  if (width < MIN_FLATNESS_WIDTH_M) return [];
  const diagonal = Math.min(length, (width - 2 * EDGE_M) * Math.SQRT2, (height - 2 * EDGE_M) * Math.SQRT2);
  const places: RulerPlace[] = [];
  if (diagonal > 0) {
    const step = diagonal / Math.SQRT2;
    const ul: [number, number] = [rect.u0 + EDGE_M, rect.v1 - EDGE_M];
    const lr: [number, number] = [rect.u1 - EDGE_M, rect.v0 + EDGE_M];
    places.push({ a: ul, b: [ul[0] + step, ul[1] - step] }, { a: lr, b: [lr[0] - step, lr[1] + step] });
  }
  if (width >= WIDE_WALL_M) {
    const u = (rect.u0 + rect.u1) / 2;
    const v = (rect.v0 + rect.v1) / 2;
    const half = Math.min(length, width - 2 * EDGE_M) / 2;
    places.push({ a: [u - half, v], b: [u + half, v] });
  }
  return places;
}

const END_M = 0.3;
const FLOOR_M = 0.2;
const NARROW_WALL_M = 0.6;

/**
 * Verticality: vertical rulers END_M in from each end, from FLOOR_M above the floor up (at most
 * `length`, and FLOOR_M below the ceiling); a middle one for walls of WIDE_WALL_M or more; a single
 * one in the middle for walls of NARROW_WALL_M or less.
 */
export function verticalityPlaces(rect: Rect, length: number): RulerPlace[] {
  const width = rect.u1 - rect.u0;
  const span = Math.min(length, rect.v1 - rect.v0 - 2 * FLOOR_M);
  if (span <= 0) return [];
  const middle = (rect.u0 + rect.u1) / 2;
  const at =
    width <= NARROW_WALL_M
      ? [middle]
      : width >= WIDE_WALL_M
        ? [rect.u0 + END_M, middle, rect.u1 - END_M]
        : [rect.u0 + END_M, rect.u1 - END_M];
  const v = rect.v0 + FLOOR_M;
  return at.map((u) => ({ a: [u, v], b: [u, v + span] }));
}

/** Means of `values` in bins of BIN_M along `positions`: [position, mean] per non-empty bin. */
function binned(positions: readonly number[], values: readonly number[]): Array<[number, number]> {
  const sums = new Map<number, [number, number, number]>();
  positions.forEach((t, i) => {
    const bin = Math.floor(t / BIN_M);
    const s = sums.get(bin) ?? [0, 0, 0];
    s[0] += t;
    s[1] += values[i] as number;
    s[2] += 1;
    sums.set(bin, s);
  });
  return [...sums.values()]
    .map(([t, v, n]) => [t / n, v / n] as [number, number])
    .sort((x, y) => x[0] - y[0]);
}

/** Lower or upper half of the convex hull of points sorted by x (monotone chain). */
function chain(points: Array<[number, number]>, upper: boolean): Array<[number, number]> {
  const hull: Array<[number, number]> = [];
  for (const q of points) {
    while (hull.length >= 2) {
      const [a, b] = [hull[hull.length - 2] as [number, number], hull[hull.length - 1] as [number, number]];
      const turn = (b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0]);
      if (upper ? turn >= 0 : turn <= 0) hull.pop();
      else break;
    }
    hull.push(q);
  }
  return hull;
}

/**
 * Flatness under a straightedge: `t` positions along the ruler (m), `deviation` the surface's height
 * towards the room there (mm). The straightedge rests on the surface from the room's side; the value
 * is the largest gap under it where it rests best (the minimum zone: the thinnest band between two
 * parallel lines holding the binned profile, one line being an edge of its convex hull). A dent of
 * depth d on a flat wall reads d; a bulge of height d reads d too (the ruler rests on its top,
 * parallel to the wall). null with fewer than 3 bins.
 */
export function straightedgeGap(t: readonly number[], deviation: readonly number[]): number | null {
  const profile = binned(t, deviation).map(([x, d]) => [x * 1000, d] as [number, number]);
  if (profile.length < 3) return null;
  const hull = [...chain(profile, true), ...chain(profile, false)];
  let best = Infinity;
  for (const part of [chain(profile, true), chain(profile, false)])
    for (let k = 0; k + 1 < part.length; k += 1) {
      const [a, b] = [part[k] as [number, number], part[k + 1] as [number, number]];
      const slope = (b[1] - a[1]) / (b[0] - a[0] || 1);
      let width = 0;
      for (const q of hull) width = Math.max(width, Math.abs(q[1] - (a[1] + slope * (q[0] - a[0]))));
      best = Math.min(best, width);
    }
  return Number.isFinite(best) ? best : 0;
}

/**
 * Verticality: `z` heights (m) and `h` horizontal positions along the wall's normal (m) of the points
 * under a vertical ruler; the value is the least-squares lean of h over z times the ruler's length,
 * in mm (unsigned). null with fewer than 3 bins.
 */
export function plumbDeviation(z: readonly number[], h: readonly number[], lengthM: number): number | null {
  const profile = binned(z, h);
  if (profile.length < 3) return null;
  const n = profile.length;
  const mz = profile.reduce((s, [a]) => s + a, 0) / n;
  const mh = profile.reduce((s, [, b]) => s + b, 0) / n;
  let szz = 0;
  let szh = 0;
  for (const [a, b] of profile) {
    szz += (a - mz) ** 2;
    szh += (a - mz) * (b - mh);
  }
  if (szz === 0) return null;
  return Math.abs((szh / szz) * lengthM * 1000);
}
