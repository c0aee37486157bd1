/**
 * Child process of scan-tiling.ts: processes one cloud with the scan engine (as the scans job does,
 * in the engine's worker thread) and prints one JSON line: seconds, points, tiles, surfaces, its max
 * RSS in MB and the largest event-loop delay of its main thread meanwhile.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createScanEngine } from '../../src/modules/scans/engine/index.ts';

const [input, outputDir] = process.argv.slice(2) as [string, string];
const item = (code: string, right: number) =>
  ({
    Code: code,
    Mode: 'absolute',
    Left: 0,
    Right: right,
    WarnLeft: 0,
    WarnRight: right * 0.75,
    Exploded: right * 2,
    Rule: { RulerLength: 2000 },
  }) as never;
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const started = performance.now();
const result = await createScanEngine().processPointCloud({
  inputPath: input,
  outputDir,
  siteScan: false,
  flatness: item('flatness', 4),
  verticality: item('verticality', 4),
  colors: { qualified: '#16a34a', warning: '#facc15', unqualified: '#dc2626', exploded: '#7c3aed' },
});
const seconds = (performance.now() - started) / 1000;
delay.disable();
console.log(
  JSON.stringify({
    seconds,
    points: result.points,
    tiles: result.files.length - 1,
    surfaces: result.surfaces.length,
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    maxLoopDelayMs: Math.round(delay.max / 1e6),
  }),
);
