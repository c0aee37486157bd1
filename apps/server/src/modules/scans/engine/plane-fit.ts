/**
 * Least-squares planes (domain.md section 11): the normal is the direction of least variance of the
 * points; points farther than 3 sigma from the plane are dropped and the plane refitted until nothing
 * more is dropped. Pure arithmetic on float arrays of x, y, z triples.
 */
import type { Point3 } from './engine-types.ts';

export interface Plane {
  normal: Point3;
  /** normal . p = offset on the plane. */
  offset: number;
  centroid: Point3;
}

export const dot = (a: readonly number[], b: readonly number[]) =>
  (a[0] as number) * (b[0] as number) +
  (a[1] as number) * (b[1] as number) +
  (a[2] as number) * (b[2] as number);
export const cross = (a: readonly number[], b: readonly number[]): Point3 => [
  (a[1] as number) * (b[2] as number) - (a[2] as number) * (b[1] as number),
  (a[2] as number) * (b[0] as number) - (a[0] as number) * (b[2] as number),
  (a[0] as number) * (b[1] as number) - (a[1] as number) * (b[0] as number),
];
export const unitOf = (a: readonly number[]): Point3 => {
  const l = Math.hypot(a[0] as number, a[1] as number, a[2] as number) || 1;
  return [(a[0] as number) / l, (a[1] as number) / l, (a[2] as number) / l];
};

/** Eigenvector of the least eigenvalue of a symmetric 3x3 matrix (Jacobi rotations). */
export function leastEigenvector(m: number[][]): Point3 {
  const a = m.map((row) => [...row]);
  const v = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  for (let sweep = 0; sweep < 50; sweep += 1) {
    let off = 0;
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      const apq = (a[p] as number[])[q] as number;
      off += Math.abs(apq);
      if (Math.abs(apq) < 1e-18) continue;
      const theta = (((a[q] as number[])[q] as number) - ((a[p] as number[])[p] as number)) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      for (let k = 0; k < 3; k += 1) {
        const ak = a[k] as number[];
        const [akp, akq] = [ak[p] as number, ak[q] as number];
        ak[p] = c * akp - s * akq;
        ak[q] = s * akp + c * akq;
      }
      const [ap, aq] = [a[p] as number[], a[q] as number[]];
      for (let k = 0; k < 3; k += 1) {
        const [apk, aqk] = [ap[k] as number, aq[k] as number];
        ap[k] = c * apk - s * aqk;
        aq[k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k += 1) {
        const vk = v[k] as number[];
        const [vkp, vkq] = [vk[p] as number, vk[q] as number];
        vk[p] = c * vkp - s * vkq;
        vk[q] = s * vkp + c * vkq;
      }
    }
    if (off < 1e-20) break;
  }
  let best = 0;
  for (let i = 1; i < 3; i += 1)
    if (((a[i] as number[])[i] as number) < ((a[best] as number[])[best] as number)) best = i;
  return unitOf([
    (v[0] as number[])[best] as number,
    (v[1] as number[])[best] as number,
    (v[2] as number[])[best] as number,
  ]);
}

/** Least-squares plane of the points `xyz[i*3..]` whose `use[i]` is set. */
export function planeOf(xyz: ArrayLike<number>, use: Uint8Array): Plane | null {
  const n = use.length;
  let count = 0;
  const c: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < n; i += 1) {
    if (!use[i]) continue;
    count += 1;
    c[0] += xyz[i * 3] as number;
    c[1] += xyz[i * 3 + 1] as number;
    c[2] += xyz[i * 3 + 2] as number;
  }
  if (count < 3) return null;
  for (let k = 0; k < 3; k += 1) c[k] = (c[k] as number) / count;
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let i = 0; i < n; i += 1) {
    if (!use[i]) continue;
    const dx = (xyz[i * 3] as number) - (c[0] as number);
    const dy = (xyz[i * 3 + 1] as number) - (c[1] as number);
    const dz = (xyz[i * 3 + 2] as number) - (c[2] as number);
    const [m0, m1, m2] = m as [number[], number[], number[]];
    m0[0] = (m0[0] as number) + dx * dx;
    m0[1] = (m0[1] as number) + dx * dy;
    m0[2] = (m0[2] as number) + dx * dz;
    m1[1] = (m1[1] as number) + dy * dy;
    m1[2] = (m1[2] as number) + dy * dz;
    m2[2] = (m2[2] as number) + dz * dz;
  }
  const [m0, m1, m2] = m as [number[], number[], number[]];
  m1[0] = m0[1] as number;
  m2[0] = m0[2] as number;
  m2[1] = m1[2] as number;
  const normal = leastEigenvector(m);
  const centroid = c as Point3;
  return { normal, offset: dot(normal, centroid), centroid };
}

/**
 * The plane of the points, refitted after dropping those beyond 3 sigma of the last fit until no
 * more are dropped (at most 10 rounds). `use` marks the points to start from and is narrowed in place.
 */
export function fitPlaneTrimmed(xyz: ArrayLike<number>, use: Uint8Array): Plane | null {
  let plane = planeOf(xyz, use);
  for (let round = 0; plane && round < 10; round += 1) {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < use.length; i += 1) {
      if (!use[i]) continue;
      const d =
        dot(plane.normal, [xyz[i * 3] as number, xyz[i * 3 + 1] as number, xyz[i * 3 + 2] as number]) -
        plane.offset;
      sum += d * d;
      count += 1;
    }
    const limit = 3 * Math.sqrt(sum / Math.max(1, count));
    let dropped = 0;
    for (let i = 0; i < use.length; i += 1) {
      if (!use[i]) continue;
      const d =
        dot(plane.normal, [xyz[i * 3] as number, xyz[i * 3 + 1] as number, xyz[i * 3 + 2] as number]) -
        plane.offset;
      if (Math.abs(d) > limit) {
        use[i] = 0;
        dropped += 1;
      }
    }
    if (dropped === 0) break;
    plane = planeOf(xyz, use) ?? plane;
  }
  return plane;
}

/** The plane with its normal turned the other way. */
export const flipped = (plane: Plane): Plane => ({
  ...plane,
  normal: [-plane.normal[0], -plane.normal[1], -plane.normal[2]],
  offset: -plane.offset,
});

/**
 * In-plane axes: `up` is z projected onto the plane (x for a floor or ceiling), `along` = up x normal,
 * so (along, up, normal) is right-handed: seen from the normal's side, along points right, up points up.
 */
export function planeAxes(normal: Point3): { along: Point3; up: Point3 } {
  const axis: Point3 = Math.abs(normal[2]) < 0.9 ? [0, 0, 1] : [1, 0, 0];
  const lean = dot(axis, normal);
  const up = unitOf([axis[0] - lean * normal[0], axis[1] - lean * normal[1], axis[2] - lean * normal[2]]);
  return { along: cross(up, normal), up };
}
