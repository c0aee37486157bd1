import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
// The worker is bundled as an asset of this chunk and served by the platform itself (no CDN).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * The shared report PDF opened with pdf.js: fetched whole (a closed share or a report not rendered
 * yet answers something else than a PDF: null), then parsed in pdf.js's worker.
 */
export async function openSharedPdf(url: string, signal: AbortSignal): Promise<PDFDocumentProxy | null> {
  const response = await fetch(url, { signal });
  if (!response.ok || !response.headers.get('content-type')?.startsWith('application/pdf')) return null;
  const data = new Uint8Array(await response.arrayBuffer());
  return getDocument({ data, isEvalSupported: false }).promise;
}

/** Largest canvas side drawn (px): a zoomed page on a dense phone screen stays within what browsers allow. */
const MAX_CANVAS_PX = 4096;

/**
 * Draws one page into `canvas`, `cssWidth` CSS pixels wide times `zoom`, sharp on the screen's pixel
 * ratio. Aborting `signal` (the page, zoom or width changed) cancels the drawing; the promise then
 * rejects, which the caller ignores once it has aborted.
 */
export async function renderPage(
  document: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  size: { cssWidth: number; zoom: number },
  signal: AbortSignal,
): Promise<void> {
  const page = await document.getPage(pageNumber);
  if (signal.aborted) return;
  const natural = page.getViewport({ scale: 1 });
  const scale = (size.cssWidth / natural.width) * size.zoom;
  const ratio = Math.min(window.devicePixelRatio || 1, MAX_CANVAS_PX / (natural.width * scale));
  const viewport = page.getViewport({ scale: scale * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${Math.floor(natural.width * scale)}px`;
  canvas.style.height = `${Math.floor(natural.height * scale)}px`;
  const task = page.render({ canvas, viewport });
  signal.addEventListener('abort', () => task.cancel(), { once: true });
  await task.promise;
}
