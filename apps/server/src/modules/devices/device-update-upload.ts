import { DEVICE_UPDATE_LIMITS } from '@measure/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, fieldError } from '../../core/app-error.ts';
import type { StagedFile } from '../../core/file-store.ts';
import { acceptMultipart, multipartError, multipartParts } from '../../core/multipart.ts';
import { updateTooLarge } from './device-updates-service.ts';

export interface UpdateUpload {
  fields: Record<string, string>;
  staged: StagedFile;
  fileName: string;
}

/** The fields that must all arrive before the file for the early check (see `readUpdateUpload`). */
const EARLY_FIELDS = ['version', 'devicetype', 'sha256'];

/** Registers multipart parsing for the upload's scope: one file of at most 2 GB, a few fields. */
export async function acceptUpdateUploads(scope: FastifyInstance): Promise<void> {
  await acceptMultipart(scope, {
    // One byte more than allowed reaches the stream, so the store's own check answers first.
    fileSize: DEVICE_UPDATE_LIMITS.maxFileBytes + 1,
    files: 1,
    fields: 10,
    fieldSize: 64 * 1024,
    parts: 11,
  });
}

/**
 * Reads an update package upload: the form fields, then the one file, streamed into a temp file of
 * the store by `stage` (size and SHA-256 computed on the way, the 2 GB limit checked per chunk).
 * When the fields Version, DeviceType and Sha256 all came before the file, `precheck` runs on them
 * first, so a bad or duplicate version is refused before gigabytes are read. On any failure the
 * staged file is removed.
 */
export async function readUpdateUpload(
  request: FastifyRequest,
  stage: (source: AsyncIterable<Buffer>) => Promise<StagedFile>,
  precheck: (fields: Record<string, string>) => Promise<void>,
): Promise<UpdateUpload> {
  const fields: Record<string, string> = {};
  let file: { staged: StagedFile; fileName: string } | undefined;
  try {
    for await (const part of multipartParts(request)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (file) throw badRequest('import.oneFile');
      const names = Object.keys(fields).map((name) => name.toLowerCase());
      try {
        if (EARLY_FIELDS.every((name) => names.includes(name))) await precheck(fields);
        file = { staged: await stage(part.file as AsyncIterable<Buffer>), fileName: part.filename };
      } catch (error) {
        part.file.destroy();
        throw error;
      }
    }
  } catch (error) {
    await file?.staged.discard();
    const code = (error as FastifyError).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw updateTooLarge();
    if (code === 'FST_FILES_LIMIT') throw badRequest('import.oneFile');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_MP_PREMATURE_CLOSE') {
      throw badRequest('errors.badRequest');
    }
    throw multipartError(error, request);
  }
  if (!file) throw fieldError('File', 'deviceUpdates.noFile');
  return { fields, ...file };
}
