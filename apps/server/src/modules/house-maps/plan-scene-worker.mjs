// Builds the floor-plan editor's scene of a DXF plan off the main thread, as a piscina task
// (plan-scene.ts): the same work the browser's DXF worker does (apps/web/src/features/house-maps/
// dxfWorker.ts: dxf-viewer's parser, the layer records of addReferencedLayers, the Noto Sans latin
// font then the Noto Sans SC slices the texts need, dxf-viewer's DxfScene with its default options),
// so the browser only uploads buffers: no parse, no font, no batching before the first frame.
// Input: the file bytes. Output: { ok: true, scene } (the encoded scene, plan-scene-format.mjs,
// compressed with brotli: it is stored and sent that way) or { ok: false, reason }.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import DxfParser from 'dxf-viewer/src/parser/DxfParser.js';
import { DxfScene } from 'dxf-viewer/src/DxfScene.js';
import opentype from 'opentype.js';
import { compressPlanScene, encodePlanScene } from './plan-scene-format.mjs';

// The slice choice and layer records are the web editor's own modules (TypeScript): tsx first.
register();
const { addReferencedLayers } = await import('../../../../web/src/features/house-maps/referencedLayers.ts');
const { drawingText, parseUnicodeRange, sliceUrlsFor, slicesOf } =
  await import('../../../../web/src/features/house-maps/cjkFontRanges.ts');

// dxf-viewer logs its statistics on every drawing; the server's log is not the place.
console.log = () => {};

const require = createRequire(import.meta.url);
const latinDir = path.dirname(require.resolve('@fontsource/noto-sans/unicode.json'));
const scDir = path.dirname(require.resolve('@fontsource/noto-sans-sc/unicode.json'));
const LATIN_FONT = path.join(latinDir, 'files', 'noto-sans-latin-400-normal.woff');
const LATIN = parseUnicodeRange(require('@fontsource/noto-sans/unicode.json').latin);
const scRanges = require('@fontsource/noto-sans-sc/unicode.json');
const SLICES = slicesOf(
  scRanges,
  Object.fromEntries(
    Object.keys(scRanges).map((key) => {
      const file = path.join(scDir, 'files', `noto-sans-sc-${key.replace(/^\[|\]$/g, '')}-400-normal.woff`);
      return [file, file];
    }),
  ),
);

/** A font fetcher as dxf-viewer's TextRenderer takes it: called only when a glyph is looked up. */
const fontFetcher = (file) => async () => {
  const data = await fs.readFile(file);
  return opentype.parse(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
};

export default async function buildPlanScene(bytes) {
  let drawing;
  try {
    // As dxf-viewer's DxfFetcher reads it in the browser (UTF-8, DXF R2007 and later).
    const text = new TextDecoder('utf-8').decode(bytes);
    drawing = addReferencedLayers(new DxfParser().parseSync(text));
    if (!drawing || !Array.isArray(drawing.entities)) return { ok: false, reason: 'no entities' };
  } catch (error) {
    return { ok: false, reason: String(error?.message ?? error).slice(0, 200) };
  }
  const fonts = [LATIN_FONT, ...sliceUrlsFor(drawingText(drawing), SLICES, LATIN)].map(fontFetcher);
  const scene = new DxfScene({});
  try {
    await scene.Build(drawing, fonts);
  } catch (error) {
    return { ok: false, reason: String(error?.message ?? error).slice(0, 200) };
  }
  return { ok: true, scene: compressPlanScene(encodePlanScene(scene.scene)) };
}
