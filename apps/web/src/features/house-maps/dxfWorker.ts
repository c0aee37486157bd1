/// <reference lib="webworker" />
// The DXF parsing worker: dxf-viewer fetches, parses and batches the drawing here, off the main thread.
import { DxfFetcher, DxfViewer } from 'dxf-viewer';
import { DxfWorker } from 'dxf-viewer/src/DxfWorker.js';
import { cjkFontSliceUrls, drawingText } from './cjkFontSlices.ts';
import { addReferencedLayers } from './referencedLayers.ts';

/**
 * The Chinese font comes in slices: once the drawing is parsed, the slices its texts need are
 * appended to the font list the viewer was given (the Latin font) and fetched at once, in parallel,
 * while the scene is being built. The viewer reads the list only when it meets a character its
 * loaded fonts lack, after the drawing is fetched. A worker loads one drawing, so one list is kept.
 */
let addFonts: ((urls: string[]) => void) | null = null;
const createFontFetchers = DxfWorker.prototype._CreateFontFetchers;
DxfWorker.prototype._CreateFontFetchers = function (this: DxfWorker, urls, progressCbk) {
  const fetchers = createFontFetchers.call(this, urls, progressCbk);
  addFonts = (more) => {
    for (const fetcher of createFontFetchers.call(this, more, progressCbk)) {
      const font = fetcher();
      font.catch(() => {}); // Reported when the viewer awaits it; a slice it never needs stays quiet.
      fetchers.push(() => font);
    }
  };
  return fetchers;
};

// Layers named only by entities get records before the scene is built (see addReferencedLayers).
const fetchDrawing = DxfFetcher.prototype.Fetch;
DxfFetcher.prototype.Fetch = async function (this: DxfFetcher, ...args) {
  const drawing = addReferencedLayers(await fetchDrawing.apply(this, args));
  addFonts?.(cjkFontSliceUrls(drawingText(drawing)));
  return drawing;
};

DxfViewer.SetupWorker();
