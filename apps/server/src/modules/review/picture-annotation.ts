import type { SiteRuler } from '../../db/json-types.ts';
import { runImageWorker } from '../../core/image-work.ts';

/** One ruler to draw: its ends in mm on the surface, the value written beside it and its colour. */
export interface AnnotatedRuler extends SiteRuler {
  label: string;
  colour: [number, number, number];
}

export type Annotation = { ok: true; png: Buffer } | { ok: false; reason: string };

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
  const answer = await runImageWorker<{ ok: true; png: Uint8Array } | { ok: false; reason: string }>(
    new URL('./annotate-worker.mjs', import.meta.url),
    data,
    { extent: pictureExtent(rulers), rulers },
  );
  return answer.ok ? { ok: true, png: Buffer.from(answer.png) } : answer;
}
