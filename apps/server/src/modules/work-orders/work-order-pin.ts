import type { MeasurePoints } from '@measure/contract';

interface Plan {
  mapType: string;
  width: number | null;
  height: number | null;
  measurePoints: MeasurePoints | null;
}

/**
 * Whether a pin lies on a household's plan: inside the picture of an image plan (pixels), inside the
 * extent of the rooms drawn on a DXF plan (drawing units; a drawing's own extent is not stored).
 */
export function checkPin(plan: Plan, x: number, y: number): boolean {
  if (plan.mapType === 'image') {
    return (
      plan.width !== null && plan.height !== null && x >= 0 && y >= 0 && x <= plan.width && y <= plan.height
    );
  }
  const vertices = (plan.measurePoints?.Rooms ?? []).flatMap((room) => room.Polygon);
  if (vertices.length === 0) return false;
  const xs = vertices.map((vertex) => vertex.X);
  const ys = vertices.map((vertex) => vertex.Y);
  return x >= Math.min(...xs) && x <= Math.max(...xs) && y >= Math.min(...ys) && y <= Math.max(...ys);
}
