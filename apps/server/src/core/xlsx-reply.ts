import type { Readable } from 'node:stream';
import { XLSX_CONTENT_TYPE } from '@measure/contract';
import type { FastifyReply } from 'fastify';

/**
 * Sends a workbook (whole, or a stream being written) as an attachment (not an envelope): `asciiName` for old clients, `name` (may be
 * Chinese) in the RFC 5987 form browsers prefer.
 */
export async function sendWorkbook(
  reply: FastifyReply,
  file: Buffer | Readable,
  asciiName: string,
  name: string,
) {
  await reply
    .header(
      'Content-Disposition',
      `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .type(XLSX_CONTENT_TYPE)
    .send(file);
}
