// Parses a DXF drawing off the main thread (a 50 MB file takes seconds; see plan-file.ts).
// Input: the file bytes (transferred). Output: { ok: true, entities, layers } or { ok: false }.
import { parentPort, workerData } from 'node:worker_threads';
import DxfParser from 'dxf-parser';

const bytes = Buffer.from(workerData.buffer, workerData.byteOffset, workerData.byteLength);
let answer;
try {
  const parsed = new DxfParser().parseSync(bytes.toString('latin1'));
  answer =
    parsed && Array.isArray(parsed.entities)
      ? {
          ok: true,
          entities: parsed.entities.length,
          layers: Object.keys(parsed.tables?.layer?.layers ?? {}).length,
        }
      : { ok: false };
} catch {
  answer = { ok: false };
}
parentPort.postMessage(answer);
