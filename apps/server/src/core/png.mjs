// PNG structure shared by the image workers (image-worker.mjs checks uploads, review's annotate and
// algorithm-image workers decode and draw) and their tests: the signature, chunk walking with the
// CRC of each chunk, decoding a plain PNG to RGB and encoding RGB as a truecolour PNG. Plain
// JavaScript so worker threads load it without a TypeScript loader; types in png.d.mts.
import zlib from 'node:zlib';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Samples per pixel of each PNG colour type. */
export const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * The chunks of a PNG after its signature, in order: `{ type, data, crcOk }`, or a last
 * `{ type, truncated: true }` when a chunk's header or body runs past the end. Stops after IEND.
 */
export function* pngChunks(bytes) {
  let offset = 8;
  while (offset < bytes.length) {
    if (offset + 12 > bytes.length) {
      yield { type: '', truncated: true };
      return;
    }
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) {
      yield { type, truncated: true };
      return;
    }
    const crcOk = zlib.crc32(bytes.subarray(offset + 4, end - 4)) === bytes.readUInt32BE(end - 4);
    yield { type, data: bytes.subarray(offset + 8, end - 4), crcOk };
    if (type === 'IEND') return;
    offset = end;
  }
}

/** One chunk: length, type, data and the CRC of type and data. */
export function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The IHDR fields. */
export function pngHeader(data) {
  return {
    width: data.readUInt32BE(0),
    height: data.readUInt32BE(4),
    depth: data[8],
    colour: data[9],
    interlace: data[12],
  };
}

/** Thrown for a PNG the decoder does not handle (interlaced, sub-byte depths, no header). */
export class UnsupportedPng extends Error {}

/** Decodes a PNG (8 or 16 bits, grey, truecolour, palette, with or without alpha, not interlaced) to RGB. */
export function decodePngRgb(bytes) {
  let header;
  let palette;
  const idat = [];
  for (const chunk of pngChunks(bytes)) {
    if (chunk.truncated) break;
    if (chunk.type === 'IHDR') header = pngHeader(chunk.data);
    else if (chunk.type === 'PLTE') palette = chunk.data;
    else if (chunk.type === 'IDAT') idat.push(chunk.data);
  }
  if (!header) throw new UnsupportedPng('no PNG header');
  const { width, height, depth, colour, interlace } = header;
  const channels = CHANNELS[colour];
  if (!channels || interlace !== 0 || (depth !== 8 && depth !== 16)) {
    throw new UnsupportedPng(`PNG colour type ${colour}, depth ${depth}, interlace ${interlace}`);
  }
  if (colour === 3 && !palette) throw new UnsupportedPng('palette missing');
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

/** Encodes RGB pixels (3 bytes each, rows top to bottom) as an 8-bit truecolour PNG. */
export function encodePngRgb({ width, height, rgb }) {
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
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
