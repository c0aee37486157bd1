import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { XLSX_CONTENT_TYPE } from '@measure/contract';
import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { DownloadName } from './download-names.ts';
import { parseRange } from './http-range.ts';

/** How a file is handed over: shown in the page (`inline`) or saved (`attachment`). */
export type Disposition = 'inline' | 'attachment';

/** `name` with everything but printable ASCII, quotes and backslashes as `_`: what old clients read. */
export const asciiFallbackOf = (name: string): string =>
  name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');

/**
 * The one Content-Disposition builder (RFC 6266, through the `content-disposition` package):
 * `attachment; filename="ascii fallback"; filename*=UTF-8''<percent-encoded name>`. The UTF-8 form is
 * added whenever the fallback differs from the name (a Chinese name, a quote); a plain ASCII name
 * is sent as `filename="..."` alone. `fallbackName` (ASCII) replaces the `_`-spelled default.
 * Slashes and backslashes become `_` in both forms.
 */
export function contentDispositionOf(
  fileName: string,
  disposition: Disposition = 'attachment',
  fallbackName: string = asciiFallbackOf(fileName),
): string {
  // The package keeps only what follows the last slash or backslash; a name is never a path here,
  // so they become `_` (as browsers save them) and the whole name is kept.
  const whole = (name: string) => name.replace(/[\\/]/g, '_');
  return contentDisposition(whole(fileName), {
    type: disposition,
    fallback: whole(asciiFallbackOf(fallbackName)),
  });
}

/** A file to send: its bytes, type and name (the name may be Chinese). */
export interface PrivateFile {
  data: Buffer;
  contentType: string;
  fileName: string;
}

/** The headers of a file only its caller may see: named, never cached, its type not sniffed. */
export function privateFileHeaders(
  reply: FastifyReply,
  fileName: string,
  disposition: Disposition,
): FastifyReply {
  return reply
    .header('Content-Disposition', contentDispositionOf(fileName, disposition))
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff');
}

/**
 * Sends a file that only its caller may see (a picture, a PDF, a plan; not an envelope): named by
 * `contentDispositionOf`, never cached, its type not sniffed. A `Range` header is answered as for
 * stored files (core/http-range.ts: 206 with Content-Range, 416 beyond the end, else the whole).
 */
export async function sendPrivateFile(
  reply: FastifyReply,
  file: PrivateFile,
  disposition: Disposition = 'inline',
): Promise<void> {
  void privateFileHeaders(reply, file.fileName, disposition).header('Accept-Ranges', 'bytes');
  const size = file.data.length;
  // Names the bytes, for If-Range (an annotated picture is drawn again on each request).
  const etag = `"${createHash('sha256').update(file.data).digest('hex').slice(0, 32)}"`;
  void reply.header('ETag', etag);
  const ifRange = reply.request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === etag ? parseRange(reply.request.headers.range, size) : null;
  if (range === 'unsatisfiable') {
    await reply.code(416).header('Content-Range', `bytes */${size}`).send('');
    return;
  }
  if (range) {
    void reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    await reply.type(file.contentType).send(file.data.subarray(range.start, range.end + 1));
    return;
  }
  await reply.type(file.contentType).send(file.data);
}

/**
 * Sends a workbook (whole, or a stream being written) as an attachment (not an envelope), under its
 * name in the reader's language with the ASCII name beside it for old clients.
 */
export async function sendWorkbook(reply: FastifyReply, file: Buffer | Readable, name: DownloadName) {
  await reply
    .header('Content-Disposition', contentDispositionOf(name.fileName, 'attachment', name.fallbackName))
    .type(XLSX_CONTENT_TYPE)
    .send(file);
}
