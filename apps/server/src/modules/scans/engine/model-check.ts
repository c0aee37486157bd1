/**
 * Checks a glTF 2.0 model (.glb, or .gltf with its buffers embedded as data: URIs) with
 * @gltf-transform/core and makes it a compressed .glb (compactModel). Bounds are given in the scan's
 * frame (z up): glTF is y up, so a glTF point (x, y, z) is (x, -z, y) in the plan. The original file
 * stays in the device file store (the download serves it).
 */
import { open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Document, getBounds, Logger, NodeIO } from '@gltf-transform/core';
import { KHRMeshQuantization } from '@gltf-transform/extensions';
import { dedup, prune, quantize } from '@gltf-transform/functions';
import { type CheckModelResult, type Point3, ScanInputError } from './engine-types.ts';

const GLB_MAGIC = 0x46546c67; // 'glTF'
const notGltf = () => new ScanInputError('scans.error.notGltf');
const missing = (detail: string) => new ScanInputError('scans.error.missingBuffers', { detail });

interface GltfJson {
  asset?: { version?: unknown };
  buffers?: Array<{ uri?: unknown; byteLength?: unknown }>;
}

/** The JSON chunk of a .glb and the length of its BIN chunk (null without one). */
function glbParts(bytes: Buffer): { json: GltfJson; binLength: number | null } {
  if (bytes.length < 20 || bytes.readUInt32LE(4) !== 2) throw notGltf();
  const jsonLength = bytes.readUInt32LE(12);
  if (bytes.readUInt32LE(16) !== 0x4e4f534a || 20 + jsonLength > bytes.length) throw notGltf();
  const json = parseJson(bytes.subarray(20, 20 + jsonLength));
  const bin = 20 + jsonLength;
  const hasBin = bytes.length >= bin + 8 && bytes.readUInt32LE(bin + 4) === 0x004e4942;
  return { json, binLength: hasBin ? Math.min(bytes.readUInt32LE(bin), bytes.length - bin - 8) : null };
}

function parseJson(bytes: Buffer): GltfJson {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw notGltf();
  }
  const version = (json as GltfJson | null)?.asset?.version;
  if (typeof json !== 'object' || json === null || typeof version !== 'string' || !version.startsWith('2.'))
    throw notGltf();
  return json as GltfJson;
}

/** Every buffer must be embedded: a data: URI, or (in a .glb) the BIN chunk. */
function assertEmbedded(json: GltfJson, binLength: number | null): void {
  (json.buffers ?? []).forEach((buffer, index) => {
    let length: number;
    if (typeof buffer.uri === 'string') {
      if (!buffer.uri.startsWith('data:')) throw missing(`buffer ${index}: ${buffer.uri.slice(0, 80)}`);
      const comma = buffer.uri.indexOf(',');
      const data = buffer.uri.slice(comma + 1);
      length = buffer.uri.slice(0, comma).endsWith(';base64')
        ? Buffer.from(data, 'base64').length
        : Buffer.from(decodeURIComponent(data)).length;
    } else if (index === 0 && binLength !== null) length = binLength;
    else throw missing(`buffer ${index} has no data`);
    const declared = Number(buffer.byteLength);
    if (!(length >= declared)) throw missing(`buffer ${index}: ${length} of ${declared} bytes`);
  });
}

/** Triangles drawn by the scene's nodes (instanced meshes counted per node). */
function trianglesOf(doc: Document): number {
  let triangles = 0;
  for (const scene of doc.getRoot().listScenes())
    scene.traverse((node) => {
      for (const primitive of node.getMesh()?.listPrimitives() ?? []) {
        const n = primitive.getIndices()?.getCount() ?? primitive.getAttribute('POSITION')?.getCount() ?? 0;
        const mode = primitive.getMode();
        if (mode === 4) triangles += Math.floor(n / 3);
        else if (mode === 5 || mode === 6) triangles += Math.max(0, n - 2);
      }
    });
  return triangles;
}

/**
 * Bits of a quantized position: int16 storage, a step of 1/65,535 of the mesh's extent (0.4 mm over a
 * 24 m household), under what a ruler reads.
 */
export const MODEL_POSITION_BITS = 16;

/**
 * Makes the model smaller without anything the browser must decode with WebAssembly (the CSP refuses
 * it, so no meshopt or Draco): duplicate accessors and materials merged, unused parts dropped, and
 * vertex attributes quantized with KHR_mesh_quantization (three.js's GLTFLoader reads it natively; the
 * nodes get the scale and offset back). Vertices are not welded: the model keeps its vertex count.
 */
export async function compactModel(doc: Document): Promise<void> {
  doc.setLogger(new Logger(Logger.Verbosity.WARN));
  await doc.transform(dedup(), prune(), quantize({ quantizePosition: MODEL_POSITION_BITS }));
}

/** Reads .glb files the engine wrote (quantized) as well as plain ones. */
export const modelIO = () => new NodeIO().registerExtensions([KHRMeshQuantization]);

export async function checkModelFile(input: {
  inputPath: string;
  workDir: string;
}): Promise<CheckModelResult> {
  const head = Buffer.alloc(4);
  const file = await open(input.inputPath, 'r');
  try {
    await file.read(head, 0, 4, 0);
  } finally {
    await file.close();
  }
  const bytes = await readFile(input.inputPath);
  const io = modelIO();
  const glb = bytes.length >= 4 && head.readUInt32LE(0) === GLB_MAGIC;
  let doc: Document;
  if (glb) {
    const { json, binLength } = glbParts(bytes);
    assertEmbedded(json, binLength);
    doc = await io
      .readBinary(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))
      .catch((error) => {
        throw missing(error instanceof Error ? error.message : String(error));
      });
  } else {
    const json = parseJson(bytes);
    assertEmbedded(json, null);
    doc = await io.readJSON({ json: json as never, resources: {} }).catch((error) => {
      throw missing(error instanceof Error ? error.message : String(error));
    });
  }
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  const box = scene ? getBounds(scene) : null;
  const finite = box && [...box.min, ...box.max].every(Number.isFinite);
  const bounds = finite
    ? {
        // + 0: no -0 in the answer.
        min: [box.min[0] + 0, -box.max[2] + 0, box.min[1] + 0] as Point3,
        max: [box.max[0] + 0, -box.min[2] + 0, box.max[1] + 0] as Point3,
      }
    : { min: [0, 0, 0] as Point3, max: [0, 0, 0] as Point3 };
  const triangles = trianglesOf(doc);
  await compactModel(doc);
  const glbPath = path.join(input.workDir, 'model.glb');
  await writeFile(glbPath, await io.writeBinary(doc));
  return { format: glb ? 'glb' : 'gltf', glbPath, triangles, bounds };
}
