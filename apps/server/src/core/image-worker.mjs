// Verifies that an uploaded image really decodes, off the main thread (see image-check.ts).
// Input: { kind: 'png' | 'jpg', maxPixels, buffer, byteOffset, byteLength }.
// Output: { ok: true, width, height } or { ok: false, reason }.
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import jpeg from 'jpeg-js';
import { CHANNELS, PNG_SIGNATURE, pngChunks, pngHeader } from './png.mjs';

const bytes = Buffer.from(workerData.buffer, workerData.byteOffset, workerData.byteLength);
const DEPTHS = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

class Refused extends Error {}
const refuse = (reason) => {
  throw new Refused(reason);
};

/** Bytes of filtered scanlines a PNG of this header must inflate to (one filter byte per row). */
function expectedPngBytes(width, height, bitsPerPixel, interlaced) {
  const rowBytes = (w) => 1 + Math.ceil((w * bitsPerPixel) / 8);
  if (!interlaced) return height * rowBytes(width);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const w = width > x0 ? Math.ceil((width - x0) / dx) : 0;
    const h = height > y0 ? Math.ceil((height - y0) / dy) : 0;
    if (w > 0 && h > 0) total += h * rowBytes(w);
  }
  return total;
}

/** Inflates the image data as a stream, counting (not keeping) the output. */
function inflatedSize(idat, limit) {
  return new Promise((resolve, reject) => {
    const inflate = zlib.createInflate();
    let size = 0;
    inflate.on('data', (chunk) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', () => reject(new Refused('image data does not inflate')));
    inflate.end(idat);
  });
}

/**
 * Chunk structure (length, type, CRC of every chunk), IHDR first with a valid depth and colour type,
 * a palette for indexed images, the IDAT chunks together, IEND last, no unknown critical chunk, and
 * the image data inflating to exactly the size the header declares.
 */
async function checkPng() {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) refuse('no PNG signature');
  let header;
  let palette = false;
  let idatEnded = false;
  let ended = false;
  const idat = [];
  for (const chunk of pngChunks(bytes)) {
    const { type } = chunk;
    if (chunk.truncated) refuse(type ? `chunk ${type} runs past the end` : 'truncated chunk');
    if (!chunk.crcOk) refuse(`bad CRC in ${type}`);
    const { data } = chunk;
    if (!header && type !== 'IHDR') refuse('IHDR is not first');
    if (type === 'IHDR') {
      if (header || data.length !== 13) refuse('bad IHDR');
      header = pngHeader(data);
      if (!DEPTHS[header.colour]?.includes(header.depth)) refuse('bad depth or colour type');
      if (data[10] !== 0 || data[11] !== 0 || header.interlace > 1) refuse('bad IHDR method');
      if (header.width === 0 || header.height === 0) refuse('empty image');
      if (header.width * header.height > workerData.maxPixels) refuse('too many pixels');
    } else if (type === 'PLTE') {
      palette = true;
    } else if (type === 'IDAT') {
      if (idatEnded) refuse('IDAT chunks are not together');
      idat.push(data);
    } else if (type === 'IEND') {
      ended = true;
    } else if (type.charCodeAt(0) < 97) {
      refuse(`unknown critical chunk ${type}`);
    }
    if (type !== 'IDAT' && idat.length > 0) idatEnded = true;
  }
  if (!ended) refuse('truncated chunk');
  if (idat.length === 0) refuse('no image data');
  if (header.colour === 3 && !palette) refuse('indexed image without palette');
  const expected = expectedPngBytes(
    header.width,
    header.height,
    header.depth * CHANNELS[header.colour],
    header.interlace === 1,
  );
  const size = await inflatedSize(Buffer.concat(idat), expected);
  if (size !== expected) refuse(`image data inflates to ${size} bytes, the header needs ${expected}`);
  return { width: header.width, height: header.height };
}

/** A full baseline/progressive decode with jpeg-js (strict: missing markers or data fail). */
function checkJpeg() {
  const image = jpeg.decode(bytes, {
    useTArray: true,
    tolerantDecoding: false,
    maxResolutionInMP: Math.ceil(workerData.maxPixels / 1_000_000),
    maxMemoryUsageInMB: 768,
  });
  if (!(image.width > 0 && image.height > 0)) refuse('empty image');
  return { width: image.width, height: image.height };
}

let answer;
try {
  const size = workerData.kind === 'png' ? await checkPng() : checkJpeg();
  answer = { ok: true, ...size };
} catch (error) {
  answer = { ok: false, reason: error instanceof Error ? error.message : String(error) };
}
parentPort.postMessage(answer);
