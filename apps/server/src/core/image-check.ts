import { runImageWorker } from './image-work.ts';

/** What decoding an uploaded image found. */
export type ImageCheck = { ok: true; width: number; height: number } | { ok: false; reason: string };

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
  return runImageWorker<ImageCheck>(new URL('./image-worker.mjs', import.meta.url), data, {
    kind,
    maxPixels,
  });
}
