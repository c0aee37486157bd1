import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let dist: string;
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body></body></html>`;
const script = `console.log(${JSON.stringify('x'.repeat(2000))})`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mc-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), page('first'));
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'favicon.ico'), 'icon');
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  // What the build's precompress and pagePreloads plugins write (apps/web/vite-plugins.ts).
  writeFileSync(path.join(dist, 'assets', 'page-1234.js'), script);
  writeFileSync(path.join(dist, 'assets', 'page-1234.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'page-1234.js.gz'), gzipSync(script));
  writeFileSync(
    path.join(dist, '.vite', 'page-preloads.json'),
    JSON.stringify({
      'measurerobot/login': { js: ['assets/login-1.js'], css: [] },
      'supplement/taskReportList/': {
        js: ['assets/share-1.js', 'assets/list-1.js'],
        css: ['assets/share-1.css'],
      },
    }),
  );
  t = await createTestApp({
    config: { webDistDir: dist, basePath: '/cloud/', loginAesKey: 'Key<With>"16B"!!' },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

it('answers page paths under BASE_PATH with index.html carrying the base and the login key', async () => {
  const response = await get('/cloud/measurerobot/login');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/html');
  expect(response.body).toContain('<base href="/cloud/" />');
  expect(response.body).toContain('<meta name="login-key" content="Key&lt;With&gt;&quot;16B&quot;!!" />');
  expect(response.headers['content-security-policy']).toContain("script-src 'self'");
});

it('serves built files, hashed assets cached for good, and redirects outside BASE_PATH', async () => {
  const asset = await get('/cloud/assets/app-1234.js');
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toContain('immutable');
  expect((await get('/cloud/favicon.ico')).headers['cache-control']).toBe('no-cache');
  const outside = await get('/elsewhere');
  expect(outside.statusCode).toBe(302);
  expect(outside.headers.location).toBe('/cloud/');
});

it('never serves build metadata, missing assets, malformed paths or API paths as pages', async () => {
  for (const url of ['/cloud/.vite/manifest.json', '/cloud/assets/missing.js', '/api/nothing']) {
    const response = await get(url);
    expect(response.statusCode, url).toBe(404);
    expect(response.json(), url).toMatchObject({ Code: 404 });
  }
  // The router itself refuses a malformed escape: a client error, never a page or a crash.
  const malformed = await get('/cloud/%E0%A4%A');
  expect(malformed.statusCode).toBe(400);
  expect(malformed.json()).toMatchObject({ Code: 400 });
  expect((await get('/cloud/..%2F..%2Fetc%2Fpasswd')).body).not.toContain('root:');
});

it('serves the new index.html after a rebuild without a restart', async () => {
  writeFileSync(path.join(dist, 'index.html'), page('second'));
  const later = new Date(Date.now() + 5_000);
  utimesSync(path.join(dist, 'index.html'), later, later);
  expect((await get('/cloud/')).body).toContain('<title>second</title>');
});

it("sends the build's brotli or gzip copy to browsers that accept it, the file itself to others", async () => {
  const request = (encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/cloud/assets/page-1234.js',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });
  const brotli = await request('gzip, deflate, br');
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers['content-type']).toContain('javascript');
  expect(brotli.headers.vary).toContain('accept-encoding');
  expect(brotli.headers['cache-control']).toContain('immutable');
  expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
  const gzip = await request('gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
  const plain = await request();
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(script);
});

it("names a cold-loaded page's code in its index.html, and no other page's", async () => {
  const share = (await get('/cloud/supplement/taskReportList/abc')).body;
  expect(share).toContain('<link rel="stylesheet" crossorigin href="assets/share-1.css" />');
  expect(share).toContain('<link rel="modulepreload" crossorigin href="assets/share-1.js" />');
  expect(share).toContain('<link rel="modulepreload" crossorigin href="assets/list-1.js" />');
  expect(share.indexOf('share-1.js')).toBeLessThan(share.indexOf('</head>'));
  expect(share).not.toContain('login-1.js');
  const login = (await get('/cloud/measurerobot/login')).body;
  expect(login).toContain('<link rel="modulepreload" crossorigin href="assets/login-1.js" />');
  expect(login).not.toContain('share-1');
  for (const url of ['/cloud/measurerobot/projectList', '/cloud/supplement/taskReportList/', '/cloud/']) {
    expect((await get(url)).body, url).not.toContain('modulepreload');
  }
});
