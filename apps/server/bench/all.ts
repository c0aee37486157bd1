/**
 * Runs every server benchmark in sequence, each in its own Node process (own heap, own embedded
 * PostgreSQL where it needs one): import-users (<10 s), dxf-parse (about 12 s: builds and parses a
 * 50 MB DXF twice), judging (<1 s) and editor-render (about a minute: builds the web app, starts a
 * server and opens the floor-plan editor on a 50,000-entity DXF in chromium, first render <= 2 s, also
 * printed as a ratio to a blank page's first frame) and
 * get-page (about 45 s: an authenticated 10-row GetPage of the real server against a minimal
 * Fastify + pg server, throughput ratio >= 0.5) and ingest (about a minute: 1,000,000 readings through the
 * device API against a raw COPY of the same rows, ratio <= 3; p99 of a trivial call while ingesting <= 2x idle) and
 * analysis (a few minutes: 10,000,000 readings generated, then analysis calls against a trivial call, ratio <= 3)
 * and report-render (a 5,000-site report rendered while a trivial call runs: p99 <= 2x idle) and
 * live-events (about a minute: a robot ingests through one server instance, its task events reach a
 * stream on another instance, p99 < 1 s) and storage-upload (a few minutes: a 100 MB tus upload into
 * S3 mode (s3rver) against local disk, throughput ratio >= 0.5) and scan-tiling (a minute or two: a
 * generated 20,000,000-point PLY tiled into 3D Tiles by the scan engine, >= 1,000,000 points/s, peak
 * memory < 1 GB) and scan-viewer (a few minutes: a 3,000,000-point cloud tiled by the scans job, the
 * model preview's first frame with points in chromium <= 2 s and <= 8 MB downloaded, orbiting > 20
 * frames per second at the median).
 * Names as arguments run only those:
 *
 *   npm run bench                    all of them
 *   npm run bench -- judging         only the judging benchmark
 *   npm run bench -- editor-render   only the floor-plan editor benchmark
 *   npm run bench -- get-page        only the GetPage throughput benchmark
 *   npm run bench -- ingest          only the results ingestion benchmark
 *   npm run bench -- analysis        only the analysis benchmark (10,000,000 readings)
 *   npm run bench -- report-render   only the report rendering benchmark
 *   npm run bench -- live-events     only the live events benchmark (two instances)
 *   npm run bench -- storage-upload  only the S3 upload benchmark
 *   npm run bench -- scan-tiling     only the point-cloud tiling benchmark
 *   npm run bench -- scan-viewer     only the 3D viewer benchmark
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHES = [
  'import-users',
  'dxf-parse',
  'judging',
  'editor-render',
  'get-page',
  'ingest',
  'analysis',
  'report-render',
  'live-events',
  'storage-upload',
  'scan-tiling',
  'scan-viewer',
] as const;

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(BENCHES as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; known: ${BENCHES.join(', ')}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? BENCHES.filter((name) => wanted.includes(name)) : BENCHES;

let failed = 0;
for (const name of selected) {
  console.log(`\n== ${name}`);
  const file = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  const result = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed += 1;
    console.error(`${name} failed (exit ${result.status ?? result.signal})`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
