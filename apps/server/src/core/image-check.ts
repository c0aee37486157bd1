import { Worker } from 'node:worker_threads';

/** What decoding an uploaded image found. */
export type ImageCheck = { ok: true; width: number; height: number } | { ok: false; reason: string };

const DECODE_TIMEOUT_MS = 30_000;
/** At most this many images are decoded at once (a 40-megapixel JPEG needs ~200 MB while decoding). */
const MAX_PARALLEL = 2;
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

/**
 * Verifies that an image really decodes, in a worker thread (a large JPEG takes a second or more
 * to decode, which must not stall other requests): PNG by its chunk structure, every CRC and the
 * image data inflating to exactly the size its header declares (streamed, nothing kept); JPEG by a
 * full strict decode with jpeg-js. Images over `maxPixels` (width x height) are refused unread.
 */
export async function checkImageDecodes(
  data: Buffer,
  kind: 'png' | 'jpg',
  maxPixels: number,
): Promise<ImageCheck> {
  return withSlot(async () => {
    const copy = new Uint8Array(data);
    const worker = new Worker(new URL('./image-worker.mjs', import.meta.url), {
      workerData: { kind, maxPixels, buffer: copy.buffer, byteOffset: 0, byteLength: copy.byteLength },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    try {
      return await new Promise<ImageCheck>((resolve) => {
        const timer = setTimeout(
          () => resolve({ ok: false, reason: 'decoding timed out' }),
          DECODE_TIMEOUT_MS,
        );
        worker.once('message', (answer: ImageCheck) => {
          clearTimeout(timer);
          resolve(answer);
        });
        worker.once('error', (error) => {
          clearTimeout(timer);
          resolve({ ok: false, reason: error.message });
        });
        worker.once('exit', () => {
          clearTimeout(timer);
          resolve({ ok: false, reason: 'decoder stopped' });
        });
      });
    } finally {
      await worker.terminate();
    }
  });
}
