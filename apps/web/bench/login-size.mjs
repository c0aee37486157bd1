// The login route's first load, measured as a browser loads it (issue 11, item 8). Run after
// `vite build` (`npm run bench:web` at the root builds first).
//
// Starts the real server (apps/server/src/server.ts, on a temporary data directory and a free
// port, no demo data) serving apps/web/dist, opens /measurerobot/login in headless Debian chromium
// (fresh profile, empty cache), waits until the page is idle, and takes every JavaScript and CSS
// file the page requested (playwright's request events plus performance.getEntriesByType
// ('resource')). Each file's bytes, fetched from the server, are gzip-compressed (level 9); the
// inline <script>/<style> content of the served document is added the same way. Prints the files,
// the total, the 250 kB budget and the 150 kB target, and fails above the budget, when a file did
// not load, or when a loaded chunk holds chart, 3D, PDF, DXF, QR code or Excel code (the build's
// .vite/chunk-modules.json says which modules each chunk holds).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startRealServer } from '../../../scripts/real-server.mjs';

const KB = 1024;
const BUDGET_BYTES = 250 * KB;
const TARGET_BYTES = 150 * KB;
const FORBIDDEN = ['echarts', 'zrender', 'three', 'dxf-viewer', 'pdfjs-dist', 'qrcode', 'exceljs'];
const LOGIN_PATH = '/measurerobot/login';
/** The login form is there: its user name field (zh-CN, the default language). */
const LOGIN_READY = 'input[autocomplete="username"]';
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The page counts as idle after this long without a new request. */
const QUIET_MS = 1500;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dist = path.join(root, 'apps/web/dist');
const modulesPath = path.join(dist, '.vite', 'chunk-modules.json');
if (!existsSync(path.join(dist, 'index.html')) || !existsSync(modulesPath)) {
  console.error(`No build found at ${dist}; run "npm run build -w apps/web" first.`);
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`Needs Debian's chromium: sudo sh -c 'apt-get update && apt-get install -y chromium'`);
  process.exit(1);
}
const chunkModules = JSON.parse(readFileSync(modulesPath, 'utf8'));

const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kB = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
const isCodeOrStyle = (url) => /\.(m?js|css)$/i.test(new URL(url).pathname);

/** Opens the login page in a fresh browser and returns the document and every JS/CSS URL it requested. */
async function loadLoginPage(baseUrl) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const requested = new Map(); // url -> resource type
    const failed = [];
    let lastRequestAt = Date.now();
    page.on('request', (request) => {
      lastRequestAt = Date.now();
      requested.set(request.url(), request.resourceType());
    });
    page.on('requestfailed', (request) => failed.push(`${request.url()} (${request.failure()?.errorText})`));
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.url()} (HTTP ${response.status()})`);
    });
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));

    const navigation = await page.goto(`${baseUrl}${LOGIN_PATH}`, { waitUntil: 'networkidle' });
    if (!navigation?.ok()) throw new Error(`${LOGIN_PATH} answered ${navigation?.status()}`);
    await page.locator(LOGIN_READY).waitFor({ timeout: 30_000 });
    // Idle: no request for QUIET_MS and the main thread has had an idle period.
    while (Date.now() - lastRequestAt < QUIET_MS) {
      await page.waitForTimeout(QUIET_MS - (Date.now() - lastRequestAt) + 50);
    }
    await page.evaluate(
      () => new Promise((resolve) => globalThis.requestIdleCallback(() => resolve(), { timeout: 5000 })),
    );

    const entries = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map(
        (entry) => ({ url: entry.name, type: entry.initiatorType }),
      ),
    );
    for (const { url, type } of entries) if (!requested.has(url)) requested.set(url, type);
    const urls = [...requested].filter(
      ([url, type]) =>
        url.startsWith(baseUrl) && (type === 'script' || type === 'stylesheet' || isCodeOrStyle(url)),
    );
    return {
      document: await navigation.text(),
      documentUrl: navigation.url(),
      urls: urls.map(([url]) => url),
      failed,
      errors,
    };
  } finally {
    await browser.close();
  }
}

/** The text of the document's own <script> and <style> elements (not those with a src). */
function inlineContent(html) {
  const parts = [];
  for (const match of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi)) {
    const [, tag, attributes, content] = match;
    if (tag.toLowerCase() === 'script' && /\bsrc\s*=/i.test(attributes)) continue;
    if (content.trim()) parts.push(content);
  }
  return parts.join('\n');
}

const server = await startRealServer({
  env: {
    BASE_PATH: '/',
    DEMO: 'false',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'Bench@123456',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
  tmpPrefix: 'mc-bench-web-',
});
const { baseUrl } = server;

let exitCode = 1;
try {
  await server.ready(120_000);
  const loaded = await loadLoginPage(baseUrl);

  const rows = [];
  for (const url of loaded.urls) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    rows.push({ name: new URL(url).pathname.replace(/^\//, ''), raw: bytes.length, gzip: gzipSize(bytes) });
  }
  const inline = inlineContent(loaded.document);
  if (inline) {
    rows.push({
      name: `(inline <script>/<style> of ${new URL(loaded.documentUrl).pathname})`,
      raw: Buffer.byteLength(inline),
      gzip: gzipSize(Buffer.from(inline)),
    });
  }
  rows.sort((a, b) => b.gzip - a.gzip);

  console.log(`\n${LOGIN_PATH} first load as chromium requests it (each file gzip -9):\n`);
  console.log(`${'gzip'.padStart(10)} ${'raw'.padStart(10)}  file`);
  for (const row of rows)
    console.log(`${kB(row.gzip).padStart(10)} ${kB(row.raw).padStart(10)}  ${row.name}`);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const scripts = rows.filter((row) => /\.m?js$/.test(row.name)).length;
  const styles = rows.filter((row) => row.name.endsWith('.css')).length;
  console.log(`\nlogin route first load: ${kB(total)} gzip in ${scripts} JS and ${styles} CSS files`);
  console.log(
    `  budget ${kB(BUDGET_BYTES)}: ${total <= BUDGET_BYTES ? 'within' : 'OVER'} (${kB(Math.abs(BUDGET_BYTES - total))} ${total <= BUDGET_BYTES ? 'to spare' : 'over'})`,
  );
  console.log(
    `  target ${kB(TARGET_BYTES)}: ${total <= TARGET_BYTES ? `reached (${kB(TARGET_BYTES - total)} to spare)` : `${kB(total - TARGET_BYTES)} to go`}`,
  );

  const offenders = rows
    .flatMap((row) => chunkModules[row.name] ?? [])
    .filter((id) => FORBIDDEN.some((name) => id.startsWith(`node_modules/${name}/`)));
  const problems = [];
  if (loaded.failed.length) problems.push(`Requests failed:\n  ${loaded.failed.join('\n  ')}`);
  if (loaded.errors.length) problems.push(`The page threw:\n  ${loaded.errors.join('\n  ')}`);
  if (offenders.length)
    problems.push(`The login route loads forbidden modules:\n  ${offenders.join('\n  ')}`);
  if (total > BUDGET_BYTES) problems.push('The login route is over its size budget.');
  for (const problem of problems) console.error(problem);
  exitCode = problems.length ? 1 : 0;
} catch (error) {
  console.error(error);
} finally {
  await server.stop();
}
process.exit(exitCode);
