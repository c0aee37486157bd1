/**
 * Benchmark (issue 6): judge 1,000,000 readings with the judging engine. The bar is under 1 s.
 * Readings are split into sites of 50 (absolute and deviation) and 5-spot groups (range), the way
 * a report judges them, into reused typed arrays.
 *
 *   node --import tsx apps/server/bench/judging.ts   (or npm run bench)
 */
import { performance } from 'node:perf_hooks';
import {
  type FrozenStandard,
  type GradeCounts,
  addCounts,
  emptyCounts,
  judgeInto,
} from '../src/modules/standards/judging/judge.ts';

const READINGS = 1_000_000;
const SITE = 50;
const LIMIT_MS = 1000;

const standards: FrozenStandard[] = [
  { mode: 'absolute', left: 0, right: 8, warnLeft: 0, warnRight: 6 },
  { mode: 'deviation', left: -15, right: 15, warnLeft: -12, warnRight: 12 },
  { mode: 'range', left: 0, right: 15, warnLeft: 0, warnRight: 12 },
];

// Deterministic pseudo-random readings (a small LCG): 0-10 mm gaps for the absolute sites,
// 2800 mm +- 18 mm net heights for the deviation and range sites, one decimal like real readings.
const readings = new Float64Array(READINGS);
let seed = 42;
for (let index = 0; index < READINGS; index += 1) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  const unit = seed / 2147483648;
  const absoluteSite = Math.floor(index / SITE) % 3 === 0;
  readings[index] = Math.round((absoluteSite ? unit * 10 : 2800 + unit * 36 - 18) * 10) / 10;
}

function run(): { ms: number; counts: GradeCounts } {
  const values = new Float64Array(SITE);
  const grades = new Uint8Array(SITE);
  const counts = emptyCounts();
  const started = performance.now();
  for (let start = 0, site = 0; start < READINGS; start += SITE, site += 1) {
    const standard = standards[site % 3] as FrozenStandard;
    const slice = readings.subarray(start, Math.min(start + SITE, READINGS));
    addCounts(counts, judgeInto(standard, slice, values, grades, { design: 2800, groupSize: 5 }));
  }
  return { ms: performance.now() - started, counts };
}

// The first (cold) run is the one reported: no warm-up flatters the figure.
const { ms, counts } = run();
const passRate = (counts.qualified + counts.warning) / counts.total;
console.log(
  `judged ${READINGS} readings in ${Math.round(ms)} ms ` +
    `(${counts.total} judged values: ${counts.qualified} qualified, ${counts.warning} warning, ` +
    `${counts.unqualified} unqualified, ${counts.exploded} exploded; pass rate ${(passRate * 100).toFixed(1)} %)`,
);
if (ms >= LIMIT_MS) {
  console.error(`judging took ${Math.round(ms)} ms, over the ${LIMIT_MS} ms bar`);
  process.exitCode = 1;
}
