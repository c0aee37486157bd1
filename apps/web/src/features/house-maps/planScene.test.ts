import { describe, expect, it } from 'vitest';
// The server's encoder (the job's output), so both sides are checked against each other.
import { encodePlanScene } from '../../../../server/src/modules/house-maps/plan-scene-format.mjs';
import { decodePlanScene } from './planScene.ts';

const scene = () => ({
  vertices: new Float32Array([1, 2, 3, 4]).buffer,
  transforms: new Float32Array([]).buffer,
  indices: new Uint16Array([0, 1, 1, 0, 7]).buffer,
  batches: [
    { key: { layerName: 'WALLS', blockName: null, geometryType: 2, color: 7, lineType: 0 }, chunks: [] },
  ],
  layers: [{ name: 'WALLS', displayName: 'WALLS', color: 7 }],
  origin: { x: 10, y: 20 },
  bounds: { minX: 0, maxX: 1, minY: 0, maxY: 1 },
  hasMissingChars: false,
  pointShapeHasDot: false,
});

const asBuffer = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

describe('the server-built scene of a DXF plan', () => {
  it('decodes to the object dxf-viewer’s worker sends its viewer', () => {
    const decoded = decodePlanScene(asBuffer(encodePlanScene(scene())), '1.0.49');
    expect(decoded).not.toBeNull();
    expect([...new Float32Array(decoded!.vertices)]).toEqual([1, 2, 3, 4]);
    expect([...new Uint16Array(decoded!.indices)]).toEqual([0, 1, 1, 0, 7]);
    expect(decoded!.transforms.byteLength).toBe(0);
    expect(decoded).toMatchObject({
      batches: scene().batches,
      layers: scene().layers,
      origin: { x: 10, y: 20 },
      bounds: { minX: 0, maxX: 1, minY: 0, maxY: 1 },
      hasMissingChars: false,
      pointShapeHasDot: false,
    });
    expect(decoded).not.toHaveProperty('viewer');
  });

  it('ignores a scene of another viewer version, a truncated one and other bytes', () => {
    const bytes = encodePlanScene(scene());
    expect(decodePlanScene(asBuffer(bytes), '1.0.50')).toBeNull();
    expect(decodePlanScene(asBuffer(bytes.subarray(0, bytes.length - 2)), '1.0.49')).toBeNull();
    expect(
      decodePlanScene(asBuffer(new TextEncoder().encode('0\nSECTION\n2\nENTITIES')), '1.0.49'),
    ).toBeNull();
  });
});
