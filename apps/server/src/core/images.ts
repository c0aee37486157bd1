import sharp, { type Sharp } from 'sharp';

/**
 * The one image module of the server: checking, decoding, encoding and drawing on pictures, all
 * through sharp (libvips). sharp does its work on libuv's thread pool, so a large camera picture
 * never blocks the event loop, and at most UV_THREADPOOL_SIZE images are worked on at once.
 */

/** What decoding an uploaded image found. */
export type ImageCheck = { ok: true; width: number; height: number } | { ok: false; reason: string };

/** Pixels of a picture as 8-bit RGB, rows top to bottom. */
export interface RgbImage {
  width: number;
  height: number;
  rgb: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The IEND chunk every complete PNG ends with (length 0, type, CRC). */
const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const JPEG_END = Buffer.from([0xff, 0xd9]);

/** The picture's kind from its first bytes (PNG or JPEG), null for anything else. */
export function pictureKind(data: Uint8Array): 'png' | 'jpg' | null {
  if (Buffer.from(data.subarray(0, 8)).equals(PNG_SIGNATURE)) return 'png';
  if (data[0] === 0xff && data[1] === 0xd8) return 'jpg';
  return null;
}

/** Decoder options: any warning (a bad CRC, data short of the header's size) is a failure. */
const strict = (maxPixels: number) => ({ failOn: 'warning' as const, limitInputPixels: maxPixels });

/**
 * Verifies that an image really decodes (a full decode with sharp, every warning a failure) and
 * ends where its format says (IEND, EOI: libpng and libjpeg tolerate a file cut just before).
 * Images over `maxPixels` (width x height) are refused before their pixels are read.
 */
export async function checkImageDecodes(
  data: Buffer,
  kind: 'png' | 'jpg',
  maxPixels: number,
): Promise<ImageCheck> {
  if (pictureKind(data) !== kind) return { ok: false, reason: `no ${kind.toUpperCase()} signature` };
  const end = kind === 'png' ? PNG_END : JPEG_END;
  if (!data.subarray(data.length - end.length).equals(end)) return { ok: false, reason: 'truncated image' };
  try {
    const { info } = await sharp(data, strict(maxPixels)).raw().toBuffer({ resolveWithObject: true });
    if (!(info.width > 0 && info.height > 0)) return { ok: false, reason: 'empty image' };
    return { ok: true, width: info.width, height: info.height };
  } catch (error) {
    return { ok: false, reason: (error as Error).message.split('\n')[0] ?? 'undecodable' };
  }
}

/** A PNG or JPEG decoded to 8-bit RGB (alpha dropped, 16-bit and grey converted). */
export async function decodeRgb(data: Uint8Array): Promise<RgbImage> {
  const { data: rgb, info } = await sharp(data)
    .toColourspace('srgb')
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb };
}

/** 8-bit RGB pixels as a truecolour PNG. */
export async function encodeRgbPng({ width, height, rgb }: RgbImage): Promise<Buffer> {
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** An SVG of the picture's size composited over it; an 8-bit truecolour PNG (alpha dropped, not flattened). */
const withSvg = (picture: Sharp, svg: string): Promise<Buffer> =>
  picture
    .toColourspace('srgb')
    .removeAlpha()
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .png()
    .toBuffer();

/** An SVG drawn over 8-bit RGB pixels (the SVG the size of the picture, text in the system fonts). */
export async function drawSvgOver(image: RgbImage, svg: string): Promise<Buffer> {
  const { width, height } = image;
  return withSvg(sharp(image.rgb, { raw: { width, height, channels: 3 } }), svg);
}

/**
 * An SVG drawn over a PNG or JPEG picture in one sharp pipeline (its pixels never come into
 * JavaScript); `svgFor` gets the picture's size. The devices' pictures are opaque: alpha is dropped.
 */
export async function drawSvgOnPicture(
  data: Uint8Array,
  svgFor: (size: { width: number; height: number }) => string,
): Promise<Buffer> {
  const { width, height } = await sharp(data).metadata();
  return withSvg(sharp(data), svgFor({ width, height }));
}

/** Fonts for text drawn into pictures: CJK first (labels may be Chinese), then any sans. */
export const PICTURE_FONTS = "'Noto Sans CJK SC', 'Noto Sans SC', 'DejaVu Sans', sans-serif";

/** Text made safe for SVG content and attribute values. */
export function svgEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An `rgb(...)` colour for SVG. */
export const svgColour = ([r, g, b]: readonly [number, number, number]): string => `rgb(${r},${g},${b})`;

/** An SVG document of the given size around `body`. */
export function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}
