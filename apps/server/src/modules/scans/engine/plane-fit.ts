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

/**
 * Eigenvalues and unit eigenvectors of a symmetric 3x3 matrix (Jacobi rotations), smallest value
 * first.
 */
export function symmetricEigen(m: number[][]): Array<{ value: number; vector: Point3 }> {
  const a = m.map((row) => [...row]);
  const v = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  const rotate = (rows: number[][], p: number, q: number, c: number, s: number, byColumn: boolean) => {
    for (let k = 0; k < 3; k += 1) {
      const [i, j] = byColumn ? [k, k] : [p, q];
      const x = byColumn ? rows[i]![p]! : rows[i]![k]!;
      const y = byColumn ? rows[j]![q]! : rows[j]![k]!;
      if (byColumn) {
        rows[i]![p] = c * x - s * y;
        rows[j]![q] = s * x + c * y;
      } else {
        rows[i]![k] = c * x - s * y;
        rows[j]![k] = s * x + c * y;
      }
    }
  };
  for (let sweep = 0; sweep < 50; sweep += 1) {
    let off = 0;
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      const apq = a[p]![q]!;
      off += Math.abs(apq);
      if (Math.abs(apq) < 1e-18) continue;
      const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      rotate(a, p, q, c, s, true);
      rotate(a, p, q, c, s, false);
      rotate(v, p, q, c, s, true);
    }
    if (off < 1e-20) break;
  }
  return [0, 1, 2]
    .map((i) => ({ value: a[i]![i]!, vector: unitOf([v[0]![i]!, v[1]![i]!, v[2]![i]!]) }))
    .sort((x, y) => x.value - y.value);
}

/** Eigenvector of the least eigenvalue of a symmetric 3x3 matrix. */
export const leastEigenvector = (m: number[][]): Point3 => symmetricEigen(m)[0]!.vector;

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
  const distance = (p: Plane, i: number) =>
    p.normal[0] * xyz[i * 3]! + p.normal[1] * xyz[i * 3 + 1]! + p.normal[2] * xyz[i * 3 + 2]! - p.offset;
  for (let round = 0; plane && round < 10; round += 1) {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < use.length; i += 1) {
      if (!use[i]) continue;
      sum += distance(plane, i) ** 2;
      count += 1;
    }
    const limit = 3 * Math.sqrt(sum / Math.max(1, count));
    let dropped = 0;
    for (let i = 0; i < use.length; i += 1) {
      if (use[i] && Math.abs(distance(plane, i)) > limit) {
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
