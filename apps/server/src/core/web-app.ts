import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Serves the built web app under BASE_PATH. index.html gets a `<base href>` so the relative asset
 * URLs of the build and the router's basename follow BASE_PATH without rebuilding.
 * Returns a function that answers a browser navigation with index.html (the SPA fallback).
 */
export async function registerWebApp(
  scope: FastifyInstance,
  options: { distDir: string; basePath: string },
): Promise<((reply: FastifyReply) => FastifyReply) | undefined> {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const indexHtml = readFileSync(indexFile, 'utf8').replace(
    '<head>',
    `<head>\n    <base href="${options.basePath}" />`,
  );

  await scope.register(fastifyStatic, {
    root: options.distDir,
    prefix: options.basePath,
    index: false,
    wildcard: true,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  return (reply) =>
    reply.status(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
}
