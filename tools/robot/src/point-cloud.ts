import { type HouseholdGeometry, signedArea, WALL_HEIGHT_M, wallsOf } from './household-rooms.ts';
import type { PlanPoint, WallGeometry } from './household-rooms.ts';
import { seededRandom } from './random.ts';

/**
 * A synthetic scan of a household's rooms as a scanner would send it: binary little-endian PLY with
 * float x, y, z (metres in the household's plan frame, z up) and uchar red, green, blue. Points lie on
 * the walls (and optionally the floor and ceiling) with gaussian noise along the surface normal,
 * clipped at 3 sigma; a bulge is a gaussian bump into the room on one wall, so the deviation map and
 * the virtual rulers find it. Written in chunks, so a large cloud never sits whole in memory.
 */
export interface Bulge {
  /** The wall of the bump (matched by its end points: a room's walls are made anew per call). */
  wall: WallGeometry;
  /** Centre along the wall from its start, metres. */
  alongM: number;
  /** Centre height above the wall's base (the floor), metres. */
  heightM: number;
  /** Peak displacement into the room (negative: a dent into the wall), millimetres. */
  depthMm: number;
  /** Gaussian radius (sigma) of the bump, metres. */
  sigmaM: number;
}

export interface CloudOptions {
  points: number;
  seed: number;
  /** Noise sigma along the normal, millimetres (default 1.5; clipped at 3 sigma). */
  noiseMm?: number;
  floor?: boolean;
  ceiling?: boolean;
  bulges?: readonly Bulge[];
}

export const DEFAULT_NOISE_MM = 1.5;
const CHUNK_POINTS = 65_536;
const BYTES_PER_POINT = 15;

interface Surface {
  area: number;
  sample: (random: () => number, noise: () => number) => [number, number, number];
}

/** A standard normal value by Box-Muller, clipped at 3. */
function clippedNormal(random: () => number): number {
  const value = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.max(-3, Math.min(3, value));
}

/** How far a bulge pushes a point of its wall at (along, height), metres. */
export function bulgeOffsetM(bulge: Bulge, alongM: number, heightM: number): number {
  const r2 = (alongM - bulge.alongM) ** 2 + (heightM - bulge.heightM) ** 2;
  return (bulge.depthMm / 1000) * Math.exp(-r2 / (2 * bulge.sigmaM ** 2));
}

function wallSurface(wall: WallGeometry, bulges: readonly Bulge[]): Surface {
  const same = (a: PlanPoint, b: PlanPoint) => Math.abs(a.x - b.x) < 1e-9 && Math.abs(a.y - b.y) < 1e-9;
  const own = bulges.filter((bulge) => same(bulge.wall.from, wall.from) && same(bulge.wall.to, wall.to));
  const wallHeight = wall.heightM ?? WALL_HEIGHT_M;
  const base = wall.baseM ?? 0;
  return {
    area: wall.length * wallHeight,
    sample: (random, noise) => {
      const along = random() * wall.length;
      const height = random() * wallHeight;
      const offset = noise() + own.reduce((sum, bulge) => sum + bulgeOffsetM(bulge, along, height), 0);
      const t = along / wall.length;
      return [
        wall.from.x + (wall.to.x - wall.from.x) * t + wall.inward.x * offset,
        wall.from.y + (wall.to.y - wall.from.y) * t + wall.inward.y * offset,
        base + height,
      ];
    },
  };
}

/** A horizontal surface over a room's outline (rejection sampling in its bounding box). */
function slabSurface(outline: readonly PlanPoint[], z: number): Surface {
  const xs = outline.map((point) => point.x);
  const ys = outline.map((point) => point.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return {
    area: Math.abs(signedArea(outline)),
    sample: (random, noise) => {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const x = minX + random() * (maxX - minX);
        const y = minY + random() * (maxY - minY);
        if (insidePolygon(outline, x, y)) return [x, y, z + noise()];
      }
      const first = outline[0] as PlanPoint;
      return [first.x, first.y, z + noise()];
    },
  };
}

function insidePolygon(polygon: readonly PlanPoint[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const a = polygon[i] as PlanPoint;
    const b = polygon[j] as PlanPoint;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

export function plyHeader(points: number): Buffer {
  return Buffer.from(
    [
      'ply',
      'format binary_little_endian 1.0',
      'comment Measure Cloud robot simulator: metres, plan frame, z up',
      `element vertex ${points}`,
      'property float x',
      'property float y',
      'property float z',
      'property uchar red',
      'property uchar green',
      'property uchar blue',
      'end_header',
      '',
    ].join('\n'),
    'latin1',
  );
}

/** The surfaces of a household scan: every room's walls, and its floor and ceiling if asked. */
function householdSurfaces(geometry: HouseholdGeometry, options: CloudOptions): Surface[] {
  const bulges = options.bulges ?? [];
  return geometry.rooms.flatMap((room) => [
    ...wallsOf(room).map((wall) => wallSurface(wall, bulges)),
    ...(options.floor === false ? [] : [slabSurface(room.outline, 0)]),
    ...(options.ceiling ? [slabSurface(room.outline, WALL_HEIGHT_M)] : []),
  ]);
}

/**
 * The PLY file of a household in chunks (header first). Points are spread over the surfaces by
 * area; the same options give the same bytes.
 */
export const householdCloudChunks = (geometry: HouseholdGeometry, options: CloudOptions) =>
  cloudChunks(householdSurfaces(geometry, options), options);

/** The PLY of one wall alone (a site's own cloud, `PointCloudFileId`), with the bulges on it. */
export const wallCloud = (wall: WallGeometry, options: CloudOptions): Buffer =>
  Buffer.concat([...cloudChunks([wallSurface(wall, options.bulges ?? [])], options)]);

function* cloudChunks(surfaces: Surface[], options: CloudOptions): Generator<Buffer> {
  if (surfaces.length === 0 || !(options.points >= 1)) throw new Error('a cloud needs surfaces and points');
  const total = surfaces.reduce((sum, surface) => sum + surface.area, 0);
  // Whole points per surface by area; the rounding remainder goes to the first surfaces.
  const counts = surfaces.map((surface) => Math.floor((options.points * surface.area) / total));
  let left = options.points - counts.reduce((sum, n) => sum + n, 0);
  for (let index = 0; left > 0; index = (index + 1) % counts.length, left -= 1)
    counts[index] = (counts[index] ?? 0) + 1;

  const random = seededRandom(options.seed);
  const sigma = (options.noiseMm ?? DEFAULT_NOISE_MM) / 1000;
  const noise = () => clippedNormal(random) * sigma;
  yield plyHeader(options.points);
  let chunk = Buffer.alloc(Math.min(CHUNK_POINTS, options.points) * BYTES_PER_POINT);
  let offset = 0;
  for (const [index, surface] of surfaces.entries()) {
    const shade = 150 + ((index * 37) % 90);
    for (let n = 0; n < (counts[index] ?? 0); n += 1) {
      const [x, y, z] = surface.sample(random, noise);
      chunk.writeFloatLE(x, offset);
      chunk.writeFloatLE(y, offset + 4);
      chunk.writeFloatLE(z, offset + 8);
      chunk[offset + 12] = shade;
      chunk[offset + 13] = shade;
      chunk[offset + 14] = Math.min(255, shade + 10);
      offset += BYTES_PER_POINT;
      if (offset === chunk.length) {
        yield chunk;
        chunk = Buffer.alloc(chunk.length);
        offset = 0;
      }
    }
  }
  if (offset > 0) yield chunk.subarray(0, offset);
}

/** The whole PLY in one buffer (for the default, test-sized clouds). */
export const householdCloud = (geometry: HouseholdGeometry, options: CloudOptions): Buffer =>
  Buffer.concat([...householdCloudChunks(geometry, options)]);

/** Reads back a PLY written by householdCloudChunks (tests): x, y, z per point. */
export function readSimulatorPly(ply: Buffer): Float32Array {
  const end = ply.indexOf('end_header\n');
  const header = ply.subarray(0, end).toString('latin1');
  const count = Number(/element vertex (\d+)/.exec(header)?.[1] ?? 0);
  const body = ply.subarray(end + 'end_header\n'.length);
  const xyz = new Float32Array(count * 3);
  for (let index = 0; index < count; index += 1) {
    xyz[index * 3] = body.readFloatLE(index * BYTES_PER_POINT);
    xyz[index * 3 + 1] = body.readFloatLE(index * BYTES_PER_POINT + 4);
    xyz[index * 3 + 2] = body.readFloatLE(index * BYTES_PER_POINT + 8);
  }
  return xyz;
}
