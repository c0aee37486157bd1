// Draws a site's rulers and their values into its picture, off the main thread (picture-annotation.ts).
// Input: { buffer, byteOffset, byteLength, extent: { X, Y }, rulers: [{ X1, Y1, X2, Y2, label, colour }] }
// (ruler ends in mm on the surface; the picture shows the surface from (0, 0) to `extent`, Y up). Output: { ok: true, png: Uint8Array } or { ok: false, reason }.
// PNG (8 or 16 bits, grey, truecolour, palette, with or without alpha, not interlaced) is decoded here
// with node:zlib; JPEG with jpeg-js. The result is always a truecolour PNG.
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import jpeg from 'jpeg-js';

const bytes = Buffer.from(workerData.buffer, workerData.byteOffset, workerData.byteLength);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

class Unsupported extends Error {}

/** Decodes a PNG to RGB (3 bytes per pixel). */
function decodePng() {
  let offset = 8;
  let header;
  let palette;
  const idat = [];
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        depth: data[8],
        colour: data[9],
        interlace: data[12],
      };
    } else if (type === 'PLTE') palette = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!header) throw new Unsupported('no PNG header');
  const { width, height, depth, colour, interlace } = header;
  const channels = CHANNELS[colour];
  if (!channels || interlace !== 0 || (depth !== 8 && depth !== 16)) {
    throw new Unsupported(`PNG colour type ${colour}, depth ${depth}, interlace ${interlace}`);
  }
  if (colour === 3 && !palette) throw new Unsupported('palette missing');
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const bpp = (channels * depth) / 8;
  const stride = width * bpp;
  const rgb = Buffer.alloc(width * height * 3);
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y += 1) {
    const start = y * (stride + 1);
    const filter = raw[start];
    const line = Buffer.from(raw.subarray(start + 1, start + 1 + stride));
    for (let i = 0; i < stride; i += 1) {
      const left = i >= bpp ? line[i - bpp] : 0;
      const up = previous[i];
      const upLeft = i >= bpp ? previous[i - bpp] : 0;
      let add = 0;
      if (filter === 1) add = left;
      else if (filter === 2) add = up;
      else if (filter === 3) add = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        add = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      line[i] = (line[i] + add) & 0xff;
    }
    for (let x = 0; x < width; x += 1) {
      const sample = (c) => line[(x * channels + c) * (depth / 8)];
      const out = (y * width + x) * 3;
      if (colour === 3) {
        const entry = sample(0) * 3;
        rgb[out] = palette[entry];
        rgb[out + 1] = palette[entry + 1];
        rgb[out + 2] = palette[entry + 2];
      } else if (colour === 0 || colour === 4) {
        rgb.fill(sample(0), out, out + 3);
      } else {
        rgb[out] = sample(0);
        rgb[out + 1] = sample(1);
        rgb[out + 2] = sample(2);
      }
    }
    previous = line;
  }
  return { width, height, rgb };
}

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

// A 5x7 pixel font for the values: digits, point and minus.
const GLYPHS = {
  0: ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  1: ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  2: ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  3: ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  4: ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  5: ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  6: ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  7: ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  8: ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  9: ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  '.': ['00000', '00000', '00000', '00000', '00000', '01100', '01100'],
  '-': ['00000', '00000', '00000', '11111', '00000', '00000', '00000'],
};

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

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng({ width, height, rgb }) {
  const rows = Buffer.alloc(height * (width * 3 + 1));
  for (let y = 0; y < height; y += 1) {
    rgb.copy(rows, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

try {
  const image = bytes.subarray(0, 8).equals(PNG_SIGNATURE)
    ? decodePng()
    : bytes[0] === 0xff && bytes[1] === 0xd8
      ? decodeJpeg()
      : (() => {
          throw new Unsupported('neither PNG nor JPEG');
        })();
  annotate(image, workerData.extent, workerData.rulers);
  const png = encodePng(image);
  parentPort.postMessage({ ok: true, png }, []);
} catch (error) {
  parentPort.postMessage({ ok: false, reason: error instanceof Error ? error.message : String(error) });
}
