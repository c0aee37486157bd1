import { Worker } from 'node:worker_threads';
import type { SiteRuler } from '../../db/json-types.ts';

/** One ruler to draw: its ends in mm on the surface, the value written beside it and its colour. */
export interface AnnotatedRuler extends SiteRuler {
  label: string;
  colour: [number, number, number];
}

export type Annotation = { ok: true; png: Buffer } | { ok: false; reason: string };

const TIMEOUT_MS = 30_000;
/** At most this many pictures are annotated at once (a large picture holds its pixels in memory). */
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
 * The area of the surface a picture shows: from (0, 0) to the rulers' furthest ends plus 5 %, so
 * every ruler is inside the picture (the devices send ruler ends in mm on the surface, not pixels).
 */
export function pictureExtent(rulers: readonly SiteRuler[]): { X: number; Y: number } {
  let x = 1;
  let y = 1;
  for (const ruler of rulers) {
    x = Math.max(x, ruler.X1, ruler.X2);
    y = Math.max(y, ruler.Y1, ruler.Y2);
  }
  return { X: x * 1.05, Y: y * 1.05 };
}

/**
 * Draws the rulers as lines with their values into a PNG or JPEG picture, in a worker thread (decoding
 * and encoding a camera picture takes long enough to stall other requests); answers a PNG.
 */
export async function annotatePicture(data: Buffer, rulers: readonly AnnotatedRuler[]): Promise<Annotation> {
  return withSlot(async () => {
    const copy = new Uint8Array(data);
    const worker = new Worker(new URL('./annotate-worker.mjs', import.meta.url), {
      workerData: {
        buffer: copy.buffer,
        byteOffset: 0,
        byteLength: copy.byteLength,
        extent: pictureExtent(rulers),
        rulers,
      },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    try {
      return await new Promise<Annotation>((resolve) => {
        const timer = setTimeout(() => resolve({ ok: false, reason: 'annotation timed out' }), TIMEOUT_MS);
        worker.once('message', (answer: { ok: true; png: Uint8Array } | { ok: false; reason: string }) => {
          clearTimeout(timer);
          resolve(answer.ok ? { ok: true, png: Buffer.from(answer.png) } : answer);
        });
        worker.once('error', (error) => {
          clearTimeout(timer);
          resolve({ ok: false, reason: error.message });
        });
        worker.once('exit', () => {
          clearTimeout(timer);
          resolve({ ok: false, reason: 'annotation stopped' });
        });
      });
    } finally {
      await worker.terminate();
    }
  });
}
