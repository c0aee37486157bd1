import type { Socket } from 'node:net';
import { ErrorCode, formatMessage, pickLanguage } from '@measure/contract';

/** Node's limit on the request line and headers together (`--max-http-header-size`, 16 kB). */
const MAX_HEADER_KB = 16;

/** The Accept-Language of a request that could not be parsed, read from the raw bytes when present. */
function languageOf(rawPacket: unknown): ReturnType<typeof pickLanguage> {
  if (!Buffer.isBuffer(rawPacket)) return pickLanguage(undefined);
  const match = /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(rawPacket.toString('latin1'));
  return pickLanguage(match?.[1]);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a URL or headers over 16 kB, a
 * malformed request line) still get the JSON envelope (Code 400, translated) with a fitting HTTP
 * status: 414 for an overlong request line, 431 for oversized headers, 408 for a timeout, 400 else.
 * The connection is then closed (the parser cannot continue on it): `Connection: close`, the answer
 * flushed before the socket ends, so the client reads it instead of a reset.
 */
export function handleClientError(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const language = languageOf(error.rawPacket);
  let status = 400;
  let message = formatMessage(language, 'errors.badRequest');
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
    const lineEnd = raw.indexOf('\r\n');
    // No end of the request line within the limit: the URL itself is too long.
    const urlTooLong = lineEnd === -1 || lineEnd > (MAX_HEADER_KB * 1024) / 2;
    status = urlTooLong ? 414 : 431;
    message = formatMessage(language, urlTooLong ? 'errors.urlTooLong' : 'errors.headersTooLarge', {
      maxKb: MAX_HEADER_KB,
    });
  }
  const body = JSON.stringify({ Code: ErrorCode.BadRequest, Message: message, Result: null });
  const reason = {
    400: 'Bad Request',
    408: 'Request Timeout',
    414: 'URI Too Long',
    431: 'Request Header Fields Too Large',
  }[status];
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  // A client that keeps sending would hold the half-closed socket open; give it a moment to read.
  setTimeout(() => socket.destroy(), 2000).unref();
}
