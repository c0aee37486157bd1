/**
 * Measures found surfaces on all points of the cloud: which points belong to which surface, their
 * signed deviations (mm, along the surface's normal, positive into the room), max / min / RMS, the
 * share of area out of the flatness standard, the area, the deviation colours and the virtual rulers.
 *
 * Area: occupied cells of a 0.1 m grid on the plane. Out of tolerance: on a 50 mm grid on the plane, a
 * cell is out when the mean |deviation| of its points exceeds the flatness item's Right; the share is
 * out cells / occupied cells.
 */
import { standardOfItem } from '../../results/judge-readings.ts';
import { type GradeName, gradeOf } from '../../standards/judging/judge.ts';
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
/** `member` of a point on no surface. */
export const NONE = 255;

export interface MeasureOptions {
  siteScan: boolean;
  flatness: FrozenItem | null;
  verticality: FrozenItem | null;
  colors: Record<GradeName, string>;
}

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
  /** Dense grids on the plane from (u0, v0): OUT_CELL_M cells (sum of |mm|, count) and AREA_CELL_M cells. */
  columns: number;
  outSum: Float64Array;
  outCount: Uint32Array;
  areaColumns: number;
  area: Uint8Array;
  flat: Array<{ t: number[]; d: number[] }>;
  plumb: Array<{ z: number[]; h: number[] }>;
  flatPlaces: RulerPlace[];
  plumbPlaces: RulerPlace[];
  flatStrips: Strip[];
  plumbStrips: Strip[];
}

/** Per surface: normal, offset, along, up as one float array (hot loops read it, no objects). */
const frameOf = (plan: SurfacePlan) =>
  Float64Array.of(...plan.plane.normal, plan.plane.offset, ...plan.along, ...plan.up);

/**
 * Measures surfaces on points handed in slices (the whole cloud at once in memory, or bucket by
 * bucket out of core): `assign` every point (membership, rectangles), then `begin`, then `tally`
 * every point once with the membership `assign` gave it (deviations, figures, grids, colours, rulers),
 * then `surfaces`. Positions are relative to `origin`.
 */
export class SurfaceMeter {
  private readonly frames: Float64Array[];
  private readonly rects: Rect[];
  private readonly limits: number[][];
  private tallies: Tally[] = [];

  constructor(
    private readonly plans: SurfacePlan[],
    private readonly options: MeasureOptions,
    private readonly origin: Point3,
  ) {
    this.frames = plans.map(frameOf);
    this.rects = plans.map(() => ({ u0: Infinity, u1: -Infinity, v0: Infinity, v1: -Infinity }));
    // A site's cloud is all one surface; in a household a point belongs to the nearest surface whose
    // band and rectangle (from the sample, +0.1 m) hold it.
    this.limits = plans.map((plan) => {
      const r = plan.sampleRect;
      return r
        ? [r.u0 - 0.1, r.u1 + 0.1, r.v0 - 0.1, r.v1 + 0.1]
        : [-Infinity, Infinity, -Infinity, Infinity];
    });
  }

  /** Pass 1: the surface of each of `count` points into `member` (NONE: on none); grows the rectangles. */
  assign(positions: Float32Array, count: number, member: Uint8Array): void {
    const { plans, frames, limits, rects, options } = this;
    for (let i = 0; i < count; i += 1) {
      const x = positions[i * 3] as number;
      const y = positions[i * 3 + 1] as number;
      const z = positions[i * 3 + 2] as number;
      let best = NONE;
      let bestDistance = Infinity;
      let bu = 0;
      let bv = 0;
      for (let s = 0; s < plans.length; s += 1) {
        const f = frames[s] as Float64Array;
        const distance = options.siteScan ? 0 : Math.abs(f[0]! * x + f[1]! * y + f[2]! * z - f[3]!);
        if (distance > BAND_M || distance >= bestDistance) continue;
        const u = f[4]! * x + f[5]! * y + f[6]! * z;
        const v = f[7]! * x + f[8]! * y + f[9]! * z;
        const l = limits[s] as number[];
        if (u < l[0]! || u > l[1]! || v < l[2]! || v > l[3]!) continue;
        [best, bestDistance, bu, bv] = [s, distance, u, v];
      }
      member[i] = best;
      if (best === NONE) continue;
      const r = rects[best] as Rect;
      if (bu < r.u0) r.u0 = bu;
      if (bu > r.u1) r.u1 = bu;
      if (bv < r.v0) r.v0 = bv;
      if (bv > r.v1) r.v1 = bv;
    }
  }

  /** After every point is assigned: the grids and ruler places on the final rectangles. */
  begin(): void {
    const { options, rects } = this;
    this.tallies = this.plans.map((plan, s) => {
      const rect = rects[s] as Rect;
      const wall = plan.kind === 'wall';
      const flatPlaces = wall && options.flatness ? flatnessPlaces(rect, rulerLengthM(options.flatness)) : [];
      const plumbPlaces =
        wall && options.verticality ? verticalityPlaces(rect, rulerLengthM(options.verticality)) : [];
      const empty = !(rect.u1 >= rect.u0);
      const cellsOf = (size: number) =>
        empty
          ? [1, 1]
          : [Math.floor((rect.u1 - rect.u0) / size) + 1, Math.floor((rect.v1 - rect.v0) / size) + 1];
      const [columns, rows] = cellsOf(OUT_CELL_M) as [number, number];
      const [areaColumns, areaRows] = cellsOf(AREA_CELL_M) as [number, number];
      return {
        rect,
        points: 0,
        max: -Infinity,
        min: Infinity,
        sumSq: 0,
        columns,
        outSum: new Float64Array(columns * rows),
        outCount: new Uint32Array(columns * rows),
        areaColumns,
        area: new Uint8Array(areaColumns * areaRows),
        flat: flatPlaces.map(() => ({ t: [], d: [] })),
        plumb: plumbPlaces.map(() => ({ z: [], h: [] })),
        flatPlaces,
        plumbPlaces,
        flatStrips: flatPlaces.map(stripOf),
        plumbStrips: plumbPlaces.map(stripOf),
      };
    });
  }

  /** Pass 2: deviations, figures, grids and the points under the rulers; recolours members when a flatness item is given. */
  tally(positions: Float32Array, colors: Uint8Array, member: Uint8Array, count: number): void {
    const { frames, tallies, options } = this;
    const standard = options.flatness ? standardOfItem(options.flatness) : null;
    const palette = GRADE_NAMES.map((g) => rgbOf(options.colors[g] ?? '#808080'));
    // Most points are qualified: that test is inlined, the judging engine grades the others.
    const [warnLow, warnHigh] = standard ? [standard.warnLeft, standard.warnRight] : [0, -1];
    for (let i = 0; i < count; i += 1) {
      const s = member[i] as number;
      if (s === NONE) continue;
      const f = frames[s] as Float64Array;
      const t = tallies[s] as Tally;
      const x = positions[i * 3] as number;
      const y = positions[i * 3 + 1] as number;
      const z = positions[i * 3 + 2] as number;
      const mm = (f[0]! * x + f[1]! * y + f[2]! * z - f[3]!) * 1000;
      const u = f[4]! * x + f[5]! * y + f[6]! * z;
      const v = f[7]! * x + f[8]! * y + f[9]! * z;
      t.points += 1;
      if (mm > t.max) t.max = mm;
      if (mm < t.min) t.min = mm;
      t.sumSq += mm * mm;
      const size = mm < 0 ? -mm : mm;
      const cell =
        Math.floor((v - t.rect.v0) / OUT_CELL_M) * t.columns + Math.floor((u - t.rect.u0) / OUT_CELL_M);
      t.outSum[cell] = t.outSum[cell]! + size;
      t.outCount[cell] = t.outCount[cell]! + 1;
      t.area[
        Math.floor((v - t.rect.v0) / AREA_CELL_M) * t.areaColumns + Math.floor((u - t.rect.u0) / AREA_CELL_M)
      ] = 1;
      if (standard) {
        const colour = palette[size >= warnLow && size <= warnHigh ? 0 : gradeOf(size, standard)] as number[];
        colors[i * 3] = colour[0]!;
        colors[i * 3 + 1] = colour[1]!;
        colors[i * 3 + 2] = colour[2]!;
      }
      for (let k = 0; k < t.flatStrips.length; k += 1) {
        const under = underRuler(t.flatStrips[k]!, u, v);
        if (under < 0) continue;
        t.flat[k]!.t.push(under);
        t.flat[k]!.d.push(mm);
      }
      for (let k = 0; k < t.plumbStrips.length; k += 1) {
        if (underRuler(t.plumbStrips[k]!, u, v) < 0) continue;
        const nh = Math.hypot(f[0]!, f[1]!) || 1;
        t.plumb[k]!.z.push(z);
        t.plumb[k]!.h.push((x * f[0]! + y * f[1]!) / nh);
      }
    }
  }

  /** The measured surfaces (those with points), in the scan's frame. */
  surfaces(): ScannedSurface[] {
    const { options, origin } = this;
    return this.plans.flatMap((plan, s) => {
      const t = this.tallies[s] as Tally;
      if (t.points === 0) return [];
      let out = 0;
      let occupied = 0;
      for (let c = 0; c < t.outCount.length; c += 1) {
        const n = t.outCount[c]!;
        if (n === 0) continue;
        occupied += 1;
        if (options.flatness && t.outSum[c]! / n > options.flatness.Right) out += 1;
      }
      const at = (u: number, v: number): Point3 => {
        const base = plan.plane.offset;
        const n = plan.plane.normal;
        return [0, 1, 2].map(
          (k) => n[k]! * base + plan.along[k]! * u + plan.up[k]! * v + origin[k]!,
        ) as Point3;
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
        outOfToleranceShare: options.flatness && occupied ? out / occupied : 0,
        areaM2: Math.round(t.area.reduce((a, b) => a + b, 0) * AREA_CELL_M * AREA_CELL_M * 1000) / 1000,
        kind: plan.kind,
        readings,
      };
      return [surface];
    });
  }
}

/** Measures the surfaces on a cloud held in memory; recolours their points in `store` when a flatness item is given. */
export function measureSurfaces(
  store: PointStore,
  plans: SurfacePlan[],
  options: MeasureOptions,
): ScannedSurface[] {
  const meter = new SurfaceMeter(plans, options, store.origin ?? [0, 0, 0]);
  const member = new Uint8Array(store.count);
  meter.assign(store.positions, store.count, member);
  meter.begin();
  meter.tally(store.positions, store.colors, member, store.count);
  return meter.surfaces();
}

const round = (mm: number) => Math.round(mm * 100) / 100;

/** A ruler's place with what the hot loop needs: its box (+STRIP_M), direction and length. */
interface Strip {
  a: [number, number];
  du: number;
  dv: number;
  length: number;
  box: [number, number, number, number];
}
const stripOf = (place: RulerPlace): Strip => {
  const du = place.b[0] - place.a[0];
  const dv = place.b[1] - place.a[1];
  const length = Math.hypot(du, dv) || 1;
  return {
    a: place.a,
    du: du / length,
    dv: dv / length,
    length,
    box: [
      Math.min(place.a[0], place.b[0]) - STRIP_M,
      Math.max(place.a[0], place.b[0]) + STRIP_M,
      Math.min(place.a[1], place.b[1]) - STRIP_M,
      Math.max(place.a[1], place.b[1]) + STRIP_M,
    ],
  };
};

/** The position along the ruler of a point at (u, v) within STRIP_M of it, else -1. */
function underRuler(strip: Strip, u: number, v: number): number {
  const box = strip.box;
  if (u < box[0] || u > box[1] || v < box[2] || v > box[3]) return -1;
  const t = (u - strip.a[0]) * strip.du + (v - strip.a[1]) * strip.dv;
  if (t < 0 || t > strip.length) return -1;
  const side = Math.abs((u - strip.a[0]) * strip.dv - (v - strip.a[1]) * strip.du);
  return side <= STRIP_M ? t : -1;
}
