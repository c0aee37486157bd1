import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDispositionOf } from './file-reply.ts';
import { type ByteSpan, ObjectNotFoundError } from './storage/object-store.ts';

/**
 * One byte range of an HTTP `Range` header (RFC 9110 section 14) against a representation of
 * `size` bytes: `{ start, end }` (inclusive) to answer 206, `'unsatisfiable'` to answer 416 with
 * `Content-Range: bytes * /size`, or null to ignore the header and send everything (no header, a
 * malformed one, another unit, or several ranges: a server may answer those with the whole file).
 */
export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (!Number.isSafeInteger(length)) return null;
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** A stored file to serve in byte ranges; `etag` (quoted) names its content, for If-Range. */
export interface RangedFile {
  /** Streams the inclusive span (from the object store); throws ObjectNotFoundError when gone. */
  open: (span: ByteSpan) => Promise<Readable>;
  size: number;
  etag: string;
  fileName: string;
}

/** How a ranged file is served: an attachment of octet-stream never cached, unless said otherwise. */
export interface RangedServing {
  contentType?: string;
  /** 'none': no Content-Disposition (a model a viewer reads). */
  disposition?: 'attachment' | 'inline' | 'none';
  cacheControl?: string;
  /** The content coding the stored bytes are in (sent as they are; ranges count them). */
  contentEncoding?: 'br';
}

/**
 * The one place byte ranges are served: a stored file streamed as an attachment with Range support.
 * One satisfiable range: 206 with Content-Range; beyond the end: 416 with `Content-Range: bytes * /size`
 * and no body; an If-Range naming another ETag, or no usable Range: the whole file (200). A file
 * gone from the store is logged and answered with `missing()`.
 */
export async function sendRangedFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: RangedFile,
  missing: () => Error,
  serving: RangedServing = {},
): Promise<void> {
  let range = parseRange(request.headers.range, file.size);
  const ifRange = request.headers['if-range'];
  if (range !== null && ifRange !== undefined && ifRange !== file.etag) range = null;
  void reply
    .header('Accept-Ranges', 'bytes')
    .header('ETag', file.etag)
    .header('Cache-Control', serving.cacheControl ?? 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff');
  if (range === 'unsatisfiable') {
    await reply.code(416).header('Content-Range', `bytes */${file.size}`).send('');
    return;
  }
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  let body: Readable;
  try {
    // An empty file has no byte a span could name.
    body = file.size === 0 ? Readable.from([]) : await file.open({ start, end });
  } catch (error) {
    if (!(error instanceof ObjectNotFoundError)) throw error;
    request.log.error({ key: error.key }, 'ranged file missing');
    throw missing();
  }
  if (range) void reply.code(206).header('Content-Range', `bytes ${start}-${end}/${file.size}`);
  if (serving.disposition !== 'none')
    void reply.header('Content-Disposition', contentDispositionOf(file.fileName, serving.disposition));
  if (serving.contentEncoding) void reply.header('Content-Encoding', serving.contentEncoding);
  await reply
    .header('Content-Length', String(end - start + 1))
    .type(serving.contentType ?? 'application/octet-stream')
    .send(body);
}
