import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Paths the SPA never owns: unknown ones get the API's 404 envelope, not index.html. */
export const isApiPath = (url: string) => /^\/(api(\/|$)|livez|readyz)/i.test(url);

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);

function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null; // malformed escapes: not a page of ours
  }
}

/**
 * Serves the built web app under BASE_PATH: existing files from dist/, index.html for every other
 * page path (client-side routing). index.html gets a `<base href>` (so the build's relative asset
 * URLs and the router's basename follow BASE_PATH without rebuilding) and the login key (a
 * compatibility encoding, not a secret), and is re-read after a rebuild.
 */
export async function registerWebApp(
  scope: FastifyInstance,
  options: { distDir: string; basePath: string; loginAesKey: string },
): Promise<boolean> {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const distRoot = path.resolve(options.distDir);
  const headAdditions =
    `\n    <base href="${escapeHtml(options.basePath)}" />` +
    `\n    <meta name="login-key" content="${escapeHtml(options.loginAesKey)}" />`;
  let cached = { mtimeMs: -1, html: '' };
  const indexHtml = () => {
    const { mtimeMs } = statSync(indexFile);
    if (mtimeMs !== cached.mtimeMs) {
      cached = { mtimeMs, html: readFileSync(indexFile, 'utf8').replace('<head>', `<head>${headAdditions}`) };
    }
    return cached.html;
  };

  await scope.register(fastifyStatic, { root: distRoot, serve: false });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodedPath(request.url);
    if (pathname === null || isApiPath(pathname)) return reply.callNotFound();
    if (!pathname.startsWith(options.basePath) && `${pathname}/` !== options.basePath) {
      return reply.redirect(options.basePath);
    }
    const relative = pathname.slice(options.basePath.length);
    // Build metadata (dist/.vite/) and other dot-files are not the app's to serve.
    if (relative.split('/').some((segment) => segment.startsWith('.'))) return reply.callNotFound();
    const file = path.resolve(distRoot, relative);
    // Only files inside dist/; anything else is a page path for the router.
    if (relative && file.startsWith(distRoot + path.sep) && existsSync(file) && statSync(file).isFile()) {
      // Hashed build assets never change; everything else is revalidated.
      if (relative.startsWith('assets/'))
        return reply.sendFile(relative, { maxAge: '365d', immutable: true });
      return reply.header('Cache-Control', 'no-cache').sendFile(relative, { cacheControl: false });
    }
    if (relative.startsWith('assets/')) return reply.callNotFound();
    return reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(indexHtml());
  };
  scope.get('/*', handler);
  scope.get('/', handler);
  return true;
}
