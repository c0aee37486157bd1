import { ErrorCode, WORK_ORDER_PICTURE_LIMITS } from '@measure/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { imageSize } from 'image-size';
import { AppError, badRequest, type FieldProblem } from '../../core/app-error.ts';
import { checkImageDecodes } from '../../core/images.ts';
import { acceptMultipart, multipartError, multipartParts, readCapped } from '../../core/multipart.ts';
import { cleanFileName } from '../house-maps/plan-file.ts';

export type PictureExtension = 'jpg' | 'png';

/** A completion photo after its content was checked. */
export interface CheckedPicture {
  fileName: string;
  extension: PictureExtension;
  data: Buffer;
}

const MB = 1024 * 1024;
const refuse = (key: FieldProblem['key'], params?: FieldProblem['params']) =>
  new AppError(ErrorCode.BadRequest, key, params, [{ field: 'File', key, params }]);
const tooLarge = () =>
  refuse('workOrders.pictureTooLarge', { maxMb: WORK_ORDER_PICTURE_LIMITS.maxBytes / MB });

/** Registers multipart parsing for the photo upload's scope: one file of at most 10 MB, a few fields. */
export async function acceptPictureUploads(scope: FastifyInstance): Promise<void> {
  await acceptMultipart(scope, {
    // One byte more reaches the stream, so the own check answers with its message first.
    fileSize: WORK_ORDER_PICTURE_LIMITS.maxBytes + 1,
    files: 1,
    fields: 5,
    fieldSize: 1024,
    parts: 6,
  });
}

/** The declared kind from the file name: .jpg/.jpeg or .png, anything else refused before its bytes. */
function declaredExtension(fileName: string): PictureExtension {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'png') return 'png';
  if (extension === 'jpg' || extension === 'jpeg') return 'jpg';
  throw refuse('workOrders.pictureType');
}

/** Reads the fields and the one photo of an upload; the 10 MB limit stops the stream as it arrives. */
export async function readPictureUpload(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file?: { fileName: string; data: Buffer } }> {
  if (!request.isMultipart()) throw badRequest('errors.multipartInvalid');
  const fields: Record<string, string> = {};
  let file: { fileName: string; data: Buffer } | undefined;
  try {
    for await (const part of multipartParts(request)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (file) throw refuse('workOrders.pictureOneFile');
      try {
        declaredExtension(part.filename);
      } catch (error) {
        part.file.destroy();
        throw error;
      }
      file = {
        fileName: part.filename,
        data: await readCapped(part.file, WORK_ORDER_PICTURE_LIMITS.maxBytes, tooLarge),
      };
    }
  } catch (error) {
    const code = (error as FastifyError).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw refuse('workOrders.pictureOneFile');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_MP_PREMATURE_CLOSE') {
      throw badRequest('errors.badRequest');
    }
    throw multipartError(error, request);
  }
  return { fields, file };
}

const MAGIC: Record<PictureExtension, Buffer> = {
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: Buffer.from([0xff, 0xd8, 0xff]),
};

/**
 * Checks a photo by content, as plan images are (house-maps/plan-file.ts): the name's extension, the
 * size limit, magic bytes, image-size's header, the pixel limit and a real decode in a worker thread.
 */
export async function checkPicture(
  file: { fileName: string; data: Buffer } | undefined,
): Promise<CheckedPicture> {
  if (!file || file.data.length === 0) throw refuse('workOrders.pictureRequired');
  const extension = declaredExtension(file.fileName);
  if (file.data.length > WORK_ORDER_PICTURE_LIMITS.maxBytes) throw tooLarge();
  const notImage = () => refuse('workOrders.pictureNotImage', { type: extension === 'png' ? 'PNG' : 'JPEG' });
  if (!file.data.subarray(0, MAGIC[extension].length).equals(MAGIC[extension])) throw notImage();
  let size: { width: number; height: number; type?: string };
  try {
    size = imageSize(file.data);
  } catch {
    throw notImage();
  }
  if (size.type !== extension || !(size.width > 0) || !(size.height > 0)) throw notImage();
  if (size.width * size.height > WORK_ORDER_PICTURE_LIMITS.maxPixels) {
    throw refuse('workOrders.pictureTooManyPixels', {
      maxMegapixels: WORK_ORDER_PICTURE_LIMITS.maxPixels / 1_000_000,
    });
  }
  const decoded = await checkImageDecodes(file.data, extension, WORK_ORDER_PICTURE_LIMITS.maxPixels);
  if (!decoded.ok || decoded.width !== size.width || decoded.height !== size.height) throw notImage();
  return { fileName: cleanFileName(file.fileName), extension, data: file.data };
}
