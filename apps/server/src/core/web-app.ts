import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Paths the SPA never owns: unknown ones get the API's 404 envelope, not index.html. */
export const isApiPath = (url: string) => /^\/(api(\/|$)|livez|readyz)/i.test(url);

/**
 * Serves the built web app under BASE_PATH: existing files from dist/, index.html for every other
 * page path (client-side routing). index.html gets a `<base href>` so the build's relative asset
 * URLs and the router's basename follow BASE_PATH without rebuilding.
 */
export async function registerWebApp(
  scope: FastifyInstance,
  options: { distDir: string; basePath: string },
): Promise<boolean> {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8').replace(
    '<head>',
    `<head>\n    <base href="${options.basePath}" />`,
  );
  const distRoot = path.resolve(options.distDir);

  await scope.register(fastifyStatic, { root: distRoot, serve: false });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (isApiPath(pathname)) return reply.callNotFound();
    if (!pathname.startsWith(options.basePath) && `${pathname}/` !== options.basePath) {
      return reply.redirect(options.basePath);
    }
    const relative = pathname.slice(options.basePath.length);
    const file = path.resolve(distRoot, relative);
    // Only files inside dist/; anything else is a page path for the router.
    if (relative && file.startsWith(distRoot + path.sep) && existsSync(file) && statSync(file).isFile()) {
      const hashed = relative.startsWith('assets/');
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(relative);
    }
    if (relative.startsWith('assets/')) return reply.callNotFound();
    return reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(indexHtml);
  };
  scope.get('/*', handler);
  scope.get('/', handler);
  return true;
}
