import { PLAN_GRADE_FILL } from '@measure/contract';
import { householdModel } from '@measure/robot/household-model';
import { householdGeometry } from '@measure/robot/household-rooms';
import { describe, expect, it } from 'vitest';
import { compactModel, modelIO } from '../scans/engine/model-check.ts';
import { modelTriangles, modelView, surfaceFill } from './household-model-view.ts';

describe('household model view', () => {
  it("reads a model's triangles in world coordinates (two rooms: floor 2 + walls 8 each)", async () => {
    const geometry = householdGeometry(undefined, ['a', 'b']);
    const triangles = await modelTriangles(await householdModel(geometry, 'x'));
    expect(triangles).toHaveLength(2 * (2 + 8));
    const zs = triangles.flat().map((point) => point[2]);
    expect(Math.min(...zs)).toBe(0);
    expect(Math.max(...zs)).toBeCloseTo(2.8, 6);
  });

  it('reads a model as the scans store it (quantized, KHR_mesh_quantization) at the same places', async () => {
    const glb = await householdModel(householdGeometry(undefined, ['a', 'b']), 'x');
    const document = await modelIO().readBinary(glb);
    await compactModel(document);
    const [plain, compact] = [
      await modelTriangles(glb),
      await modelTriangles(await modelIO().writeBinary(document)),
    ];
    expect(compact).toHaveLength(plain.length);
    compact.flat(2).forEach((value, index) => expect(value).toBeCloseTo(plain.flat(2)[index] as number, 3));
  });

  it('draws far faces first and colours scanned surfaces by their out-of-tolerance share', () => {
    const near: [number, number, number][] = [
      [5, 5, 0],
      [6, 5, 0],
      [6, 6, 0],
    ];
    const far: [number, number, number][] = [
      [0, 0, 0],
      [1, 0, 0],
      [1, 1, 0],
    ];
    const view = modelView(
      [near, far],
      [
        {
          corners: [
            [0, 0, 0],
            [1, 0, 0],
            [1, 0, 1],
            [0, 0, 1],
          ],
          outOfToleranceShare: 0.5,
        },
      ],
    );
    expect(view?.polygons.map((polygon) => polygon.points.length)).toEqual([3, 4, 3]);
    expect(view?.polygons[2]?.points[0]).toEqual([0, 5]);
    expect(view?.polygons[1]?.outline).toBe(true);
    expect(surfaceFill(0)).toBe(PLAN_GRADE_FILL.qualified);
    expect(surfaceFill(0.5)).toBe(PLAN_GRADE_FILL.exploded);
    expect(modelView([], [])).toBeNull();
  });
});
