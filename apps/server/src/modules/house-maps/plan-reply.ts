import type { FastifyReply } from 'fastify';
import { REPLY_SENT } from '../../core/register-route.ts';

const asciiName = (name: string) => name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');

/** Sends a plan file: its own Content-Type, a Content-Disposition with the original name, no caching. */
export async function sendPlan(
  reply: FastifyReply,
  houseMap: { fileName: string; contentType: string },
  data: Buffer,
  disposition: 'inline' | 'attachment',
): Promise<typeof REPLY_SENT> {
  await reply
    .header(
      'Content-Disposition',
      `${disposition}; filename="${asciiName(houseMap.fileName)}"; filename*=UTF-8''${encodeURIComponent(houseMap.fileName)}`,
    )
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .type(houseMap.contentType)
    .send(data);
  return REPLY_SENT;
}
