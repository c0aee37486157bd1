import { PerspectiveCamera, Raycaster, Vector2 } from 'three';
import { describe, expect, it } from 'vitest';
import { Overlays } from './overlays.ts';
import type { SurfaceShape } from './sceneData.ts';

const wall = (pointIndex: number, y: number): SurfaceShape => {
  const corners: SurfaceShape['corners'] = [
    [0, y, 0],
    [4, y, 0],
    [4, y, 2.8],
    [0, y, 2.8],
  ];
  return {
    key: `s/${pointIndex}`,
    pointIndex,
    grade: 'warning',
    colour: '#fadb14',
    triangles: Float32Array.from([0, 1, 2, 0, 2, 3].flatMap((corner) => corners[corner]!)),
    corners,
    centre: [2, y, 1.4],
  };
};

describe('scan overlays', () => {
  it('picks the nearest surface under the pointer by its site', () => {
    const overlays = new Overlays([wall(7, 5), wall(8, 3)], []);
    overlays.group.updateMatrixWorld(true);
    const camera = new PerspectiveCamera(50, 1, 0.1, 100);
    camera.up.set(0, 0, 1);
    camera.position.set(2, -5, 1.4);
    camera.lookAt(2, 0, 1.4);
    camera.updateMatrixWorld(true);
    const raycaster = new Raycaster();
    raycaster.setFromCamera(new Vector2(0, 0), camera);
    const [hit] = raycaster.intersectObjects(overlays.pickables(), false);
    expect(hit?.object.userData.pointIndex).toBe(8);
    raycaster.setFromCamera(new Vector2(0.99, 0.99), camera);
    expect(raycaster.intersectObjects(overlays.pickables(), false)).toEqual([]);
  });

  it('makes the picked surface stand out and the others follow the colour mode', () => {
    const overlays = new Overlays([wall(7, 5), wall(8, 3)], []);
    const [seven, eight] = overlays.pickables() as { material: { opacity: number } }[];
    expect([seven!.material.opacity, eight!.material.opacity]).toEqual([0.12, 0.12]);
    overlays.setMode('grade');
    overlays.select(8);
    expect([seven!.material.opacity, eight!.material.opacity]).toEqual([0.55, 0.7]);
    overlays.dispose();
  });
});
