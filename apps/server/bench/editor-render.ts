/**
 * Benchmark (issue 5, item 4; issue 29, item 8): opening the floor-plan editor on a DXF of 50,000
 * entities (lines, polylines, circles, arcs, text) must reach its first rendered frame within 2 s;
 * the time is also given as a ratio to a blank page's first frame in the same browser run, which
 * compares runs on a machine whose load varies.
 *
 * Builds the web app (so the measured code is the current one; EDITOR_BENCH_BUILT=1 skips that for
 * repeated runs of the same build), starts the real server (DEMO=true) on a temporary data
 * directory and a free port, creates a project and uploads the generated drawing through the API as
 * the demo administrator, waits for the server's job to build its scene (house-maps plan-scene.ts:
 * the editor then draws it without parsing the DXF), signs in with headless chromium
 * and opens `floorPlanEditorDetail?id=` three times. The time is from navigation start to the
 * page's `floor-plan:first-render` mark, set two animation frames after dxf-viewer has loaded the
 * drawing and it was rendered, so the frame with the drawing has been produced (headless chromium
 * rasterises WebGL in software here, so this includes the drawing's first raster). The first
 * opening (editor chunks not yet cached) counts; the reopenings and the frame time of zooming
 * in and out (one wheel event per frame) are printed for information.
 *
 *   npm run bench -- editor-render
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { chromiumPresent, DEMO_ADMIN, launchChromium, signedInPage } from './support/chromium.ts';
import { waitForPlanScene } from '../../../e2e/support/plan-scene.ts';
import { loadConfig } from '../src/config.ts';
import { encodeLoginField } from '../src/modules/auth/login-cipher.ts';

const ENTITIES = 50_000;
const LIMIT_MS = 2000;
const OPENINGS = 3;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * A drawing of 50,000 entities laid out as a grid of 1,000 flats of 6 m (units: mm), each of 50
 * entities: 4 walls and 16 short lines (tiles) as LINE, 10 closed LWPOLYLINE (furniture), 7 CIRCLE,
 * 12 ARC (door swings) and 1 TEXT label in Chinese (as on real plans here: the viewer then loads the
 * slices of the CJK font that hold its characters), on five layers. UTF-8, as DXF R2007 and later.
 */
export function benchDrawing(entities = ENTITIES): Buffer {
  const layers = ['WALLS', 'FURNITURE', 'FIXTURES', 'DOORS', 'TEXT'];
  const parts: string[] = ['0\nSECTION\n2\nTABLES\n0\nTABLE\n2\nLAYER\n70\n5\n'];
  layers.forEach((name, index) =>
    parts.push(`0\nLAYER\n2\n${name}\n70\n0\n62\n${index + 1}\n6\nCONTINUOUS\n`),
  );
  parts.push('0\nENDTAB\n0\nENDSEC\n0\nSECTION\n2\nENTITIES\n');
  const columns = 40;
  const cell = 6000;
  const line = (x1: number, y1: number, x2: number, y2: number, layer = 'WALLS') =>
    `0\nLINE\n8\n${layer}\n10\n${x1}\n20\n${y1}\n11\n${x2}\n21\n${y2}\n`;
  for (let index = 0; index < entities; index += 1) {
    const flat = Math.floor(index / 50);
    const x = (flat % columns) * cell;
    const y = Math.floor(flat / columns) * cell;
    const kind = index % 50;
    if (kind < 4) {
      const corners = [x, y, x + cell, y, x + cell, y + cell, x, y + cell, x, y];
      parts.push(
        line(corners[kind * 2]!, corners[kind * 2 + 1]!, corners[kind * 2 + 2]!, corners[kind * 2 + 3]!),
      );
    } else if (kind < 20) {
      const offset = 300 + (kind - 4) * 150;
      parts.push(line(x + 3500 + offset * 0.5, y + 300, x + 3500 + offset * 0.5, y + 1500, 'FIXTURES'));
    } else if (kind < 30) {
      const ox = x + 300 + ((kind - 20) % 5) * 1100;
      const oy = y + (kind < 25 ? 2000 : 3500);
      parts.push(
        `0\nLWPOLYLINE\n8\nFURNITURE\n90\n4\n70\n1\n10\n${ox}\n20\n${oy}\n10\n${ox + 900}\n20\n${oy}\n` +
          `10\n${ox + 900}\n20\n${oy + 700}\n10\n${ox}\n20\n${oy + 700}\n`,
      );
    } else if (kind < 37) {
      parts.push(`0\nCIRCLE\n8\nFIXTURES\n10\n${x + 500 + (kind - 30) * 700}\n20\n${y + 5000}\n40\n250\n`);
    } else if (kind < 49) {
      const start = ((kind - 37) % 4) * 90;
      const cx = x + 600 + Math.floor((kind - 37) / 4) * 1800;
      parts.push(`0\nARC\n8\nDOORS\n10\n${cx}\n20\n${y + 1000}\n40\n800\n50\n${start}\n51\n${start + 90}\n`);
    } else {
      parts.push(`0\nTEXT\n8\nTEXT\n10\n${x + 300}\n20\n${y + 5500}\n40\n250\n1\n房间 ${flat + 1}\n`);
    }
  }
  parts.push('0\nENDSEC\n0\nEOF\n');
  return Buffer.from(parts.join(''), 'utf8');
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function waitReady(url: string, exited: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('server exited');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready after ${timeoutMs} ms`);
}

async function api<T>(baseUrl: string, route: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { Code: number; Message: string; Result: T };
  if (envelope.Code !== 0) throw new Error(`${route}: ${envelope.Code} ${envelope.Message}`);
  return envelope.Result;
}

/** Creates a project and uploads the drawing; returns the house type id once its scene is built. */
async function prepare(baseUrl: string, drawing: Buffer): Promise<string> {
  const key = loadConfig({}).loginAesKey;
  const token = await api<string>(baseUrl, '/api/sys/Auth/AuthLogin', {
    Email: encodeLoginField(DEMO_ADMIN.login, key),
    Password: encodeLoginField(DEMO_ADMIN.password, key),
  });
  const project = await api<{ ProjectId: string }>(
    baseUrl,
    '/api/ms/Project/Add',
    {
      Name: 'Bench editor',
      DetailsInfo: [{ BuildingNumber: '1', Stories: 3, Households: 2, DeliveryStandard: 'fine' }],
    },
    token,
  );
  const form = new FormData();
  form.append('ProjectId', project.ProjectId);
  form.append('Name', 'Bench50k');
  form.append('FloorArea', '100');
  form.append('file', new Blob([new Uint8Array(drawing)]), 'bench-50k.dxf');
  const response = await fetch(`${baseUrl}/api/ms/Project/HouseMapUpdate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const envelope = (await response.json()) as {
    Code: number;
    Message: string;
    Result: { HouseMapId: string };
  };
  if (envelope.Code !== 0) throw new Error(`upload: ${envelope.Code} ${envelope.Message}`);
  // What a user opening the plan after its upload gets: the scene the server's job built.
  const sceneMs = await waitForPlanScene(baseUrl, token, envelope.Result.HouseMapId, 600_000);
  console.log(`plan scene built by the server's job ${Math.round(sceneMs)} ms after the upload's answer`);
  return envelope.Result.HouseMapId;
}

/**
 * Zooms in and out with wheel events on the overlay, one per frame, and reports how long a frame
 * with the whole drawing took (median and worst): the pan/zoom smoothness on 50,000 entities.
 */
async function zoomFrames(page: Page): Promise<string> {
  const frames = await page.evaluate(async () => {
    const canvas = document.querySelector('[data-testid="plan-viewport"] canvas[role="img"]');
    if (!canvas) return [];
    const box = canvas.getBoundingClientRect();
    const times: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      const started = performance.now();
      canvas.dispatchEvent(
        new WheelEvent('wheel', {
          deltaY: index < 15 ? -120 : 120,
          clientX: box.left + box.width / 2,
          clientY: box.top + box.height / 2,
          bubbles: true,
          cancelable: true,
        }),
      );
      // (No helper functions in here: tsx would wrap them in a __name() the page does not have.)
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      times.push(performance.now() - started);
    }
    return times;
  });
  const sorted = [...frames].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  return `median ${Math.round(median)} ms, worst ${Math.round(sorted.at(-1) ?? NaN)} ms (software WebGL here)`;
}

/**
 * The yardstick of the same browser run: a blank page (no script but the mark, nothing fetched)
 * opened OPENINGS times, each timed as the editor is, from navigation start to two animation frames
 * later. Its median is what the machine needs for any first frame at the moment.
 */
async function blankFirstFrames(page: Page): Promise<number[]> {
  const html =
    '<!doctype html><title>blank</title><script>requestAnimationFrame(() => requestAnimationFrame(() => ' +
    "performance.mark('blank:first-frame')))</script>";
  const times: number[] = [];
  for (let run = 0; run < OPENINGS; run += 1) {
    await page.goto(`data:text/html,${encodeURIComponent(html)}`);
    await page.waitForFunction(() => performance.getEntriesByName('blank:first-frame').length > 0);
    times.push(
      await page.evaluate(() => performance.getEntriesByName('blank:first-frame')[0]?.startTime ?? NaN),
    );
  }
  return times;
}

/**
 * Signs in through the login page, then opens a blank page and the editor OPENINGS times each;
 * returns both series of times in ms.
 */
async function measure(baseUrl: string, houseMapId: string): Promise<{ times: number[]; blank: number[] }> {
  const browser = await launchChromium();
  try {
    const page = await signedInPage(browser, baseUrl);
    const blank = await blankFirstFrames(page);
    const times: number[] = [];
    for (let run = 0; run < OPENINGS; run += 1) {
      await page.goto(`${baseUrl}/measurerobot/floorPlanEditorDetail?id=${houseMapId}`);
      await page.waitForFunction(
        () => performance.getEntriesByName('floor-plan:first-render').length > 0,
        null,
        {
          timeout: 60_000,
        },
      );
      times.push(
        await page.evaluate(
          () => performance.getEntriesByName('floor-plan:first-render')[0]?.startTime ?? NaN,
        ),
      );
      if (run === 0) {
        await page.screenshot({ path: path.join(os.tmpdir(), 'editor-render-bench.png') });
        // Where the time of the first opening went (marks the editor sets on its way).
        const marks = await page.evaluate(() =>
          performance
            .getEntriesByType('mark')
            .filter((entry) => entry.name.startsWith('floor-plan:'))
            .map((entry) => `${entry.name.slice('floor-plan:'.length)} ${Math.round(entry.startTime)}`),
        );
        console.log(`first opening, ms after navigation start: ${marks.join(', ')}`);
        console.log(`zoom frames (wheel in and out, 30 frames): ${await zoomFrames(page)}`);
      }
    }
    return { times, blank };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<number> {
  if (!chromiumPresent()) return 1;
  if (process.env.EDITOR_BENCH_BUILT !== '1') {
    console.log('building the web app...');
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });
  }
  const drawing = benchDrawing();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mc-bench-editor-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  server.once('exit', () => {
    exited = true;
  });
  try {
    await waitReady(`${baseUrl}/readyz`, () => exited, 90_000);
    const houseMapId = await prepare(baseUrl, drawing);
    const { times, blank } = await measure(baseUrl, houseMapId);
    const first = times[0] ?? NaN;
    const blankMedian = [...blank].sort((a, b) => a - b)[Math.floor(blank.length / 2)] ?? NaN;
    const ms = (value: number) => `${Math.round(value)} ms`;
    const ratio = (value: number) => (value / blankMedian).toFixed(1);
    console.log(`blank page first frame: ${blank.map(ms).join(', ')} (median ${ms(blankMedian)})`);
    console.log(
      `editor first render on ${ENTITIES.toLocaleString('en-US')}-entity DXF ` +
        `(${(drawing.length / 1024 / 1024).toFixed(1)} MB): ${ms(first)} (limit ${LIMIT_MS} ms), ` +
        `${ratio(first)}x the blank page's; reopened: ${times
          .slice(1)
          .map((time) => `${ms(time)} (${ratio(time)}x)`)
          .join(', ')}`,
    );
    return first <= LIMIT_MS ? 0 : 1;
  } finally {
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    if (!exited) server.kill('SIGTERM');
    await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run directly (not when imported for its drawing).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
