/**
 * Measures parsing a DXF close to the 50 MB upload limit: on the main thread (how long it would
 * block every other request) and in the worker thread the server uses (event-loop delay meanwhile).
 * Run: node --import tsx apps/server/bench/dxf-parse.ts
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { HOUSE_MAP_LIMITS } from '@measure/contract';
import { parseDxfInWorker } from '../src/modules/house-maps/plan-file.ts';

// dxf-parser's CommonJS export is the class itself (its type declarations describe an ES module).
const DxfParser = createRequire(import.meta.url)('dxf-parser') as new () => {
  parseSync(text: string): { entities: unknown[] } | null;
};

function drawing(targetBytes: number): Buffer {
  const parts = ['0\nSECTION\n2\nENTITIES\n'];
  let size = parts[0]?.length ?? 0;
  for (let index = 0; size < targetBytes - 200; index += 1) {
    const line = `0\nLINE\n8\nL${index % 20}\n10\n${index}.5\n20\n${index}.25\n30\n0\n11\n${index + 1}.5\n21\n${index + 2}.75\n31\n0\n`;
    parts.push(line);
    size += line.length;
  }
  parts.push('0\nENDSEC\n0\nEOF\n');
  return Buffer.from(parts.join(''), 'latin1');
}

const data = drawing(HOUSE_MAP_LIMITS.maxDxfBytes - 1024);
console.log(`DXF of ${(data.length / 1024 / 1024).toFixed(1)} MB`);

let start = performance.now();
const parsed = new DxfParser().parseSync(data.toString('latin1'));
console.log(
  `main thread: ${(performance.now() - start).toFixed(0)} ms, ${parsed?.entities.length ?? 0} entities (the event loop is blocked all that time)`,
);

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
start = performance.now();
const summary = await parseDxfInWorker(data);
delay.disable();
console.log(
  `worker: ${(performance.now() - start).toFixed(0)} ms, ${summary?.entities ?? 0} entities; ` +
    `max event-loop delay meanwhile ${(delay.max / 1e6).toFixed(0)} ms`,
);
