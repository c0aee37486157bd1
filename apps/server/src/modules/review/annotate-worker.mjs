// Draws a site's rulers and their values into its picture, off the main thread (picture-annotation.ts).
// Input: { buffer, byteOffset, byteLength, extent: { X, Y }, rulers: [{ X1, Y1, X2, Y2, label, colour }] }
// (ruler ends in mm on the surface; the picture shows the surface from (0, 0) to `extent`, Y up). Output: { ok: true, png: Uint8Array } or { ok: false, reason }.
// PNG (8 or 16 bits, grey, truecolour, palette, with or without alpha, not interlaced) is decoded by
// core/png.mjs; JPEG with jpeg-js. The result is always a truecolour PNG.
import { parentPort, workerData } from 'node:worker_threads';
import jpeg from 'jpeg-js';
import { GLYPHS } from '../../core/pixel-font.mjs';
import { PNG_SIGNATURE, UnsupportedPng, decodePngRgb, encodePngRgb } from '../../core/png.mjs';

const bytes = Buffer.from(workerData.buffer, workerData.byteOffset, workerData.byteLength);

function decodeJpeg() {
  const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 512 });
  const rgb = Buffer.alloc(image.width * image.height * 3);
  for (let i = 0, o = 0; i < image.data.length; i += 4, o += 3) {
    rgb[o] = image.data[i];
    rgb[o + 1] = image.data[i + 1];
    rgb[o + 2] = image.data[i + 2];
  }
  return { width: image.width, height: image.height, rgb };
}

function annotate({ width, height, rgb }, extent, mmRulers) {
  const rulers = mmRulers.map((ruler) => ({
    ...ruler,
    X1: (ruler.X1 / extent.X) * (width - 1),
    X2: (ruler.X2 / extent.X) * (width - 1),
    Y1: (1 - ruler.Y1 / extent.Y) * (height - 1),
    Y2: (1 - ruler.Y2 / extent.Y) * (height - 1),
  }));
  const put = (x, y, [r, g, b]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const at = (y * width + x) * 3;
    rgb[at] = r;
    rgb[at + 1] = g;
    rgb[at + 2] = b;
  };
  const thick = Math.max(1, Math.round(Math.min(width, height) / 150));
  const scale = Math.max(1, Math.round(Math.min(width, height) / 200));
  for (const ruler of rulers) {
    const steps = Math.max(1, Math.ceil(Math.hypot(ruler.X2 - ruler.X1, ruler.Y2 - ruler.Y1)));
    for (let s = 0; s <= steps; s += 1) {
      const x = Math.round(ruler.X1 + ((ruler.X2 - ruler.X1) * s) / steps);
      const y = Math.round(ruler.Y1 + ((ruler.Y2 - ruler.Y1) * s) / steps);
      for (let dy = -thick; dy <= thick; dy += 1)
        for (let dx = -thick; dx <= thick; dx += 1) put(x + dx, y + dy, ruler.colour);
    }
    // The value on a white label above the ruler's middle.
    const text = [...ruler.label].filter((c) => GLYPHS[c]);
    const labelWidth = (text.length * 6 + 1) * scale;
    const left = Math.round((ruler.X1 + ruler.X2) / 2 - labelWidth / 2);
    // Above the ruler, or below it when there is no room above (a ruler along the picture's top).
    const middle = Math.round((ruler.Y1 + ruler.Y2) / 2);
    const above = middle - 10 * scale - thick;
    const top = above >= 0 ? above : middle + thick + scale;
    for (let y = 0; y < 9 * scale; y += 1)
      for (let x = 0; x < labelWidth; x += 1) put(left + x, top + y, [255, 255, 255]);
    text.forEach((c, n) => {
      GLYPHS[c].forEach((row, gy) => {
        for (let gx = 0; gx < 5; gx += 1) {
          if (row[gx] !== '1') continue;
          for (let sy = 0; sy < scale; sy += 1)
            for (let sx = 0; sx < scale; sx += 1)
              put(left + (1 + n * 6 + gx) * scale + sx, top + (1 + gy) * scale + sy, ruler.colour);
        }
      });
    });
  }
}

try {
  const image = bytes.subarray(0, 8).equals(PNG_SIGNATURE)
    ? decodePngRgb(bytes)
    : bytes[0] === 0xff && bytes[1] === 0xd8
      ? decodeJpeg()
      : (() => {
          throw new UnsupportedPng('neither PNG nor JPEG');
        })();
  annotate(image, workerData.extent, workerData.rulers);
  const png = encodePngRgb(image);
  parentPort.postMessage({ ok: true, png }, []);
} catch (error) {
  parentPort.postMessage({ ok: false, reason: error instanceof Error ? error.message : String(error) });
}
