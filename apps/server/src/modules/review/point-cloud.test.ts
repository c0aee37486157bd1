import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloudUnreadable, deviationsFromPlane, readPointCloud } from './point-cloud.mjs';

// A small wall: 5 x 4 points on the plane y = 2 (metres), one of them 10 mm towards the scanner.
const wall: number[] = [];
for (let x = 0; x < 5; x += 1)
  for (let z = 0; z < 4; z += 1) wall.push(x * 0.5, x === 2 && z === 2 ? 1.99 : 2, z * 0.5);
const count = wall.length / 3;
const limits = { maxPoints: 1000, maxCloudBytes: 1024 * 1024 };

const asciiPly = Buffer.from(
  `ply\nformat ascii 1.0\nelement vertex ${count}\nproperty float x\nproperty float y\nproperty float z\nproperty uchar intensity\nend_header\n` +
    Array.from({ length: count }, (_, n) => `${wall[n * 3]} ${wall[n * 3 + 1]} ${wall[n * 3 + 2]} 200`).join(
      '\n',
    ) +
    '\n',
);
/** Binary little endian, double coordinates and an extra byte per point, with a face element after. */
function binaryPly(): Buffer {
  const records = Buffer.alloc(count * 25);
  for (let n = 0; n < count; n += 1) {
    for (let k = 0; k < 3; k += 1) records.writeDoubleLE(wall[n * 3 + k] as number, n * 25 + k * 8);
    records[n * 25 + 24] = 7;
  }
  const header =
    `ply\nformat binary_little_endian 1.0\nelement vertex ${count}\nproperty double x\nproperty double y\n` +
    'property double z\nproperty uchar intensity\nelement face 0\nproperty list uchar int vertex_indices\nend_header\n';
  return Buffer.concat([Buffer.from(header), records]);
}
const pcdHeader = (data: string) =>
  `# .PCD v0.7\nVERSION 0.7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 1\nWIDTH ${count}\nHEIGHT 1\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS ${count}\nDATA ${data}\n`;
const binaryPcd = Buffer.concat([
  Buffer.from(pcdHeader('binary')),
  Buffer.from(Float32Array.from(wall).buffer),
]);
const asciiPcd = Buffer.from(
  pcdHeader('ascii') +
    Array.from({ length: count }, (_, n) => `${wall[n * 3]} ${wall[n * 3 + 1]} ${wall[n * 3 + 2]}`).join(
      '\n',
    ),
);

let dir: string;
const file = async (name: string, data: Buffer) => {
  const at = path.join(dir, name);
  await writeFile(at, data);
  return at;
};
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'clouds-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('point clouds', () => {
  it.each([
    ['ascii PLY', asciiPly],
    ['binary PLY', binaryPly()],
    ['binary PCD', binaryPcd],
    ['ascii PCD', asciiPcd],
  ])('reads the x, y, z of a %s', async (name, data) => {
    const points = await readPointCloud(await file(name, data), limits);
    // Float32 in the files (and in loaders.gl's positions): equal to 1e-6.
    expect(points).toHaveLength(wall.length);
    points.forEach((value, n) => expect(value).toBeCloseTo(wall[n] as number, 6));
    // The bump stands 10 mm out of the fitted plane, towards the scanner at the origin.
    const { d } = deviationsFromPlane(points);
    const bump = 2 * 4 + 2;
    expect(d[bump]).toBeGreaterThan(8);
    expect(
      Math.max(
        ...Array.from(d)
          .filter((_, n) => n !== bump)
          .map(Math.abs),
      ),
    ).toBeLessThan(2);
  });

  it('keeps at most maxPoints points, at an even stride', async () => {
    const points = await readPointCloud(await file('stride.pcd', binaryPcd), { ...limits, maxPoints: 10 });
    expect(points).toHaveLength(10 * 3);
    expect(Array.from(points.subarray(3, 6)).map((v) => Math.round(v * 100) / 100)).toEqual(wall.slice(6, 9));
  });

  it('refuses what it cannot read with the reason', async () => {
    const refused = async (name: string, data: Buffer, max = limits.maxCloudBytes) => {
      const error = await readPointCloud(await file(name, data), { ...limits, maxCloudBytes: max }).catch(
        (e) => e,
      );
      expect(error).toBeInstanceOf(CloudUnreadable);
      return (error as Error).message;
    };
    expect(await refused('las', Buffer.from('LASF too short for a header'))).toBe(
      'not a PLY, PCD, LAS or LAZ cloud',
    );
    expect(await refused('text', Buffer.from('x y z\n1 2 3\n'))).toBe('not a PLY, PCD, LAS or LAZ cloud');
    expect(await refused('big.ply', asciiPly, 100)).toBe('cloud over 0 MB');
    expect(
      await refused('two.pcd', Buffer.from(pcdHeader('ascii').replace(/ 20\n/g, ' 2\n') + '0 0 0\n1 1 1')),
    ).toBe('fewer than 3 points');
  });
});
