import { boundsOf, polygonCentroid, type Bounds, type Vec } from './geometry.ts';
import type { ElementRef, PlanDocument, Room } from './planDocument.ts';
import { toScreen, visibleBounds, type View } from './viewTransform.ts';

export interface OverlayScene {
  document: PlanDocument;
  selection: ElementRef | null;
  hover: ElementRef | null;
  /** The room being drawn and where the pointer is. */
  draft: Vec[];
  cursor: Vec | null;
  /** The draft closes when the next click lands on its first vertex. */
  draftClosable: boolean;
  /** Vertex handles on the selected room (editing allowed). */
  handles: boolean;
  roomLabel: (room: Room) => string;
}

const COLOR = {
  room: '#1677ff',
  roomFill: 'rgba(22, 119, 255, 0.10)',
  selected: '#fa8c16',
  selectedFill: 'rgba(250, 140, 22, 0.18)',
  hoverFill: 'rgba(22, 119, 255, 0.18)',
  station: '#389e0d',
  point: '#cf1322',
  draft: '#722ed1',
  label: '#0b1f3a',
  halo: 'rgba(255, 255, 255, 0.85)',
};

const overlaps = (a: Bounds, b: Bounds) =>
  a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;
const same = (a: ElementRef | null, kind: ElementRef['kind'], id: string) => a?.kind === kind && a.id === id;

function tracePolygon(ctx: CanvasRenderingContext2D, view: View, polygon: readonly Vec[]) {
  ctx.beginPath();
  polygon.forEach((vertex, index) => {
    const s = toScreen(view, vertex);
    if (index === 0) ctx.moveTo(s.x, s.y);
    else ctx.lineTo(s.x, s.y);
  });
  ctx.closePath();
}

/** A room's label on a light plate, drawn under the stations and points that may sit on it. */
function plate(ctx: CanvasRenderingContext2D, text: string, x: number, y: number) {
  if (!text) return;
  const width = ctx.measureText(text).width;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.8)';
  ctx.fillRect(x - width / 2 - 4, y - 9, width + 8, 18);
  ctx.fillStyle = COLOR.label;
  ctx.fillText(text, x, y);
}

function label(ctx: CanvasRenderingContext2D, text: string, x: number, y: number) {
  if (!text) return;
  ctx.lineWidth = 3;
  ctx.strokeStyle = COLOR.halo;
  ctx.strokeText(text, x, y);
  ctx.fillStyle = COLOR.label;
  ctx.fillText(text, x, y);
}

/**
 * Draws rooms, stations, points and the room being drawn on the 2D overlay canvas, in CSS pixels
 * (the caller scales the context for the device pixel ratio). Only what is in view is drawn, so
 * the cost follows what is visible; the canvas is repainted only when something changed.
 */
export function paintOverlay(ctx: CanvasRenderingContext2D, view: View, scene: OverlayScene): void {
  ctx.clearRect(0, 0, view.width, view.height);
  const visible = visibleBounds(view);
  const { document, selection, hover } = scene;
  ctx.font = '12px system-ui, -apple-system, "Segoe UI", "Noto Sans SC", sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';

  const labels: { text: string; x: number; y: number }[] = [];
  for (const room of document.Rooms) {
    const box = boundsOf(room.Polygon);
    if (!overlaps(box, visible)) continue;
    const selected = same(selection, 'room', room.Id);
    tracePolygon(ctx, view, room.Polygon);
    ctx.fillStyle = selected
      ? COLOR.selectedFill
      : same(hover, 'room', room.Id)
        ? COLOR.hoverFill
        : COLOR.roomFill;
    ctx.fill();
    ctx.lineWidth = selected ? 2.5 : 1.5;
    ctx.strokeStyle = selected ? COLOR.selected : COLOR.room;
    ctx.stroke();
    // A label only where the room is wide enough on screen to hold it.
    if ((box.maxX - box.minX) * view.scale > 40) {
      const c = toScreen(view, polygonCentroid(room.Polygon));
      labels.push({ text: scene.roomLabel(room), x: c.x, y: c.y });
    }
  }

  for (const item of labels) plate(ctx, item.text, item.x, item.y);
  labels.length = 0;

  const selectedRoom =
    selection?.kind === 'room' ? document.Rooms.find((room) => room.Id === selection.id) : undefined;
  if (selectedRoom && scene.handles) {
    for (const vertex of selectedRoom.Polygon) {
      const s = toScreen(view, vertex);
      ctx.fillStyle = '#fff';
      ctx.strokeStyle = COLOR.selected;
      ctx.lineWidth = 1.5;
      ctx.fillRect(s.x - 4, s.y - 4, 8, 8);
      ctx.strokeRect(s.x - 4, s.y - 4, 8, 8);
    }
  }

  for (const station of document.Stations) {
    if (
      station.X < visible.minX ||
      station.X > visible.maxX ||
      station.Y < visible.minY ||
      station.Y > visible.maxY
    )
      continue;
    const s = toScreen(view, station);
    const selected = same(selection, 'station', station.Id);
    const size = selected || same(hover, 'station', station.Id) ? 9 : 7;
    // A station: a filled triangle (the scanner on its tripod) with a white rim.
    ctx.beginPath();
    ctx.moveTo(s.x, s.y - size);
    ctx.lineTo(s.x + size * 0.9, s.y + size * 0.6);
    ctx.lineTo(s.x - size * 0.9, s.y + size * 0.6);
    ctx.closePath();
    ctx.fillStyle = selected ? COLOR.selected : COLOR.station;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = '#fff';
    ctx.stroke();
    if (station.Name) labels.push({ text: station.Name, x: s.x, y: s.y + size + 9 });
  }

  for (const point of document.Points) {
    if (point.X < visible.minX || point.X > visible.maxX || point.Y < visible.minY || point.Y > visible.maxY)
      continue;
    const s = toScreen(view, point);
    const selected = same(selection, 'point', point.Id);
    ctx.beginPath();
    ctx.arc(s.x, s.y, selected || same(hover, 'point', point.Id) ? 5 : 3.5, 0, Math.PI * 2);
    ctx.fillStyle = selected ? COLOR.selected : COLOR.point;
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = '#fff';
    ctx.stroke();
  }

  for (const item of labels) label(ctx, item.text, item.x, item.y);

  if (scene.draft.length > 0) paintDraft(ctx, view, scene);
}

function paintDraft(ctx: CanvasRenderingContext2D, view: View, scene: OverlayScene) {
  const path = scene.cursor ? [...scene.draft, scene.cursor] : scene.draft;
  ctx.beginPath();
  path.forEach((vertex, index) => {
    const s = toScreen(view, vertex);
    if (index === 0) ctx.moveTo(s.x, s.y);
    else ctx.lineTo(s.x, s.y);
  });
  ctx.setLineDash([6, 4]);
  ctx.lineWidth = 2;
  ctx.strokeStyle = COLOR.draft;
  ctx.stroke();
  ctx.setLineDash([]);
  scene.draft.forEach((vertex, index) => {
    const s = toScreen(view, vertex);
    const first = index === 0;
    ctx.beginPath();
    ctx.arc(s.x, s.y, first && scene.draftClosable ? 7 : 4, 0, Math.PI * 2);
    ctx.fillStyle = first && scene.draftClosable ? COLOR.selected : '#fff';
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = COLOR.draft;
    ctx.stroke();
  });
}
