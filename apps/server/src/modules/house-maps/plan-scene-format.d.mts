/** Types of plan-scene-format.mjs (plain JavaScript: the scene worker thread loads it as it is). */
export const SCENE_MAGIC: string;
export const SCENE_VIEWER_VERSION: string;
/** A dxf-viewer scene (DxfScene's `scene`) in the stored binary form. */
export function encodePlanScene(
  scene: { vertices: ArrayBuffer; indices: ArrayBuffer; transforms: ArrayBuffer } & Record<string, unknown>,
): Uint8Array;
/** The encoded scene compressed with brotli, as it is stored and sent (`Content-Encoding: br`). */
export function compressPlanScene(encoded: Uint8Array): Uint8Array;
