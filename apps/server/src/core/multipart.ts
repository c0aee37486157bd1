import multipart from '@fastify/multipart';
import type { Multipart } from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError, badRequest } from './app-error.ts';
import { assertStorableInput } from './storable-text.ts';

export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
  parts: number;
}

/**
 * Registers @fastify/multipart for one route scope (uploads only). Every upload route reads its
 * parts through `multipartParts` and maps failures through `multipartError`, so a malformed body
 * is always a Code 400 with a translated message, never a crash.
 */
export async function acceptMultipart(scope: FastifyInstance, limits: MultipartLimits): Promise<void> {
  await scope.register(multipart, { limits, throwFileSizeLimit: true });
}

/** `multipart/form-data` with a non-empty boundary (busboy would throw on anything else). */
function hasBoundary(contentType: string | undefined): boolean {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  return boundary.length > 0 && boundary.length <= 70;
}

const invalidMultipart = () => badRequest('errors.multipartInvalid');

/**
 * The parts of a multipart request, with the checks every upload shares: a boundary must be
 * declared, field names, values and file names must be storable text (no NUL, no lone surrogate;
 * Code 400 naming the field), and parser errors become `multipartError`s.
 */
export async function* multipartParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  if (!hasBoundary(request.headers['content-type'])) {
    releaseBody(request);
    throw invalidMultipart();
  }
  try {
    for await (const part of request.parts()) {
      assertStorableInput(part.fieldname, 'File');
      if (part.type === 'field') assertStorableInput(part.value, part.fieldname);
      else assertStorableInput(part.filename, part.fieldname);
      yield part;
    }
  } catch (error) {
    throw multipartError(error, request);
  } finally {
    // Also when the caller stops early (a file over its limit): the rest of the body is discarded.
    releaseBody(request);
  }
}

/** Parser error codes each upload maps to its own message; they pass through unchanged. */
const OWN_CODES = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_MP_PREMATURE_CLOSE',
]);

/**
 * What a failure while reading a multipart body becomes: our own AppErrors and the limit errors
 * the caller maps pass through; anything else the parser raised (no boundary, a body cut short,
 * a part without headers, `__proto__` as a field name...) is the client's malformed body: Code 400
 * `errors.multipartInvalid`. Whatever the body had left is released (see `releaseBody`).
 */
export function multipartError(error: unknown, request: FastifyRequest): unknown {
  releaseBody(request);
  if (error instanceof AppError) return error;
  if (OWN_CODES.has((error as FastifyError).code)) return error;
  request.log.info({ err: error }, 'malformed multipart body');
  return invalidMultipart();
}

/** Bytes of an unread upload body that are still read and thrown away after a refusal. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * After a refusal mid-upload the client is usually still sending, and the parser has stopped
 * reading (busboy unpiped the request, which leaves it paused): the next request on a keep-alive
 * connection would wait forever behind the unread body. The rest of the body is read and thrown
 * away instead (the connection stays usable); beyond 64 MB more the socket is closed.
 */
export function releaseBody(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  let drained = 0;
  raw.unpipe();
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) raw.destroy();
  });
  raw.resume();
}

/**
 * A file part read into memory, stopped as soon as it passes `maxBytes`: the stream is destroyed
 * and `tooLarge()` thrown, so an oversized upload is refused with the route's own message.
 */
export async function readCapped(file: Readable, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      file.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
