/**
 * Checks a glTF 2.0 model (.glb, or .gltf with its buffers embedded as data: URIs) with
 * @gltf-transform/core and makes it a .glb. Bounds are given in the scan's frame (z up): glTF is y up,
 * so a glTF point (x, y, z) is (x, -z, y) in the plan. No meshopt/Draco compression here (see README).
 */
import { open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Document, getBounds, NodeIO } from '@gltf-transform/core';
import { type CheckModelResult, type Point3, ScanInputError } from './engine-types.ts';

const GLB_MAGIC = 0x46546c67; // 'glTF'
const notGltf = () => new ScanInputError('scans.error.notGltf');
const missing = (detail: string) => new ScanInputError('scans.error.missingBuffers', { detail });

interface GltfJson {
  asset?: { version?: unknown };
  buffers?: Array<{ uri?: unknown; byteLength?: unknown }>;
}

/** The JSON chunk of a .glb and whether it has a BIN chunk. */
function glbParts(bytes: Buffer): { json: GltfJson; hasBin: boolean } {
  if (bytes.length < 20 || bytes.readUInt32LE(4) !== 2) throw notGltf();
  const jsonLength = bytes.readUInt32LE(12);
  if (bytes.readUInt32LE(16) !== 0x4e4f534a || 20 + jsonLength > bytes.length) throw notGltf();
  const json = parseJson(bytes.subarray(20, 20 + jsonLength));
  return {
    json,
    hasBin: bytes.length > 20 + jsonLength + 8 && bytes.readUInt32LE(24 + jsonLength) === 0x004e4942,
  };
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
function assertEmbedded(json: GltfJson, hasBin: boolean): void {
  (json.buffers ?? []).forEach((buffer, index) => {
    if (typeof buffer.uri === 'string') {
      if (!buffer.uri.startsWith('data:')) throw missing(`buffer ${index}: ${buffer.uri.slice(0, 80)}`);
    } else if (!(index === 0 && hasBin)) throw missing(`buffer ${index} has no data`);
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
  const io = new NodeIO();
  const glb = bytes.length >= 4 && head.readUInt32LE(0) === GLB_MAGIC;
  let doc: Document;
  if (glb) {
    const { json, hasBin } = glbParts(bytes);
    assertEmbedded(json, hasBin);
    doc = await io
      .readBinary(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))
      .catch((error) => {
        throw missing(error instanceof Error ? error.message : String(error));
      });
  } else {
    const json = parseJson(bytes);
    assertEmbedded(json, false);
    doc = await io.readJSON({ json: json as never, resources: {} }).catch((error) => {
      throw missing(error instanceof Error ? error.message : String(error));
    });
  }
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  const box = scene ? getBounds(scene) : null;
  const finite = box && [...box.min, ...box.max].every(Number.isFinite);
  const bounds = finite
    ? {
        min: [box.min[0], -box.max[2], box.min[1]] as Point3,
        max: [box.max[0], -box.min[2], box.max[1]] as Point3,
      }
    : { min: [0, 0, 0] as Point3, max: [0, 0, 0] as Point3 };
  let glbPath = input.inputPath;
  if (!glb) {
    glbPath = path.join(input.workDir, 'model.glb');
    await writeFile(glbPath, await io.writeBinary(doc));
  }
  return { format: glb ? 'glb' : 'gltf', glbPath, triangles: trianglesOf(doc), bounds };
}
