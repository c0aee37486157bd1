import { describe, expect, it } from 'vitest';
import { cursorOf, editOf, previewOf, type Gesture } from './gestures.ts';
import type { PlanDocument } from './planDocument.ts';

const document: PlanDocument = {
  Rooms: [
    {
      Id: 'r',
      Name: '',
      PointTypeId: null,
      Polygon: [
        { X: 0, Y: 0 },
        { X: 10, Y: 0 },
        { X: 10, Y: 10 },
      ],
    },
  ],
  Stations: [{ Id: 's', Name: '', X: 7, Y: 2, RoomId: 'r' }],
  Points: [],
};
const press = { startX: 0, startY: 0 };

describe('gestures', () => {
  it('turns a drag into one move or vertex edit', () => {
    const move: Gesture = {
      kind: 'move',
      target: { kind: 'station', id: 's' },
      start: { X: 7, Y: 2 },
      current: { X: 9, Y: 1 },
      moved: true,
      ...press,
    };
    expect(editOf(move)).toEqual({ type: 'move', target: { kind: 'station', id: 's' }, dx: 2, dy: -1 });
    const vertex: Gesture = {
      kind: 'vertex',
      roomId: 'r',
      index: 1,
      position: { X: 12, Y: 0 },
      moved: true,
      ...press,
    };
    expect(editOf(vertex)).toEqual({ type: 'moveVertex', roomId: 'r', index: 1, position: { X: 12, Y: 0 } });
  });

  it('previews a drag without touching the document, and nothing before the pointer moved', () => {
    const move: Gesture = {
      kind: 'move',
      target: { kind: 'station', id: 's' },
      start: { X: 7, Y: 2 },
      current: { X: 20, Y: 2 },
      moved: true,
      ...press,
    };
    const preview = previewOf(document, move);
    expect(preview.Stations[0]).toMatchObject({ X: 20, RoomId: null });
    expect(document.Stations[0]).toMatchObject({ X: 7, RoomId: 'r' });
    expect(previewOf(document, { ...move, moved: false })).toBe(document);
    expect(previewOf(document, null)).toBe(document);
  });

  it('shows what a drag would do with the pointer', () => {
    expect(cursorOf({ editable: true, tool: 'room' }, null, false)).toBe('crosshair');
    expect(cursorOf({ editable: true, tool: 'select' }, { kind: 'room', id: 'r' }, false)).toBe('move');
    expect(cursorOf({ editable: true, tool: 'select' }, { kind: 'room', id: 'r' }, true)).toBe('nwse-resize');
    expect(cursorOf({ editable: true, tool: 'select' }, null, false)).toBe('grab');
    expect(cursorOf({ editable: false, tool: 'room' }, { kind: 'point', id: 'p' }, false)).toBe('pointer');
  });
});
