import { Document, NodeIO, type Material } from '@gltf-transform/core';
import {
  type HouseholdGeometry,
  type PlanPoint,
  signedArea,
  WALL_HEIGHT_M,
  wallsOf,
} from './household-rooms.ts';

/**
 * A household's model as a robot's modelling step would send it: glTF 2.0 binary (.glb) built with
 * glTF Transform from the house type's rooms, one node per room (named by the room, its MeasurePoints
 * id in `extras.RoomId`) holding its floor (the outline triangulated) and its walls (one quad per
 * outline edge, `WALL_HEIGHT_M` high, double-sided). Coordinates as the point cloud's: metres in the
 * plan frame, z up (glTF's own y-up is not assumed by the scans pages, which read the frame from
 * measurement-api.md section 8; `extras.Up` says so).
 */
export async function householdModel(geometry: HouseholdGeometry, name: string): Promise<Uint8Array> {
  const document = new Document();
  document.getRoot().getAsset().generator = 'Measure Cloud robot simulator';
  const buffer = document.createBuffer();
  const floorMaterial = document
    .createMaterial('floor')
    .setBaseColorFactor([0.72, 0.7, 0.66, 1])
    .setDoubleSided(true);
  const wallMaterial = document
    .createMaterial('wall')
    .setBaseColorFactor([0.93, 0.92, 0.89, 1])
    .setDoubleSided(true);
  const household = document.createNode(name).setExtras({ Up: 'z', Units: 'm' });
  document.createScene(name).addChild(household);

  const primitive = (positions: number[], indices: number[], material: Material) =>
    document
      .createPrimitive()
      .setAttribute(
        'POSITION',
        document.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer),
      )
      .setIndices(
        document.createAccessor().setType('SCALAR').setArray(new Uint32Array(indices)).setBuffer(buffer),
      )
      .setMaterial(material);

  for (const [index, room] of geometry.rooms.entries()) {
    const floor = triangulate(room.outline);
    const wallPositions: number[] = [];
    const wallIndices: number[] = [];
    for (const wall of wallsOf(room)) {
      const base = wallPositions.length / 3;
      wallPositions.push(
        ...[wall.from.x, wall.from.y, 0, wall.to.x, wall.to.y, 0],
        ...[wall.to.x, wall.to.y, WALL_HEIGHT_M, wall.from.x, wall.from.y, WALL_HEIGHT_M],
      );
      wallIndices.push(base, base + 1, base + 2, base, base + 2, base + 3);
    }
    const mesh = document
      .createMesh(room.name)
      .addPrimitive(
        primitive(
          room.outline.flatMap((point) => [point.x, point.y, 0]),
          floor,
          floorMaterial,
        ),
      )
      .addPrimitive(primitive(wallPositions, wallIndices, wallMaterial));
    household.addChild(
      document
        .createNode(room.name)
        .setMesh(mesh)
        .setExtras({ RoomId: room.id ?? `room-${index + 1}` }),
    );
  }
  return new NodeIO().writeBinary(document);
}

/** Ear clipping of a simple polygon (rooms are few-sided): triangle indices into the outline. */
export function triangulate(outline: readonly PlanPoint[]): number[] {
  const ccw = signedArea(outline) > 0;
  const left = outline.map((_, index) => index);
  const triangles: number[] = [];
  const at = (index: number) => outline[index] as PlanPoint;
  const cross = (a: PlanPoint, b: PlanPoint, c: PlanPoint) =>
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  const convex = (a: PlanPoint, b: PlanPoint, c: PlanPoint) =>
    ccw ? cross(a, b, c) > 0 : cross(a, b, c) < 0;
  const inside = (p: PlanPoint, a: PlanPoint, b: PlanPoint, c: PlanPoint) => {
    const [d1, d2, d3] = [cross(a, b, p), cross(b, c, p), cross(c, a, p)];
    return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
  };
  let guard = outline.length * outline.length;
  while (left.length > 3 && guard > 0) {
    guard -= 1;
    for (let i = 0; i < left.length; i += 1) {
      const [ia, ib, ic] = [
        left[(i + left.length - 1) % left.length],
        left[i],
        left[(i + 1) % left.length],
      ] as [number, number, number];
      const [a, b, c] = [at(ia), at(ib), at(ic)];
      if (!convex(a, b, c)) continue;
      if (left.some((other) => other !== ia && other !== ib && other !== ic && inside(at(other), a, b, c)))
        continue;
      triangles.push(ia, ib, ic);
      left.splice(i, 1);
      break;
    }
  }
  // A degenerate rest (collinear points) is closed as a fan.
  for (let i = 1; i + 1 < left.length; i += 1)
    triangles.push(left[0] as number, left[i] as number, left[i + 1] as number);
  return triangles;
}
