// Writes glTF point tiles with @gltf-transform/core in a thread of its own, so that encoding the
// .glb files (about a third of the tiler's CPU time) runs on the second core while tiler.ts goes on
// partitioning. Plain JavaScript: loaded as it is under tsx, vitest and inside the engine's worker.
// Message in: { id, file, name, xyz (Float32Array, glTF y-up), rgb (Uint8Array, linear) };
// message out: { id } when the file is written, or { id, error }.
import { writeFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { Document, NodeIO, VertexLayout } from '@gltf-transform/core';

const io = new NodeIO().setVertexLayout(VertexLayout.SEPARATE);

parentPort.on('message', async ({ id, file, name, xyz, rgb }) => {
  try {
    const doc = new Document();
    const buffer = doc.createBuffer();
    const position = doc.createAccessor().setType('VEC3').setArray(xyz).setBuffer(buffer);
    const colour = doc.createAccessor().setType('VEC3').setArray(rgb).setNormalized(true).setBuffer(buffer);
    const primitive = doc
      .createPrimitive()
      .setMode(0) // POINTS
      .setAttribute('POSITION', position)
      .setAttribute('COLOR_0', colour);
    const mesh = doc.createMesh(name).addPrimitive(primitive);
    doc.createScene().addChild(doc.createNode(name).setMesh(mesh));
    await writeFile(file, await io.writeBinary(doc));
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({
      id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
