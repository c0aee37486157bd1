import { ErrorCode, HOUSE_MAP_LIMITS, type MapType } from '@measure/contract';
import { imageSize } from 'image-size';
import { AppError, type FieldProblem } from '../../core/app-error.ts';
import { checkImageDecodes } from '../../core/images.ts';
import { transferableCopy, workerPool } from '../../core/worker-pool.ts';
import type { StoredExtension } from './file-store.ts';

/** What an accepted plan file is, after its content was checked. */
export interface PlanFile {
  fileName: string;
  mapType: MapType;
  extension: StoredExtension;
  contentType: string;
  width: number | null;
  height: number | null;
  data: Buffer;
}

export const CONTENT_TYPES: Record<StoredExtension, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  dxf: 'image/vnd.dxf',
};

const MB = 1024 * 1024;
const refuse = (key: FieldProblem['key'], params?: FieldProblem['params']) =>
  new AppError(ErrorCode.BadRequest, key, params, [{ field: 'File', key, params }]);
export const imageTooLarge = () =>
  refuse('houseMaps.imageTooLarge', { maxMb: HOUSE_MAP_LIMITS.maxImageBytes / MB });
export const dxfTooLarge = () =>
  refuse('houseMaps.dxfTooLarge', { maxMb: HOUSE_MAP_LIMITS.maxDxfBytes / MB });
export const fileRequired = () => refuse('houseMaps.fileRequired');

/** The declared kind of a file from its name: jpg/jpeg/png are images, dxf is a drawing. */
export function declaredExtension(fileName: string): StoredExtension {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName);
  const extension = match?.[1]?.toLowerCase();
  if (extension === 'png' || extension === 'dxf') return extension;
  if (extension === 'jpg' || extension === 'jpeg') return 'jpg';
  throw refuse('houseMaps.fileType');
}

/** The largest file a declared kind may be. */
export const maxBytesOf = (extension: StoredExtension) =>
  extension === 'dxf' ? HOUSE_MAP_LIMITS.maxDxfBytes : HOUSE_MAP_LIMITS.maxImageBytes;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** Image MIME types a client may declare for each kind; anything else image/* is a mismatch. */
const DECLARED_IMAGE_TYPES: Record<'png' | 'jpg', string[]> = {
  png: ['image/png'],
  jpg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
};

/**
 * Checks an uploaded plan by content: the name's extension, the size limit of its kind, the
 * declared MapType and MIME type, and then the bytes (images: magic bytes, image-size, at most
 * 40 megapixels, and a full decode with sharp off the event loop, see core/images.ts; drawings: a full
 * dxf-parser parse in a worker pool). Each failure has its own message.
 */
export async function inspectPlanFile(
  file: { fileName: string; contentType: string; data: Buffer },
  declaredMapType: MapType | undefined,
): Promise<PlanFile> {
  const extension = declaredExtension(file.fileName);
  const mapType: MapType = extension === 'dxf' ? 'dxf' : 'image';
  if (file.data.length > maxBytesOf(extension)) throw extension === 'dxf' ? dxfTooLarge() : imageTooLarge();
  if (file.data.length === 0) throw fileRequired();
  if (declaredMapType !== undefined && declaredMapType !== mapType) throw refuse('houseMaps.mapTypeMismatch');
  if (extension === 'dxf') {
    await checkDxf(file.data);
    return { ...base(file, extension, mapType), width: null, height: null };
  }
  const declared = file.contentType.toLowerCase();
  const typeLabel = extension === 'png' ? 'PNG' : 'JPEG';
  if (declared.startsWith('image/') && !DECLARED_IMAGE_TYPES[extension].includes(declared)) {
    throw refuse('houseMaps.notImage', { type: typeLabel });
  }
  const magic = extension === 'png' ? PNG_MAGIC : JPEG_MAGIC;
  if (!file.data.subarray(0, magic.length).equals(magic))
    throw refuse('houseMaps.notImage', { type: typeLabel });
  let size: { width: number; height: number; type?: string };
  try {
    size = imageSize(file.data);
  } catch {
    throw refuse('houseMaps.notImage', { type: typeLabel });
  }
  if (size.type !== extension || !(size.width > 0) || !(size.height > 0)) {
    throw refuse('houseMaps.notImage', { type: typeLabel });
  }
  if (size.width * size.height > HOUSE_MAP_LIMITS.maxImagePixels) {
    throw refuse('houseMaps.imageTooManyPixels', {
      maxMegapixels: HOUSE_MAP_LIMITS.maxImagePixels / 1_000_000,
    });
  }
  // The header alone proves little: the image must really decode (a header over no data is refused).
  const decoded = await checkImageDecodes(file.data, extension, HOUSE_MAP_LIMITS.maxImagePixels);
  if (!decoded.ok || decoded.width !== size.width || decoded.height !== size.height) {
    throw refuse('houseMaps.notImage', { type: typeLabel });
  }
  return { ...base(file, extension, mapType), width: size.width, height: size.height };
}

function base(file: { fileName: string; data: Buffer }, extension: StoredExtension, mapType: MapType) {
  return {
    fileName: cleanFileName(file.fileName),
    mapType,
    extension,
    contentType: CONTENT_TYPES[extension],
    data: file.data,
  };
}

/** The client's file name is kept for display and downloads only: no path, no control characters. */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = last.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (cleaned || 'plan').slice(-120);
}

export interface DxfSummary {
  entities: number;
  layers: number;
}

/**
 * dxf-parser is synchronous and takes about 2.6 s for a 50 MB drawing, which would stall every other
 * request on the main thread: drawings are parsed in a pool of at most two threads (each may use
 * ~1 GB on a 50 MB file).
 */
const dxfPool = workerPool<Uint8Array, { ok: boolean } & Partial<DxfSummary>>(
  new URL('./dxf-worker.mjs', import.meta.url),
  { maxThreads: 2, maxOldGenerationSizeMb: 2048, timeoutMs: 60_000 },
);

/** Parses a DXF in the pool; undefined when it does not parse (or takes over a minute). */
export async function parseDxfInWorker(data: Buffer): Promise<DxfSummary | undefined> {
  const { bytes, transfer } = transferableCopy(data);
  try {
    const answer = await dxfPool.run(bytes, transfer);
    return answer.ok ? { entities: answer.entities ?? 0, layers: answer.layers ?? 0 } : undefined;
  } catch {
    return undefined;
  }
}

async function checkDxf(data: Buffer): Promise<void> {
  if (data.subarray(0, 18).toString('latin1') === 'AutoCAD Binary DXF') throw refuse('houseMaps.dxfInvalid');
  if (!(await parseDxfInWorker(data))) throw refuse('houseMaps.dxfInvalid');
}
