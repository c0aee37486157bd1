// Served with the app: the worker fetches it only when the drawing has text (see dxfBase.ts).
import latinFontUrl from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff?url';
import { takeDxfWorker } from './dxfWorkerPool.ts';

/**
 * Parsing a drawing before its viewer exists (issue 29 item 8). The viewer's code (dxf-viewer,
 * three.js: 1.4 MB) arrives after the plan file does, and dxf-viewer starts its worker only from
 * the viewer; but the worker (dxfWorker.ts) is already warm. This module, small enough for the
 * route's loader, sends the worker dxf-viewer's own LOAD request (the message DxfWorker sends;
 * options `{}` are the viewer's defaults) as soon as the plan is here, and the viewer made later
 * takes the answer (dxfBase.ts: DxfWorker.Load answers a preloaded URL from here).
 */
const SIGNATURE = 'DxfWorkerMsg';
export const LATIN_FONT_URL: string = latinFontUrl;

type Phase = string;
interface Preload {
  url: string;
  result: Promise<unknown>;
  onPhase: ((phase: Phase) => void) | null;
}

let preload: Preload | null = null;

/** Marks for the benchmark's breakdown (the first of each phase counts). */
export function markPhase(phase: Phase): void {
  if (performance.getEntriesByName(`floor-plan:phase-${phase}`).length === 0) {
    performance.mark(`floor-plan:phase-${phase}`);
  }
}

interface WorkerMessage {
  signature?: string;
  seq?: number;
  type?: string;
  data?: { phase?: Phase } & Record<string, unknown>;
  error?: string;
}

/** Starts loading the drawing at `url` (an object URL) in the warm DXF worker; one drawing is kept. */
export function preloadDxf(url: string): void {
  if (preload?.url === url) return;
  const worker = takeDxfWorker();
  const started: Preload = { url, result: Promise.resolve(), onPhase: null };
  started.result = new Promise((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.signature !== SIGNATURE || message.seq !== 1) return;
      if (message.type === 'PROGRESS') {
        const phase = message.data?.phase ?? '';
        markPhase(phase);
        started.onPhase?.(phase);
        return;
      }
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.data);
      // dxf-viewer ends its workers after one drawing: so does this one.
      worker.postMessage({ seq: 2, type: 'DESTROY', data: null, signature: SIGNATURE });
      setTimeout(() => worker.terminate(), 1000);
    });
    worker.addEventListener('error', (error) =>
      reject(error instanceof Error ? error : new Error('DXF worker failed')),
    );
  });
  started.result.catch(() => {}); // Reported by the viewer that takes it.
  worker.postMessage({
    seq: 1,
    type: 'LOAD',
    data: { url, fonts: [LATIN_FONT_URL], options: {} },
    signature: SIGNATURE,
  });
  preload = started;
}

/**
 * The preloaded drawing of `url` (once), whose later phases go to `onPhase`; null when none was
 * started for it.
 */
export function takePreloadedDxf(url: string, onPhase: (phase: Phase) => void): Promise<unknown> | null {
  if (preload?.url !== url) return null;
  const taken = preload;
  preload = null;
  taken.onPhase = onPhase;
  return taken.result;
}

/** Whether a preload of `url` is waiting for its viewer. */
export const isPreloaded = (url: string): boolean => preload?.url === url;
