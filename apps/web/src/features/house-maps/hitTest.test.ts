import { describe, expect, it } from 'vitest';
import { elementAt, nearOnScreen, vertexAt } from './hitTest.ts';
import type { PlanDocument } from './planDocument.ts';
import { fitView, toPlan, toScreen } from './viewTransform.ts';

const rect = (x: number, y: number, w: number, h: number) => [
  { X: x, Y: y },
  { X: x + w, Y: y },
  { X: x + w, Y: y + h },
  { X: x, Y: y + h },
];
const document: PlanDocument = {
  Rooms: [
    { Id: 'big', Name: '', PointTypeId: null, Polygon: rect(0, 0, 100, 100) },
    { Id: 'small', Name: '', PointTypeId: null, Polygon: rect(10, 10, 20, 20) },
  ],
  Stations: [{ Id: 's', Name: '', X: 50, Y: 50, RoomId: 'big' }],
  Points: [{ Id: 'p', X: 52, Y: 50, RoomId: 'big', StationId: 's' }],
};
const view = fitView({ minX: 0, minY: 0, maxX: 100, maxY: 100 }, 1000, 1000, true, 0);
const at = (X: number, Y: number) => {
  const s = toScreen(view, { X, Y });
  return elementAt(document, view, s.x, s.y, toPlan(view, s.x, s.y));
};

describe('hit testing', () => {
  it('prefers points, then stations, then the smallest room', () => {
    expect(at(52, 50)).toEqual({ kind: 'point', id: 'p' });
    expect(at(49.5, 50)).toEqual({ kind: 'station', id: 's' });
    expect(at(15, 15)).toEqual({ kind: 'room', id: 'small' });
    expect(at(80, 80)).toEqual({ kind: 'room', id: 'big' });
    expect(at(150, 50)).toBeNull();
  });

  it('finds a vertex handle within its radius', () => {
    const room = document.Rooms[1]!;
    const corner = toScreen(view, { X: 30, Y: 30 });
    expect(vertexAt(room, view, corner.x + 3, corner.y - 3)).toBe(2);
    expect(vertexAt(room, view, corner.x + 30, corner.y)).toBe(-1);
  });

  it('compares distances in screen pixels', () => {
    expect(nearOnScreen(view, { X: 0, Y: 0 }, { X: 0.5, Y: 0 }, 6)).toBe(true);
    expect(nearOnScreen(view, { X: 0, Y: 0 }, { X: 1, Y: 0 }, 6)).toBe(false);
  });
});
