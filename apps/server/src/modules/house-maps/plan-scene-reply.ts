import { pipeline } from 'node:stream';
import { createBrotliDecompress } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding } from '../../core/accept-encoding.ts';
import { notFound } from '../../core/app-error.ts';
import { privateFileHeaders } from '../../core/file-reply.ts';
import { type RangedServing, sendRangedFile } from '../../core/http-range.ts';
import type { StoredScene } from './plan-scene.ts';

const FILE_NAME = 'plan.scene';

/**
 * Sends a plan's scene (GetHouseMapScene), streamed from the store. A brotli scene goes as stored
 * with `Content-Encoding: br` to a client that takes it (every browser, which decodes it on its
 * own), in byte ranges of the encoded bytes like any file; to any other client it is decoded on the
 * way, without Content-Length and ranges. A scene stored before compression goes as it is.
 */
export async function sendPlanScene(request: FastifyRequest, reply: FastifyReply, scene: StoredScene) {
  const file = { open: scene.open, size: scene.size, etag: `"${scene.name}"`, fileName: FILE_NAME };
  const serving: RangedServing = { disposition: 'inline', contentType: 'application/octet-stream' };
  if (scene.encoding === 'identity') return sendRangedFile(request, reply, file, notFound, serving);
  void reply.header('Vary', 'Accept-Encoding');
  if (acceptsEncoding(request.headers['accept-encoding'], 'br'))
    return sendRangedFile(request, reply, file, notFound, { ...serving, contentEncoding: 'br' });
  const stored = await scene.open();
  // pipeline destroys both streams when the client goes away or the stored bytes are broken.
  const decoded = pipeline(stored, createBrotliDecompress(), (error) => {
    if (error) request.log.warn({ err: error, scene: scene.name }, 'plan scene not sent whole');
  });
  await privateFileHeaders(reply, FILE_NAME, 'inline').type('application/octet-stream').send(decoded);
}
