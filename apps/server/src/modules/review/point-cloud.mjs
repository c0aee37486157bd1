// Reads a wall's point cloud for its algorithm image (algorithm-image-worker.mjs) with the scan
// engine's streaming reader (scans/engine/cloud-reader.ts: PLY ascii/binary, PCD ascii/binary/
// binary_compressed, LAS and LAZ, told apart by content). Clouds over `maxCloudBytes` are not read; of
// the rest at most `maxPoints` points are kept, at an even stride. Anything else throws a
// CloudUnreadable with the reason. The plane fit below works on what it read. TypeScript is loaded
// on demand, so the worker must have tsx registered (it does) and vitest runs it as it is.
import fs from 'node:fs/promises';

export class CloudUnreadable extends Error {}
const unreadable = (reason) => {
  throw new CloudUnreadable(reason);
};

/** Why the engine refused a cloud, in words for the map's note. */
function reasonOf(error) {
  const { messageKey, params } = error;
  if (messageKey === 'scans.error.notPointCloud') return 'not a PLY, PCD, LAS or LAZ cloud';
  if (messageKey === 'scans.error.noPoints') return 'no points';
  if (messageKey === 'scans.error.unreadable') return String(params?.detail ?? 'unreadable');
  return messageKey;
}

/** The cloud's points as a Float64Array of x, y, z triples (finite points only). */
export async function readPointCloud(file, { maxPoints, maxCloudBytes }) {
  const { size } = await fs.stat(file);
  if (size > maxCloudBytes) unreadable(`cloud over ${Math.round(maxCloudBytes / 1048576)} MB`);
  const { readCloud } = await import('../scans/engine/cloud-reader.ts');
  const points = [];
  let stride = 1;
  let seen = 0;
  try {
    await readCloud(file, {
      start(info) {
        stride = Math.max(1, Math.floor(info.declaredPoints / maxPoints));
      },
      chunk({ count, xyz }) {
        for (let i = 0; i < count; i += 1, seen += 1) {
          if (seen % stride !== 0 || points.length >= maxPoints * 3) continue;
          const [x, y, z] = [xyz[i * 3], xyz[i * 3 + 1], xyz[i * 3 + 2]];
          if (Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z)) points.push(x, y, z);
        }
      },
    });
  } catch (error) {
    if (typeof error?.messageKey === 'string') unreadable(reasonOf(error));
    throw error;
  }
  if (points.length === 0) unreadable('no points');
  if (points.length < 9) unreadable('fewer than 3 points');
  return Float64Array.from(points);
}

/** Eigen decomposition of a symmetric 3x3 matrix (Jacobi): { values, vectors (columns) }. */
function eigen3(m) {
  const a = m.map((row) => [...row]);
  const v = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  for (let sweep = 0; sweep < 50; sweep += 1) {
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ]) {
      if (Math.abs(a[p][q]) < 1e-15) continue;
      const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      for (let k = 0; k < 3; k += 1) {
        const akp = a[k][p];
        const akq = a[k][q];
        a[k][p] = c * akp - s * akq;
        a[k][q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k += 1) {
        const apk = a[p][k];
        const aqk = a[q][k];
        a[p][k] = c * apk - s * aqk;
        a[q][k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k += 1) {
        const vkp = v[k][p];
        const vkq = v[k][q];
        v[k][p] = c * vkp - s * vkq;
        v[k][q] = s * vkp + c * vkq;
      }
    }
  }
  return [0, 1, 2]
    .map((i) => ({ value: a[i][i], vector: [v[0][i], v[1][i], v[2][i]] }))
    .sort((x, y) => x.value - y.value);
}

const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Centroid and covariance of the points whose `use` flag is set. */
function moments(points, use) {
  const c = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < points.length; i += 3) {
    if (!use[i / 3]) continue;
    n += 1;
    for (let k = 0; k < 3; k += 1) c[k] += points[i + k];
  }
  for (let k = 0; k < 3; k += 1) c[k] /= n;
  const cov = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let i = 0; i < points.length; i += 3) {
    if (!use[i / 3]) continue;
    const d = [points[i] - c[0], points[i + 1] - c[1], points[i + 2] - c[2]];
    for (let r = 0; r < 3; r += 1) for (let k = 0; k < 3; k += 1) cov[r][k] += (d[r] * d[k]) / n;
  }
  return { c, cov };
}

/**
 * The points against their best-fit plane (least squares: the normal is the direction of least
 * variance; refitted twice on the 80 % of points nearest the plane, so a bulge or a recess does not
 * tilt it): per point its position on the plane (u along, v up) and its deviation from the plane,
 * all in mm, positive towards the scanner (the cloud's origin). Coordinates are taken as metres, or
 * as mm when the cloud spans more than 100 units.
 */
export function deviationsFromPlane(points) {
  const n = points.length / 3;
  const use = new Uint8Array(n).fill(1);
  let { c, cov } = moments(points, use);
  for (let pass = 0; pass < 2; pass += 1) {
    const normal = eigen3(cov)[0].vector;
    const distance = new Float64Array(n);
    for (let i = 0; i < n; i += 1)
      distance[i] = Math.abs(
        (points[i * 3] - c[0]) * normal[0] +
          (points[i * 3 + 1] - c[1]) * normal[1] +
          (points[i * 3 + 2] - c[2]) * normal[2],
      );
    const limit = Float64Array.from(distance).sort()[Math.floor(n * 0.8)];
    for (let i = 0; i < n; i += 1) use[i] = distance[i] <= limit ? 1 : 0;
    ({ c, cov } = moments(points, use));
  }
  const [least, , most] = eigen3(cov);
  const normal = dot(least.vector, c) > 0 ? least.vector.map((x) => -x) : least.vector;
  // "Up" is the cloud's z axis projected onto the plane (its x axis for a floor or ceiling, whose
  // normal is z); "along" completes the pair, so a wall is drawn upright.
  const axis = Math.abs(normal[2]) < 0.9 ? [0, 0, 1] : [1, 0, 0];
  const lean = dot(axis, normal);
  const raw = axis.map((x, k) => x - lean * normal[k]);
  const length = Math.hypot(...raw);
  const up = raw.map((x) => x / length);
  const along = [
    up[1] * normal[2] - up[2] * normal[1],
    up[2] * normal[0] - up[0] * normal[2],
    up[0] * normal[1] - up[1] * normal[0],
  ];
  const span = 4 * Math.sqrt(Math.max(most.value, 0));
  const scale = span > 100 ? 1 : 1000;
  const u = new Float64Array(n);
  const v = new Float64Array(n);
  const d = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const p = [points[i * 3] - c[0], points[i * 3 + 1] - c[1], points[i * 3 + 2] - c[2]];
    u[i] = dot(p, along) * scale;
    v[i] = dot(p, up) * scale;
    d[i] = dot(p, normal) * scale;
  }
  return { u, v, d };
}
