/**
 * Finds the surfaces of a cloud on a sample of its points: a site's cloud is one surface; a
 * household's cloud gives its walls, floors and ceilings by sequential RANSAC (candidate planes from
 * three points of one 0.4 m voxel, vertical or horizontal only, scored on a subset), each refitted by
 * trimmed least squares and split into connected pieces on a 0.2 m grid; pieces under MIN_AREA_M2 are
 * dropped. Normals point into the room (see `orient`).
 */
import { type Plane, dot, fitPlaneTrimmed, flipped, planeAxes, unitOf, cross } from './plane-fit.ts';
import type { Point3 } from './engine-types.ts';
import type { Rect } from './virtual-rulers.ts';

export type SurfaceKind = 'wall' | 'ceiling' | 'floor';

/** A found surface, in the store's frame (relative to its origin). */
export interface SurfacePlan {
  plane: Plane;
  kind: SurfaceKind;
  along: Point3;
  up: Point3;
  /** Household surfaces: the sample points' rectangle on the plane (membership of all points is limited to it). */
  sampleRect?: Rect;
  /** Household surfaces: indices of the sample points found on it. */
  piece?: number[];
}

export const MIN_AREA_M2 = 0.5;
const INLIER_M = 0.02;
const VOXEL_M = 0.4;
const GRID_M = 0.2;
const MAX_SURFACES = 60;

const kindOf = (normal: Point3, heightM: number, floorBelowM: number): SurfaceKind | null => {
  if (Math.abs(normal[2]) < 0.2) return 'wall';
  if (Math.abs(normal[2]) < 0.7) return null;
  return heightM < floorBelowM ? 'floor' : 'ceiling';
};

const withAxes = (plane: Plane, kind: SurfaceKind): SurfacePlan => ({
  plane,
  kind,
  ...planeAxes(plane.normal),
});

/**
 * A site's own surface. Walls face the frame's origin (a site's cloud carries no scanner position);
 * floors face up, ceilings down (a horizontal site below 1.2 m is a floor).
 */
export function siteSurface(sample: Float64Array, origin: Point3): SurfacePlan | null {
  const use = new Uint8Array(sample.length / 3).fill(1);
  let plane = fitPlaneTrimmed(sample, use);
  if (!plane) return null;
  const height = plane.centroid[2] + origin[2];
  const kind =
    kindOf(plane.normal, height, 1.2) ??
    (Math.abs(plane.normal[2]) < 0.5 ? 'wall' : height < 1.2 ? 'floor' : 'ceiling');
  if (kind === 'wall') {
    // Signed distance of the frame's origin (the store origin is `origin` in it): positive side wanted.
    if (-dot(plane.normal, origin) - plane.offset < 0) plane = flipped(plane);
  } else if ((kind === 'floor') !== plane.normal[2] > 0) plane = flipped(plane);
  return withAxes(plane, kind);
}

/** A seeded random generator (the same cloud gives the same surfaces). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

export function householdSurfaces(sample: Float64Array): SurfacePlan[] {
  const m = sample.length / 3;
  const p = (i: number): Point3 => [
    sample[i * 3] as number,
    sample[i * 3 + 1] as number,
    sample[i * 3 + 2] as number,
  ];
  let zLow = Infinity;
  let zHigh = -Infinity;
  const voxels = new Map<string, number[]>();
  for (let i = 0; i < m; i += 1) {
    const [x, y, z] = p(i);
    zLow = Math.min(zLow, z);
    zHigh = Math.max(zHigh, z);
    const key = `${Math.floor(x / VOXEL_M)},${Math.floor(y / VOXEL_M)},${Math.floor(z / VOXEL_M)}`;
    const list = voxels.get(key);
    if (list) list.push(i);
    else voxels.set(key, [i]);
  }
  const voxelOf = (i: number) => {
    const [x, y, z] = p(i);
    return (
      voxels.get(`${Math.floor(x / VOXEL_M)},${Math.floor(y / VOXEL_M)},${Math.floor(z / VOXEL_M)}`) ?? []
    );
  };
  const remaining = new Uint8Array(m).fill(1);
  const rand = random(m);
  const plans: SurfacePlan[] = [];
  let misses = 0;
  while (plans.length < MAX_SURFACES && misses < 8) {
    const left: number[] = [];
    for (let i = 0; i < m; i += 1) if (remaining[i]) left.push(i);
    if (left.length < Math.max(30, m * 0.005)) break;
    const step = Math.max(1, Math.floor(left.length / 4000));
    const subset = left.filter((_, k) => k % step === 0);
    let best: { normal: Point3; offset: number } | null = null;
    let bestScore = 0;
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const a = left[Math.floor(rand() * left.length)] as number;
      const cell = voxelOf(a).filter((i) => remaining[i]);
      if (cell.length < 3) continue;
      const b = cell[Math.floor(rand() * cell.length)] as number;
      const c = cell[Math.floor(rand() * cell.length)] as number;
      const [pa, pb, pc] = [p(a), p(b), p(c)];
      const raw = cross(
        [pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]],
        [pc[0] - pa[0], pc[1] - pa[1], pc[2] - pa[2]],
      );
      if (Math.hypot(...raw) < 1e-4) continue;
      const normal = unitOf(raw);
      if (!(Math.abs(normal[2]) < 0.1 || Math.abs(normal[2]) > 0.97)) continue;
      const offset = dot(normal, pa);
      let score = 0;
      for (const i of subset) if (Math.abs(dot(normal, p(i)) - offset) < INLIER_M) score += 1;
      if (score > bestScore) [best, bestScore] = [{ normal, offset }, score];
    }
    if (!best || bestScore < Math.max(10, subset.length * 0.01)) break;
    const found = planesOfCandidate(sample, remaining, best, zLow, zHigh);
    if (found.length === 0) misses += 1;
    plans.push(...found);
  }
  return orient(plans, sample)
    .sort((a, b) => (b.piece?.length ?? 0) - (a.piece?.length ?? 0))
    .map((plan) => {
      const rect: Rect = { u0: Infinity, u1: -Infinity, v0: Infinity, v1: -Infinity };
      for (const i of plan.piece ?? []) {
        const q = [sample[i * 3] as number, sample[i * 3 + 1] as number, sample[i * 3 + 2] as number];
        const [u, v] = [dot(q, plan.along), dot(q, plan.up)];
        rect.u0 = Math.min(rect.u0, u);
        rect.u1 = Math.max(rect.u1, u);
        rect.v0 = Math.min(rect.v0, v);
        rect.v1 = Math.max(rect.v1, v);
      }
      return { ...plan, sampleRect: rect, piece: undefined };
    });
}

/** The connected pieces (0.2 m grid, 8 neighbours) of a candidate's inliers, each refitted; removes the inliers. */
function planesOfCandidate(
  sample: Float64Array,
  remaining: Uint8Array,
  candidate: { normal: Point3; offset: number },
  zLow: number,
  zHigh: number,
): SurfacePlan[] {
  const m = remaining.length;
  const use = new Uint8Array(m);
  const distance = (plane: { normal: Point3; offset: number }, i: number) =>
    dot(plane.normal, [sample[i * 3] as number, sample[i * 3 + 1] as number, sample[i * 3 + 2] as number]) -
    plane.offset;
  for (let i = 0; i < m; i += 1) if (remaining[i] && Math.abs(distance(candidate, i)) < INLIER_M) use[i] = 1;
  const refined = fitPlaneTrimmed(sample, Uint8Array.from(use)) ?? {
    ...candidate,
    centroid: [0, 0, 0] as Point3,
  };
  const { along, up } = planeAxes(refined.normal);
  const cells = new Map<string, number[]>();
  for (let i = 0; i < m; i += 1) {
    if (!remaining[i] || Math.abs(distance(refined, i)) >= INLIER_M) continue;
    remaining[i] = 0;
    const q = [sample[i * 3] as number, sample[i * 3 + 1] as number, sample[i * 3 + 2] as number];
    const key = `${Math.floor(dot(q, along) / GRID_M)},${Math.floor(dot(q, up) / GRID_M)}`;
    const list = cells.get(key);
    if (list) list.push(i);
    else cells.set(key, [i]);
  }
  const plans: SurfacePlan[] = [];
  const seen = new Set<string>();
  for (const key of cells.keys()) {
    if (seen.has(key)) continue;
    const piece: number[] = [];
    let area = 0;
    const queue = [key];
    seen.add(key);
    while (queue.length) {
      const at = queue.pop() as string;
      area += GRID_M * GRID_M;
      piece.push(...(cells.get(at) as number[]));
      const [cu, cv] = at.split(',').map(Number) as [number, number];
      for (let du = -1; du <= 1; du += 1)
        for (let dv = -1; dv <= 1; dv += 1) {
          const next = `${cu + du},${cv + dv}`;
          if (cells.has(next) && !seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
    }
    if (area < MIN_AREA_M2) continue;
    const mask = new Uint8Array(m);
    for (const i of piece) mask[i] = 1;
    const plane = fitPlaneTrimmed(sample, mask);
    if (!plane) continue;
    const kind = kindOf(plane.normal, plane.centroid[2], (zLow + zHigh) / 2);
    if (kind) plans.push({ ...withAxes(plane, kind), piece });
  }
  return plans;
}

/**
 * Normals into the room: floors up, ceilings down. A wall with a parallel face 3-60 cm behind or in
 * front of it (the other side of a partition) faces away from that face; any other wall faces the
 * side where more of the cloud lies within 3 m in front of it.
 */
function orient(plans: SurfacePlan[], sample: Float64Array): SurfacePlan[] {
  const m = sample.length / 3;
  return plans.map((plan) => {
    const { plane, kind } = plan;
    let turn: boolean;
    if (kind !== 'wall') turn = (kind === 'floor') !== plane.normal[2] > 0;
    else {
      const twin = plans.find(
        (o) =>
          o !== plan &&
          o.kind === 'wall' &&
          Math.abs(dot(o.plane.normal, plane.normal)) > 0.98 &&
          Math.abs(dot(plane.normal, o.plane.centroid) - plane.offset) > 0.03 &&
          Math.abs(dot(plane.normal, o.plane.centroid) - plane.offset) < 0.6 &&
          Math.abs(dot(plan.along, o.plane.centroid) - dot(plan.along, plane.centroid)) < 3,
      );
      if (twin) turn = dot(plane.normal, twin.plane.centroid) - plane.offset > 0;
      else {
        let front = 0;
        let back = 0;
        for (let i = 0; i < m; i += 1) {
          const q = [sample[i * 3] as number, sample[i * 3 + 1] as number, sample[i * 3 + 2] as number];
          const d = dot(plane.normal, q) - plane.offset;
          if (d > 0.1 && d < 3) front += 1;
          else if (d < -0.1 && d > -3) back += 1;
        }
        turn = back > front;
      }
    }
    return turn ? { ...withAxes(flipped(plane), kind), piece: plan.piece } : plan;
  });
}
