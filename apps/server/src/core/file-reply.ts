import type { FastifyReply } from 'fastify';

/**
 * Sends a file that only its caller may see (a picture, a PDF; not an envelope): named in the RFC 5987
 * form, never cached, its type not sniffed.
 */
export async function sendPrivateFile(
  reply: FastifyReply,
  file: { data: Buffer; contentType: string; fileName: string },
  disposition: 'inline' | 'attachment' = 'inline',
): Promise<void> {
  await reply
    .header('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .type(file.contentType)
    .send(file.data);
}
