import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let dist: string;
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body></body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mc-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), page('first'));
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'favicon.ico'), 'icon');
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
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
