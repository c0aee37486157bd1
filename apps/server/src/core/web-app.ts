import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageDataElement } from './page-data.ts';

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

interface PagePreload {
  matches: (page: string) => boolean;
  links: string;
}

/**
 * The build's list of the code each cold-loaded page needs beyond the entry (apps/web
 * vite-plugins.ts pagePreloads): a page path (below BASE_PATH; one ending in `/` is a prefix) with
 * its JS and CSS files, turned into `<link>` elements (relative, like the build's own, so they
 * follow `<base href>`). No file (an older build): no preloads.
 */
function readPagePreloads(file: string): PagePreload[] {
  if (!existsSync(file)) return [];
  const pages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { js: string[]; css: string[] }>;
  return Object.entries(pages).map(([page, { js, css }]) => ({
    matches: page.endsWith('/')
      ? (candidate) => candidate.startsWith(page) && candidate.length > page.length
      : (candidate) => candidate.replace(/\/+$/, '') === page,
    links: [
      ...css.map((href) => `\n    <link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`),
      ...js.map((href) => `\n    <link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
    ].join(''),
  }));
}

/**
 * Serves the built web app under BASE_PATH: existing files from dist/, index.html for every other
 * page path (client-side routing). index.html gets a `<base href>` (so the build's relative asset
 * URLs and the router's basename follow BASE_PATH without rebuilding) and the login key (a
 * compatibility encoding, not a secret), and is re-read after a rebuild. Built files go out
 * pre-compressed when the build left a .br/.gz copy and the browser accepts it; the pages people
 * open cold on phones (login, shared report) name their code in index.html so it loads at once.
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
  let cached = { mtimeMs: -1, html: '', preloads: [] as PagePreload[] };
  const indexHtml = (page: string) => {
    const { mtimeMs } = statSync(indexFile);
    if (mtimeMs !== cached.mtimeMs) {
      cached = {
        mtimeMs,
        html: readFileSync(indexFile, 'utf8').replace('<head>', `<head>${headAdditions}`),
        preloads: readPagePreloads(path.join(distRoot, '.vite', 'page-preloads.json')),
      };
    }
    const preload = cached.preloads.find((entry) => entry.matches(page));
    return preload ? cached.html.replace('</head>', `${preload.links}\n  </head>`) : cached.html;
  };

  // The build writes a brotli and a gzip copy beside each text asset (apps/web/vite.config.ts):
  // they are sent to browsers that accept them, with `Vary: Accept-Encoding`.
  await scope.register(fastifyStatic, { root: distRoot, serve: false, preCompressed: true });

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
    const pageData = await pageDataElement(scope, relative);
    reply.status(200).type('text/html; charset=utf-8');
    if (!pageData) return reply.header('Cache-Control', 'no-cache').send(indexHtml(relative));
    // A page with its data: never from a cache (a revoked share must not show), and gzipped, since
    // the data is most of its bytes and the page is opened on slow phone networks.
    // A function, so a `$&` in the data is not read as a replacement pattern.
    const html = indexHtml(relative).replace('</head>', () => `${pageData}\n  </head>`);
    reply.header('Cache-Control', 'no-store').header('Vary', 'Accept-Encoding');
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(html);
    return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
  };
  scope.get('/*', handler);
  scope.get('/', handler);
  return true;
}
