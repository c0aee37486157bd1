import { sendPrivateFile } from '../../core/file-reply.ts';
import { REPLY_SENT } from '../../core/register-route.ts';
import type { FastifyReply } from 'fastify';

/** Sends a plan file: its own Content-Type, a Content-Disposition with the original name, no caching. */
export async function sendPlan(
  reply: FastifyReply,
  houseMap: { fileName: string; contentType: string },
  data: Buffer,
  disposition: 'inline' | 'attachment',
): Promise<typeof REPLY_SENT> {
  await sendPrivateFile(
    reply,
    { data, contentType: houseMap.contentType, fileName: houseMap.fileName },
    disposition,
  );
  return REPLY_SENT;
}
