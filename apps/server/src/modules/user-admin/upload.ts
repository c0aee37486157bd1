import { USER_IMPORT_LIMITS } from '@measure/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { acceptMultipart, multipartError, multipartParts } from '../../core/multipart.ts';
import { fileError } from './user-import-sheet.ts';

/** Single-file uploads for one route scope, through @fastify/multipart with the import limits. */
export interface UploadedFile {
  fieldName: string;
  fileName: string;
  contentType: string;
  data: Buffer;
}

const tooLarge = () =>
  fileError('import.fileTooLarge', { maxMb: USER_IMPORT_LIMITS.maxFileBytes / 1024 / 1024 });

/** Registers multipart parsing (this scope only): one file of at most 5 MB, a few small fields. */
export async function acceptSingleFileUploads(scope: FastifyInstance): Promise<void> {
  await acceptMultipart(scope, {
    fileSize: USER_IMPORT_LIMITS.maxFileBytes,
    files: 1,
    fields: 10,
    fieldSize: 1024,
    parts: 12,
  });
}

/**
 * The one file of a multipart request. Refuses (400) a request that is not multipart, has no file
 * or more than one, or a file over the size limit. Other fields are ignored.
 */
export async function singleFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw fileError('import.noFile');
  let file: UploadedFile | undefined;
  try {
    for await (const part of multipartParts(request)) {
      if (part.type !== 'file') continue;
      if (file) throw fileError('import.oneFile');
      file = {
        fieldName: part.fieldname,
        fileName: part.filename,
        contentType: part.mimetype,
        data: await part.toBuffer(),
      };
    }
  } catch (error) {
    const code = (error as FastifyError).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw fileError('import.oneFile');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_MP_PREMATURE_CLOSE') {
      throw fileError('import.noFile');
    }
    throw multipartError(error, request);
  }
  if (!file) throw fileError('import.noFile');
  return file;
}
