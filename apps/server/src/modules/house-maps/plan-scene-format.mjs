// The binary form of a dxf-viewer scene (what DxfScene builds and its worker hands the viewer:
// vertex, index and instance-transform buffers, and the batches, layers, origin and bounds that
// point into them), as the server stores it for the floor-plan editor (plan-scene.ts). The web
// reads it in apps/web/src/features/house-maps/planScene.ts; both follow this layout:
//
//   8 bytes  "MCDXFSC1"
//   4 bytes  header length in bytes (little-endian)
//   header   JSON: { viewer, batches, layers, origin, bounds, hasMissingChars, pointShapeHasDot,
//            vertices, transforms, indices } (the last three: byte lengths)
//   padding  to a multiple of 4 bytes
//   vertices (Float32), transforms (Float32), indices (Uint16), in that order
//
// `viewer` is the dxf-viewer version that built it: a viewer of another version ignores the scene.
//
// It is stored compressed with brotli (`<plan>.scene.br`) and sent with `Content-Encoding: br`, which
// browsers decode natively: a 50,000-entity plan's 9.5 MB scene travels as 1.5 MB.
import { createRequire } from 'node:module';
import { brotliCompressSync, constants } from 'node:zlib';

export const SCENE_MAGIC = 'MCDXFSC1';
export const SCENE_VIEWER_VERSION = createRequire(import.meta.url)('dxf-viewer/package.json').version;

export function encodePlanScene(scene) {
  const header = Buffer.from(
    JSON.stringify({
      viewer: SCENE_VIEWER_VERSION,
      batches: scene.batches,
      layers: scene.layers,
      origin: scene.origin,
      bounds: scene.bounds,
      hasMissingChars: scene.hasMissingChars,
      pointShapeHasDot: scene.pointShapeHasDot,
      vertices: scene.vertices.byteLength,
      transforms: scene.transforms.byteLength,
      indices: scene.indices.byteLength,
    }),
    'utf8',
  );
  const start = Math.ceil((12 + header.length) / 4) * 4;
  const out = new Uint8Array(
    start + scene.vertices.byteLength + scene.transforms.byteLength + scene.indices.byteLength,
  );
  out.set(Buffer.from(SCENE_MAGIC, 'latin1'), 0);
  new DataView(out.buffer).setUint32(8, header.length, true);
  out.set(header, 12);
  let offset = start;
  for (const buffer of [scene.vertices, scene.transforms, scene.indices]) {
    out.set(new Uint8Array(buffer), offset);
    offset += buffer.byteLength;
  }
  return out;
}

/**
 * Brotli's best quality takes ~2 s per MB (20 s for the 9.5 MB scene of a 50,000-entity plan) and
 * gives a third less than quality 6 (~0.06 s per MB): the best for scenes up to 24 MB, so the largest
 * drawings stay well inside the job's time limit. The scene is built once and downloaded on every
 * opening of the editor.
 */
const BEST_QUALITY_UP_TO = 24 * 1024 * 1024;

export function compressPlanScene(encoded) {
  return brotliCompressSync(encoded, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: encoded.byteLength <= BEST_QUALITY_UP_TO ? 11 : 6,
      [constants.BROTLI_PARAM_SIZE_HINT]: encoded.byteLength,
    },
  });
}
