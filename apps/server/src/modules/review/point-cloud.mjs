// Reads a wall's point cloud for its algorithm image (algorithm-image-worker.mjs): PCD (ascii or
// binary, not binary_compressed) and PLY (ascii or binary little endian, the vertex element first)
// with float or double x, y, z. At most `maxPoints` points are kept: binary clouds are read at an even
// stride (seeking, so a 2 GB cloud costs maxPoints small reads), ASCII clouds line by line up to
// `maxAsciiBytes` with every n-th point kept. Anything else throws a CloudUnreadable with the reason.
import fs from 'node:fs';

export class CloudUnreadable extends Error {}
const unreadable = (reason) => {
  throw new CloudUnreadable(reason);
};

const SIZES = { F4: 4, F8: 8, I1: 1, U1: 1, I2: 2, U2: 2, I4: 4, U4: 4, I8: 8, U8: 8 };
const PLY_TYPES = {
  char: 'I1',
  int8: 'I1',
  uchar: 'U1',
  uint8: 'U1',
  short: 'I2',
  int16: 'I2',
  ushort: 'U2',
  uint16: 'U2',
  int: 'I4',
  int32: 'I4',
  uint: 'U4',
  uint32: 'U4',
  float: 'F4',
  float32: 'F4',
  double: 'F8',
  float64: 'F8',
};

/** Header of a PCD or PLY: format, point count, record layout (binary) or token index (ascii). */
function parseHeader(head) {
  const text = head.toString('latin1');
  if (text.startsWith('ply')) {
    const end = text.indexOf('end_header\n');
    if (end < 0) unreadable('PLY header without end_header');
    const lines = text.slice(0, end).split(/\r?\n/);
    const format = lines.find((l) => l.startsWith('format '))?.split(/\s+/)[1];
    if (!['ascii', 'binary_little_endian'].includes(format)) unreadable(`PLY format ${format}`);
    const first = lines.findIndex((l) => l.startsWith('element '));
    if (!lines[first]?.startsWith('element vertex ')) unreadable('PLY without a vertex element first');
    const count = Number(lines[first].split(/\s+/)[2]);
    const fields = [];
    for (const line of lines.slice(first + 1)) {
      if (line.startsWith('element ')) break;
      const parts = line.trim().split(/\s+/);
      if (parts[0] !== 'property') continue;
      if (parts[1] === 'list') unreadable('PLY vertex with a list property');
      const type = PLY_TYPES[parts[1]];
      if (!type) unreadable(`PLY property type ${parts[1]}`);
      fields.push({ name: parts[2], type });
    }
    return { format: format === 'ascii' ? 'ascii' : 'binary', count, fields, offset: end + 11 };
  }
  const match = /^DATA (\w+)\r?\n/m.exec(text);
  if (!/^(#|VERSION|FIELDS)/.test(text) || !match) unreadable('neither PCD nor PLY');
  const value = (key) => new RegExp(`^${key} (.+)$`, 'm').exec(text.slice(0, match.index))?.[1].trim();
  const names = (value('FIELDS') ?? '').split(/\s+/);
  const sizes = (value('SIZE') ?? '').split(/\s+/);
  const types = (value('TYPE') ?? '').split(/\s+/);
  const counts = (value('COUNT') ?? names.map(() => '1').join(' ')).split(/\s+/);
  if (match[1] !== 'ascii' && match[1] !== 'binary') unreadable(`PCD data ${match[1]}`);
  const fields = [];
  names.forEach((name, i) => {
    const type = `${types[i]}${sizes[i]}`;
    if (!SIZES[type]) unreadable(`PCD field type ${type}`);
    for (let c = 0; c < Number(counts[i] ?? 1); c += 1)
      fields.push({ name: c === 0 ? name : `${name}_${c}`, type });
  });
  const count = Number(value('POINTS') ?? value('WIDTH'));
  return { format: match[1], count, fields, offset: match.index + match[0].length };
}

function read(fd, position, length) {
  const buffer = Buffer.alloc(length);
  const got = fs.readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, got);
}

function sample(buffer, at, type) {
  if (type === 'F4') return buffer.readFloatLE(at);
  if (type === 'F8') return buffer.readDoubleLE(at);
  return Number.NaN;
}

/** The cloud's points as a Float64Array of x, y, z triples (finite points only). */
export function readPointCloud(file, { maxPoints, maxAsciiBytes }) {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const header = parseHeader(read(fd, 0, Math.min(size, 65_536)));
    const index = ['x', 'y', 'z'].map((name) => header.fields.findIndex((f) => f.name === name));
    if (index.some((i) => i < 0)) unreadable('no x, y and z fields');
    if (!(header.count > 0)) unreadable('no points');
    const points = [];
    const keep = (x, y, z) => {
      if (Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z)) points.push(x, y, z);
    };
    if (header.format === 'binary') {
      const offsets = [];
      let record = 0;
      for (const field of header.fields) {
        offsets.push(record);
        record += SIZES[field.type];
      }
      if (index.some((i) => header.fields[i].type[0] !== 'F')) unreadable('x, y, z are not floating point');
      const count = Math.min(header.count, Math.floor((size - header.offset) / record));
      const stride = Math.max(1, Math.floor(count / maxPoints));
      const perRead = stride === 1 ? 65_536 : 1;
      for (let n = 0; n < count; n += stride * perRead) {
        const records = Math.min(perRead, count - n);
        const block = read(fd, header.offset + n * record, records * record);
        for (let r = 0; r < records; r += 1) {
          const at = r * record;
          keep(...index.map((i) => sample(block, at + offsets[i], header.fields[i].type)));
        }
      }
    } else {
      if (size > maxAsciiBytes) unreadable(`ASCII cloud over ${Math.round(maxAsciiBytes / 1048576)} MB`);
      const stride = Math.max(1, Math.floor(header.count / maxPoints));
      let rest = '';
      let line = 0;
      for (let position = header.offset; position < size; position += 4_194_304) {
        const lines = (rest + read(fd, position, 4_194_304).toString('latin1')).split('\n');
        rest = lines.pop() ?? '';
        for (const text of lines) {
          if (line >= header.count) break;
          if (line % stride === 0) {
            const tokens = text.trim().split(/\s+/);
            keep(...index.map((i) => Number(tokens[i])));
          }
          line += 1;
        }
      }
      if (rest && line < header.count && line % stride === 0) {
        const tokens = rest.trim().split(/\s+/);
        keep(...index.map((i) => Number(tokens[i])));
      }
    }
    if (points.length < 9) unreadable('fewer than 3 points');
    return Float64Array.from(points);
  } finally {
    fs.closeSync(fd);
  }
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
