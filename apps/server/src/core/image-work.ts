import { Worker } from 'node:worker_threads';

/**
 * Image work in worker threads (decoding uploads, annotating pictures, rendering algorithm images):
 * decoding a camera picture or rendering a heatmap takes long enough to stall other requests, so it
 * never runs on the event loop. At most MAX_PARALLEL workers run at once across all kinds (a large
 * picture holds its pixels in memory); the others wait their turn.
 */
const MAX_PARALLEL = 2;
const TIMEOUT_MS = 30_000;
let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export type WorkerFailure = { ok: false; reason: string };

/**
 * Runs `script` (a worker module) with `workerData` plus the bytes of `data` (copied and transferred
 * as `buffer`, `byteOffset`, `byteLength`) and answers its one message; a timeout, an error or an
 * exit without a message answers `{ ok: false, reason }` (never throws).
 */
export async function runImageWorker<T>(
  script: URL,
  data: Uint8Array | null,
  workerData: Record<string, unknown>,
): Promise<T | WorkerFailure> {
  return withSlot(async () => {
    const copy = new Uint8Array(data ?? new Uint8Array(0));
    const worker = new Worker(script, {
      workerData: { ...workerData, buffer: copy.buffer, byteOffset: 0, byteLength: copy.byteLength },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    try {
      return await new Promise<T | WorkerFailure>((resolve) => {
        const timer = setTimeout(() => resolve({ ok: false, reason: 'worker timed out' }), TIMEOUT_MS);
        worker.once('message', (answer: T) => {
          clearTimeout(timer);
          resolve(answer);
        });
        worker.once('error', (error) => {
          clearTimeout(timer);
          resolve({ ok: false, reason: error.message });
        });
        worker.once('exit', () => {
          clearTimeout(timer);
          resolve({ ok: false, reason: 'worker stopped' });
        });
      });
    } finally {
      await worker.terminate();
    }
  });
}
