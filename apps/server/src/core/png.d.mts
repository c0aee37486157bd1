/** Types of png.mjs (shared PNG structure of the image workers and their tests). */
export declare const PNG_SIGNATURE: Buffer;
export declare const CHANNELS: Record<number, number>;
export type PngChunk =
  { type: string; data: Buffer; crcOk: boolean; truncated?: undefined } | { type: string; truncated: true };
export declare function pngChunks(bytes: Buffer): Generator<PngChunk>;
export declare function pngChunk(type: string, data: Buffer): Buffer;
export declare function pngHeader(data: Buffer): {
  width: number;
  height: number;
  depth: number;
  colour: number;
  interlace: number;
};
export declare class UnsupportedPng extends Error {}
export interface RgbImage {
  width: number;
  height: number;
  rgb: Buffer;
}
export declare function decodePngRgb(bytes: Buffer): RgbImage;
export declare function encodePngRgb(image: RgbImage): Buffer;
