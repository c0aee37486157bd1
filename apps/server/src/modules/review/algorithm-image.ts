import type { AlgorithmSource } from '@measure/contract';
import { runImageWorker } from '../../core/image-work.ts';
import type { SiteRuler } from '../../db/json-types.ts';

/** Points of a cloud kept for its heatmap (binary clouds read at a stride, ASCII every n-th line). */
const MAX_POINTS = 200_000;
/** ASCII clouds are parsed line by line; larger ones are not read (the readings are drawn instead). */
const MAX_ASCII_BYTES = 256 * 1024 * 1024;

/** A rendered map: its source, the rulers it is interpolated from or the cloud points drawn. */
export interface AlgorithmPicture {
  png: Buffer;
  source: AlgorithmSource;
  note: string | null;
  /** Readings maps: the valid rulers interpolated between (null for a point cloud). */
  rulers: number | null;
  /** Point cloud maps: the points drawn (null for a readings map). */
  points: number | null;
}

export type AlgorithmImage =
  ({ ok: true } & AlgorithmPicture) | { ok: false; noGeometry: boolean; reason: string };

/**
 * Renders the deviation heatmap of a flatness surface in a worker thread (algorithm-image-worker.mjs):
 * from the point cloud at `cloudPath` when it can be read, else from the valid values along their
 * rulers. `note` says why a given cloud was not used.
 */
export async function renderAlgorithmImage(input: {
  cloudPath: string | null;
  standardMm: number;
  rulers: Array<SiteRuler & { value: number }>;
}): Promise<AlgorithmImage> {
  const answer = await runImageWorker<AlgorithmImage | { ok: true; png: Uint8Array }>(
    new URL('./algorithm-image-worker.mjs', import.meta.url),
    null,
    { ...input, maxPoints: MAX_POINTS, maxAsciiBytes: MAX_ASCII_BYTES },
  );
  if (!answer.ok)
    return { ok: false, noGeometry: 'noGeometry' in answer && answer.noGeometry, reason: answer.reason };
  const done = answer as Omit<AlgorithmPicture, 'png'> & { png: Uint8Array };
  return { ...done, ok: true, png: Buffer.from(done.png) };
}
