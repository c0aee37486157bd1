import type { AlgorithmSource } from '@measure/contract';
import { drawSvgOver, PICTURE_FONTS, type RgbImage, svgDocument, svgEscape } from '../../core/images.ts';
import { workerPool } from '../../core/worker-pool.ts';
import type { SiteRuler } from '../../db/json-types.ts';

/** Points of a cloud kept for its heatmap (read at an even stride). */
const MAX_POINTS = 200_000;
/** Clouds are read whole by loaders.gl; larger ones are not read (the readings are drawn instead). */
const MAX_CLOUD_BYTES = 256 * 1024 * 1024;

/**
 * Why a stored cloud of `size` bytes is not read, or null when it is: checked on the object's size
 * before it is fetched (an S3 store would copy it to a temp file first), as the worker checks it.
 */
export function cloudNotRead(size: number): string | null {
  return size > MAX_CLOUD_BYTES ? `cloud over ${Math.round(MAX_CLOUD_BYTES / 1048576)} MB` : null;
}

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

/** A word of the legend, drawn by the main thread: its left, top, width and size in px. */
interface LegendText {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
}
type MapInput = {
  cloudPath: string | null;
  standardMm: number;
  rulers: Array<SiteRuler & { value: number }>;
  maxPoints: number;
  maxCloudBytes: number;
};
type MapAnswer =
  | ({ ok: true; image: RgbImage; texts: LegendText[] } & Omit<AlgorithmPicture, 'png'>)
  | { ok: false; noGeometry: boolean; reason: string };

/** Interpolating and fitting planes is plain JavaScript: two maps at once, each on its own thread. */
const mapPool = workerPool<MapInput, MapAnswer>(new URL('./algorithm-image-worker.mjs', import.meta.url), {
  maxThreads: 2,
  maxOldGenerationSizeMb: 1024,
  timeoutMs: 30_000,
});

const legendSvg = (image: RgbImage, texts: readonly LegendText[]) =>
  svgDocument(
    image.width,
    image.height,
    texts
      .map(
        (t) =>
          `<text x="${t.x}" y="${t.y + t.size * 0.85}" font-family="${PICTURE_FONTS}" font-size="${t.size}" fill="rgb(40,40,40)" textLength="${t.width}" lengthAdjust="spacingAndGlyphs">${svgEscape(t.text)}</text>`,
      )
      .join(''),
  );

/**
 * Renders the deviation heatmap of a flatness surface in a worker thread (algorithm-image-worker.mjs):
 * from the point cloud at `cloudPath` when it can be read, else from the valid values along their
 * rulers. `note` says why a given cloud was not used. The legend's words are drawn here with sharp.
 */
export async function renderAlgorithmImage({
  cloudNote,
  ...input
}: {
  cloudPath: string | null;
  /** Why the site's cloud was not passed (cloudNotRead), said as the worker says it. */
  cloudNote?: string | null;
  standardMm: number;
  rulers: Array<SiteRuler & { value: number }>;
}): Promise<AlgorithmImage> {
  let answer: MapAnswer;
  try {
    answer = await mapPool.run({ ...input, maxPoints: MAX_POINTS, maxCloudBytes: MAX_CLOUD_BYTES });
  } catch (error) {
    return { ok: false, noGeometry: false, reason: (error as Error).message };
  }
  if (!answer.ok) return cloudNote && answer.noGeometry ? { ...answer, reason: cloudNote } : answer;
  if (cloudNote) answer.note ??= cloudNote;
  const { image, texts, ok: _ok, ...done } = answer;
  const rgb = Buffer.from(image.rgb.buffer, image.rgb.byteOffset, image.rgb.byteLength);
  return { ...done, ok: true, png: await drawSvgOver({ ...image, rgb }, legendSvg(image, texts)) };
}
