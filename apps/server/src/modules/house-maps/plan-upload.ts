import { HOUSE_MAP_LIMITS } from '@measure/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/app-error.ts';
import { acceptMultipart, multipartError, multipartParts, readCapped } from '../../core/multipart.ts';
import { declaredExtension, dxfTooLarge, imageTooLarge, maxBytesOf } from './plan-file.ts';

export interface PlanUpload {
  fields: Record<string, string>;
  file?: { fileName: string; contentType: string; data: Buffer };
}

/** Registers multipart parsing for one route scope: one file of at most 50 MB (the DXF limit), a few fields. */
export async function acceptPlanUploads(scope: FastifyInstance): Promise<void> {
  await acceptMultipart(scope, {
    fileSize: HOUSE_MAP_LIMITS.maxDxfBytes,
    files: 1,
    fields: 20,
    fieldSize: 64 * 1024,
    parts: 21,
  });
}

/**
 * Reads the form fields and the one file of a house type upload. The file's kind is known from its
 * name before its bytes arrive, so an image stops at 5 MB and a drawing at 50 MB while it streams in.
 */
export async function readPlanUpload(request: FastifyRequest): Promise<PlanUpload> {
  const upload: PlanUpload = { fields: {} };
  try {
    for await (const part of multipartParts(request)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') upload.fields[part.fieldname] = part.value;
        continue;
      }
      if (upload.file) throw badRequest('import.oneFile');
      const extension = declaredExtension(part.filename);
      const limit = maxBytesOf(extension);
      upload.file = {
        fileName: part.filename,
        contentType: part.mimetype,
        data: await readCapped(part.file, limit, extension === 'dxf' ? dxfTooLarge : imageTooLarge),
      };
    }
  } catch (error) {
    const code = (error as FastifyError).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw dxfTooLarge();
    if (code === 'FST_FILES_LIMIT') throw badRequest('import.oneFile');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_MP_PREMATURE_CLOSE') {
      throw badRequest('errors.badRequest');
    }
    throw multipartError(error, request);
  }
  return upload;
}
