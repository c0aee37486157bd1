/**
 * Tiles a generated 20,000,000-point binary PLY (a household of four rooms: walls, floors and
 * ceilings with 1.5 mm noise and colour) through the scan engine as the scans job does (worker thread,
 * household surfaces, virtual rulers, 3D Tiles 1.1). The engine runs in a child process of its own so
 * its peak memory (max RSS, worker thread included) is measured alone.
 * Goals: >= 1,000,000 points per second, peak memory < 1 GB. Removes its files.
 * Run: node --import tsx apps/server/bench/scan-tiling.ts [points | big]
 * `big` is 80,000,000 points (1.2 GB of PLY; needs about 4 GB of free disk for the cloud, the engine's
 * bucket files and the tiles): over the engine's in-memory limit (IN_MEMORY_MAX_POINTS), so it
 * measures the out-of-core path, whose goal is the same peak memory under 1 GB.
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IN_MEMORY_MAX_POINTS } from '../src/modules/scans/engine/process-cloud.ts';

const BIG_POINTS = 80_000_000;
const POINTS = process.argv[2] === 'big' ? BIG_POINTS : Number(process.argv[2] ?? 20_000_000);
const RECORD = 15;

/** A seeded generator, so every run tiles the same cloud. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Surfaces of four 4 x 5 m rooms, 2.8 m high, side by side along x (metres). */
const ROOMS = [0, 1, 2, 3].map((k) => ({ x0: k * 4.2, x1: k * 4.2 + 4, y0: 0, y1: 5 }));
const HEIGHT = 2.8;

async function writeCloud(file: string): Promise<void> {
  const out = createWriteStream(file);
  out.write(
    `ply\nformat binary_little_endian 1.0\nelement vertex ${POINTS}\nproperty float x\nproperty float y\nproperty float z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n`,
  );
  const rand = random(7);
  const noise = () => (rand() + rand() + rand() - 1.5) * 0.003;
  const batch = 100_000;
  for (let written = 0; written < POINTS; written += batch) {
    const n = Math.min(batch, POINTS - written);
    const buffer = Buffer.alloc(n * RECORD);
    for (let i = 0; i < n; i += 1) {
      const room = ROOMS[Math.floor(rand() * ROOMS.length)] as (typeof ROOMS)[number];
      const side = Math.floor(rand() * 6);
      const a = rand();
      const b = rand();
      const w = room.x1 - room.x0;
      const d = room.y1 - room.y0;
      let p: [number, number, number];
      if (side === 0) p = [room.x0 + noise(), room.y0 + a * d, b * HEIGHT];
      else if (side === 1) p = [room.x1 + noise(), room.y0 + a * d, b * HEIGHT];
      else if (side === 2) p = [room.x0 + a * w, room.y0 + noise(), b * HEIGHT];
      else if (side === 3) p = [room.x0 + a * w, room.y1 + noise(), b * HEIGHT];
      else if (side === 4) p = [room.x0 + a * w, room.y0 + b * d, noise()];
      else p = [room.x0 + a * w, room.y0 + b * d, HEIGHT + noise()];
      const at = i * RECORD;
      buffer.writeFloatLE(p[0], at);
      buffer.writeFloatLE(p[1], at + 4);
      buffer.writeFloatLE(p[2], at + 8);
      buffer[at + 12] = 120 + side * 20;
      buffer[at + 13] = 140;
      buffer[at + 14] = 160;
    }
    if (!out.write(buffer)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const dir = await mkdtemp(path.join(tmpdir(), 'scan-tiling-'));
try {
  const input = path.join(dir, 'cloud.ply');
  const outputDir = path.join(dir, 'tiles');
  await mkdir(outputDir);
  let started = performance.now();
  await writeCloud(input);
  const { size } = await stat(input);
  const way = POINTS > IN_MEMORY_MAX_POINTS ? 'out of core (two reads, bucket files on disk)' : 'in memory';
  console.log(
    `path: ${way}; generated ${POINTS.toLocaleString('en')} points, ${(size / 1048576).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const load = loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
  started = performance.now();
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./support/scan-tiling-child.ts', import.meta.url)),
      input,
      outputDir,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 },
  );
  const wall = (performance.now() - started) / 1000;
  if (child.status !== 0)
    throw new Error(`tiling child failed (exit ${child.status ?? child.signal}): ${child.stdout}`);
  const report = JSON.parse(child.stdout.trim().split('\n').at(-1) as string) as {
    seconds: number;
    points: number;
    tiles: number;
    surfaces: number;
    maxRssMb: number;
    maxLoopDelayMs: number;
    cpuSeconds: number;
  };
  const rate = report.points / report.seconds;
  console.log(
    `tiled ${report.points.toLocaleString('en')} points into ${report.tiles} tiles, ${report.surfaces} surfaces measured, in ${report.seconds.toFixed(1)} s ` +
      `(child process ${wall.toFixed(1)} s with start-up): ${Math.round(rate).toLocaleString('en')} points/s (goal >= 1,000,000)`,
  );
  console.log(
    `peak memory (max RSS of the engine's process, worker thread included): ${report.maxRssMb} MB (goal < 1024)`,
  );
  console.log(
    `CPU time of the engine's process (all threads): ${report.cpuSeconds.toFixed(1)} s, ${Math.round(report.points / report.cpuSeconds).toLocaleString('en')} points per CPU second (the rate with a core to itself)`,
  );
  console.log(
    `max event-loop delay of the process starting the worker meanwhile: ${report.maxLoopDelayMs} ms`,
  );
  console.log(
    `load average before (1, 5, 15 min): ${load}; after: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  if (rate < 1_000_000 || report.maxRssMb >= 1024) process.exitCode = 1;
} finally {
  if (!process.env.KEEP) await rm(dir, { recursive: true, force: true });
}
