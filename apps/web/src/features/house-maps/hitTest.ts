import { boundsOf, distance, inBounds, pointInPolygon, polygonArea, type Vec } from './geometry.ts';
import type { ElementRef, PlanDocument, Room } from './planDocument.ts';
import { toScreen, type View } from './viewTransform.ts';

/** Pick radii in CSS pixels: small marks are easier to hit than they look. */
export const HIT_RADIUS = { point: 7, station: 10, vertex: 8 } as const;

const screenDistance = (view: View, a: Vec, x: number, y: number) => {
  const s = toScreen(view, a);
  return Math.hypot(s.x - x, s.y - y);
};

/**
 * The element under a screen position: points first, then stations (the marks drawn on top), then
 * the smallest room containing the position.
 */
export function elementAt(
  document: PlanDocument,
  view: View,
  x: number,
  y: number,
  plan: Vec,
): ElementRef | null {
  let best: { ref: ElementRef; distance: number } | null = null;
  for (const point of document.Points) {
    const d = screenDistance(view, point, x, y);
    if (d <= HIT_RADIUS.point && (!best || d < best.distance))
      best = { ref: { kind: 'point', id: point.Id }, distance: d };
  }
  if (best) return best.ref;
  for (const station of document.Stations) {
    const d = screenDistance(view, station, x, y);
    if (d <= HIT_RADIUS.station && (!best || d < best.distance)) {
      best = { ref: { kind: 'station', id: station.Id }, distance: d };
    }
  }
  if (best) return best.ref;
  let room: Room | null = null;
  let area = Infinity;
  for (const candidate of document.Rooms) {
    if (!inBounds(plan, boundsOf(candidate.Polygon)) || !pointInPolygon(plan, candidate.Polygon)) continue;
    const candidateArea = polygonArea(candidate.Polygon);
    if (candidateArea < area) {
      room = candidate;
      area = candidateArea;
    }
  }
  return room ? { kind: 'room', id: room.Id } : null;
}

/** The index of the room's vertex under a screen position, or -1. */
export function vertexAt(room: Room, view: View, x: number, y: number): number {
  let found = -1;
  let best: number = HIT_RADIUS.vertex;
  room.Polygon.forEach((vertex, index) => {
    const d = screenDistance(view, vertex, x, y);
    if (d <= best) {
      best = d;
      found = index;
    }
  });
  return found;
}

/** True when two plan positions are within `pixels` of each other on screen. */
export const nearOnScreen = (view: View, a: Vec, b: Vec, pixels: number) =>
  distance(a, b) * view.scale <= pixels;
