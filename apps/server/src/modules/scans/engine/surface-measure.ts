/**
 * Measures found surfaces on all points of the cloud: which points belong to which surface, their
 * signed deviations (mm, along the surface's normal, positive into the room), max / min / RMS, the
 * share of area out of the flatness standard, the area, the deviation colours and the virtual rulers.
 *
 * Area: occupied cells of a 0.1 m grid on the plane. Out of tolerance: on a 50 mm grid on the plane, a
 * cell is out when the mean |deviation| of its points exceeds the flatness item's Right; the share is
 * out cells / occupied cells.
 */
import { type GradeName, gradeOf, type FrozenStandard } from '../../standards/judging/judge.ts';
import type { FrozenItem } from '../../../db/json-types.ts';
import type { DerivedReading, DerivedRuler, Point3, ScannedSurface } from './engine-types.ts';
import { dot } from './plane-fit.ts';
import type { PointStore } from './point-store.ts';
import type { SurfacePlan } from './surface-finder.ts';
import {
  plumbDeviation,
  type Rect,
  type RulerPlace,
  STRIP_M,
  flatnessPlaces,
  straightedgeGap,
  verticalityPlaces,
} from './virtual-rulers.ts';
import { GRADE_NAMES } from '../../standards/judging/judge.ts';

/** A household point belongs to a surface within this distance of its plane (and inside its rectangle). */
export const BAND_M = 0.06;
const OUT_CELL_M = 0.05;
const AREA_CELL_M = 0.1;
const NONE = 255;

export interface MeasureOptions {
  siteScan: boolean;
  flatness: FrozenItem | null;
  verticality: FrozenItem | null;
  colors: Record<GradeName, string>;
}

const standardOf = (item: FrozenItem): FrozenStandard => ({
  mode: item.Mode,
  left: item.Left,
  right: item.Right,
  warnLeft: item.WarnLeft,
  warnRight: item.WarnRight,
  exploded: item.Exploded,
});
const rgbOf = (hex: string): [number, number, number] => {
  const v = Number.parseInt(hex.replace('#', ''), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
};
const rulerLengthM = (item: FrozenItem | null) => (item?.Rule?.RulerLength || 2000) / 1000;

interface Tally {
  rect: Rect;
  points: number;
  max: number;
  min: number;
  sumSq: number;
  cells: Map<number, [number, number]>;
  areaCells: Set<number>;
  flat: Array<{ t: number[]; d: number[] }>;
  plumb: Array<{ z: number[]; h: number[] }>;
  flatPlaces: RulerPlace[];
  plumbPlaces: RulerPlace[];
}

/** Measures the surfaces; recolours their points in `store` when a flatness item is given. */
export function measureSurfaces(
  store: PointStore,
  plans: SurfacePlan[],
  options: MeasureOptions,
): ScannedSurface[] {
  const { positions, count } = store;
  const origin = store.origin ?? [0, 0, 0];
  const member = new Uint8Array(count).fill(NONE);
  const rects: Rect[] = plans.map(() => ({ u0: Infinity, u1: -Infinity, v0: Infinity, v1: -Infinity }));
  const q = [0, 0, 0];
  const uvOf = (plan: SurfacePlan) => [dot(q, plan.along), dot(q, plan.up)] as const;
  // Pass 1: membership and rectangles. A site's cloud is all one surface; in a household a point
  // belongs to the first (largest) surface whose band and rectangle (from the sample, +0.1 m) hold it.
  const sampleRects = plans.map((plan) => plan.sampleRect);
  for (let i = 0; i < count; i += 1) {
    q[0] = positions[i * 3] as number;
    q[1] = positions[i * 3 + 1] as number;
    q[2] = positions[i * 3 + 2] as number;
    for (let s = 0; s < plans.length; s += 1) {
      const plan = plans[s] as SurfacePlan;
      if (!options.siteScan && Math.abs(dot(q, plan.plane.normal) - plan.plane.offset) > BAND_M) continue;
      const [u, v] = uvOf(plan);
      const limit = sampleRects[s];
      if (
        !options.siteScan &&
        limit &&
        (u < limit.u0 - 0.1 || u > limit.u1 + 0.1 || v < limit.v0 - 0.1 || v > limit.v1 + 0.1)
      )
        continue;
      member[i] = s;
      const r = rects[s] as Rect;
      if (u < r.u0) r.u0 = u;
      if (u > r.u1) r.u1 = u;
      if (v < r.v0) r.v0 = v;
      if (v > r.v1) r.v1 = v;
      break;
    }
  }
  const tallies: Tally[] = plans.map((plan, s) => {
    const rect = rects[s] as Rect;
    const wall = plan.kind === 'wall';
    const flatPlaces = wall && options.flatness ? flatnessPlaces(rect, rulerLengthM(options.flatness)) : [];
    const plumbPlaces =
      wall && options.verticality ? verticalityPlaces(rect, rulerLengthM(options.verticality)) : [];
    return {
      rect,
      points: 0,
      max: -Infinity,
      min: Infinity,
      sumSq: 0,
      cells: new Map(),
      areaCells: new Set(),
      flat: flatPlaces.map(() => ({ t: [], d: [] })),
      plumb: plumbPlaces.map(() => ({ z: [], h: [] })),
      flatPlaces,
      plumbPlaces,
    };
  });
  const standard = options.flatness ? standardOf(options.flatness) : null;
  const palette = GRADE_NAMES.map((g) => rgbOf(options.colors[g] ?? '#808080'));
  // Pass 2: deviations, figures, grids, colours and the points under the rulers.
  for (let i = 0; i < count; i += 1) {
    const s = member[i] as number;
    if (s === NONE) continue;
    const plan = plans[s] as SurfacePlan;
    const t = tallies[s] as Tally;
    q[0] = positions[i * 3] as number;
    q[1] = positions[i * 3 + 1] as number;
    q[2] = positions[i * 3 + 2] as number;
    const dm = dot(q, plan.plane.normal) - plan.plane.offset;
    const mm = dm * 1000;
    t.points += 1;
    if (mm > t.max) t.max = mm;
    if (mm < t.min) t.min = mm;
    t.sumSq += mm * mm;
    const [u, v] = uvOf(plan);
    const cu = Math.floor((u - t.rect.u0) / OUT_CELL_M);
    const cv = Math.floor((v - t.rect.v0) / OUT_CELL_M);
    const key = cv * 1_000_003 + cu;
    const cell = t.cells.get(key);
    if (cell) {
      cell[0] += Math.abs(mm);
      cell[1] += 1;
    } else t.cells.set(key, [Math.abs(mm), 1]);
    t.areaCells.add(
      Math.floor((v - t.rect.v0) / AREA_CELL_M) * 1_000_003 + Math.floor((u - t.rect.u0) / AREA_CELL_M),
    );
    if (standard) store.colors.set(palette[gradeOf(Math.abs(mm), standard)] as number[], i * 3);
    t.flatPlaces.forEach((place, k) => {
      const under = underRuler(place, u, v);
      if (under !== null) {
        const list = t.flat[k] as { t: number[]; d: number[] };
        list.t.push(under);
        list.d.push(mm);
      }
    });
    t.plumbPlaces.forEach((place, k) => {
      if (underRuler(place, u, v) === null) return;
      const list = t.plumb[k] as { z: number[]; h: number[] };
      const nh = Math.hypot(plan.plane.normal[0], plan.plane.normal[1]) || 1;
      list.z.push(q[2] as number);
      list.h.push(((q[0] as number) * plan.plane.normal[0] + (q[1] as number) * plan.plane.normal[1]) / nh);
    });
  }
  return plans.flatMap((plan, s) => {
    const t = tallies[s] as Tally;
    if (t.points === 0) return [];
    let out = 0;
    if (options.flatness)
      for (const [sum, n] of t.cells.values()) if (sum / n > options.flatness.Right) out += 1;
    const at = (u: number, v: number): Point3 => {
      const base = plan.plane.offset;
      const n = plan.plane.normal;
      return [0, 1, 2].map((k) => n[k]! * base + plan.along[k]! * u + plan.up[k]! * v + origin[k]!) as Point3;
    };
    const r = t.rect;
    const readings: DerivedReading[] = [];
    const flatRulers = t.flatPlaces.flatMap((place, k): DerivedRuler[] => {
      const value = straightedgeGap(t.flat[k]!.t, t.flat[k]!.d);
      return value === null ? [] : [{ from: at(...place.a), to: at(...place.b), valueMm: round(value) }];
    });
    if (options.flatness && flatRulers.length)
      readings.push({ itemCode: options.flatness.Code, rulers: flatRulers });
    const plumbRulers = t.plumbPlaces.flatMap((place, k): DerivedRuler[] => {
      const length = place.b[1] - place.a[1];
      const value = plumbDeviation(t.plumb[k]!.z, t.plumb[k]!.h, length);
      return value === null ? [] : [{ from: at(...place.a), to: at(...place.b), valueMm: round(value) }];
    });
    if (options.verticality && plumbRulers.length)
      readings.push({ itemCode: options.verticality.Code, rulers: plumbRulers });
    const normal = plan.plane.normal;
    const surface: ScannedSurface = {
      points: t.points,
      corners: [at(r.u0, r.v0), at(r.u1, r.v0), at(r.u1, r.v1), at(r.u0, r.v1)],
      normal,
      offset: plan.plane.offset + dot(normal, origin),
      maxMm: round(t.max),
      minMm: round(t.min),
      rmsMm: round(Math.sqrt(t.sumSq / t.points)),
      outOfToleranceShare: options.flatness && t.cells.size ? out / t.cells.size : 0,
      areaM2: Math.round(t.areaCells.size * AREA_CELL_M * AREA_CELL_M * 1000) / 1000,
      kind: plan.kind,
      readings,
    };
    return [surface];
  });
}

const round = (mm: number) => Math.round(mm * 100) / 100;

/** The position along the ruler of a point at (u, v) within STRIP_M of it, else null. */
function underRuler(place: RulerPlace, u: number, v: number): number | null {
  const du = place.b[0] - place.a[0];
  const dv = place.b[1] - place.a[1];
  const length = Math.hypot(du, dv);
  const t = ((u - place.a[0]) * du + (v - place.a[1]) * dv) / length;
  if (t < 0 || t > length) return null;
  const side = Math.abs((u - place.a[0]) * dv - (v - place.a[1]) * du) / length;
  return side <= STRIP_M ? t : null;
}
