import { HOUSE_MAP_LIMITS } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import {
  editorReducer,
  HISTORY_LIMIT,
  initialEditorState,
  isDirty,
  type EditorAction,
  type EditorState,
} from './editorState.ts';
import {
  documentFromDetail,
  documentToSave,
  limitProblem,
  newId,
  type Edit,
  type ElementRef,
  type PlanDocument,
} from './planDocument.ts';

const rect = (x: number, y: number, w: number, h: number) => [
  { X: x, Y: y },
  { X: x + w, Y: y },
  { X: x + w, Y: y + h },
  { X: x, Y: y + h },
];

const run = (actions: EditorAction[], state: EditorState = initialEditorState) =>
  actions.reduce(editorReducer, state);
const edit = (value: Edit, select?: ElementRef | null): EditorAction => ({
  type: 'edit',
  edit: value,
  ...(select === undefined ? {} : { select }),
});

const addRoom = (id: string, polygon = rect(0, 0, 10, 10)): Edit => ({
  type: 'addRoom',
  id,
  name: id,
  pointTypeId: null,
  polygon,
});

describe('editing the plan', () => {
  it('adds a room and stations inside it take its id; a station outside has none', () => {
    const state = run([
      edit(addRoom('kitchen')),
      edit({ type: 'addStation', id: 's1', name: 'S1', position: { X: 2, Y: 2 } }),
      edit({ type: 'addStation', id: 's2', name: 'S2', position: { X: 8, Y: 8 } }),
      edit({ type: 'addStation', id: 's3', name: 'S3', position: { X: 20, Y: 8 } }),
    ]);
    expect(state.present.Rooms.map((room) => room.Id)).toEqual(['kitchen']);
    expect(state.present.Stations.map((station) => [station.Id, station.RoomId])).toEqual([
      ['s1', 'kitchen'],
      ['s2', 'kitchen'],
      ['s3', null],
    ]);
    expect(isDirty(state)).toBe(true);
  });

  it('refuses a room of fewer than three vertices', () => {
    const state = run([edit(addRoom('line', rect(0, 0, 10, 10).slice(0, 2)))]);
    expect(state.present.Rooms).toEqual([]);
    expect(state.past).toEqual([]);
  });

  it('gives a point the room it is in and the nearest station of that room', () => {
    const state = run([
      edit(addRoom('a', rect(0, 0, 10, 10))),
      edit(addRoom('b', rect(10, 0, 10, 10))),
      edit({ type: 'addStation', id: 'sa', name: 'SA', position: { X: 9, Y: 5 } }),
      edit({ type: 'addStation', id: 'sb', name: 'SB', position: { X: 11, Y: 5 } }),
      edit({ type: 'addStation', id: 'sa2', name: 'SA2', position: { X: 1, Y: 5 } }),
      // Closer to sb, but in room a: taken from sa.
      edit({ type: 'addPoint', id: 'p', position: { X: 9.9, Y: 5 } }),
    ]);
    expect(state.present.Points).toEqual([{ Id: 'p', X: 9.9, Y: 5, RoomId: 'a', StationId: 'sa' }]);
  });

  it('a room drawn inside another wins for the elements in it', () => {
    const state = run([
      edit(addRoom('flat', rect(0, 0, 100, 100))),
      edit({ type: 'addStation', id: 's', name: 'S', position: { X: 5, Y: 5 } }),
      edit(addRoom('closet', rect(0, 0, 10, 10))),
    ]);
    expect(state.present.Stations[0]?.RoomId).toBe('closet');
  });

  it('moves a room with its stations and points; a moved station takes its new room', () => {
    let state = run([
      edit(addRoom('a', rect(0, 0, 10, 10))),
      edit({ type: 'addStation', id: 's', name: 'S', position: { X: 5, Y: 5 } }),
      edit({ type: 'addPoint', id: 'p', position: { X: 6, Y: 6 } }),
      edit({ type: 'move', target: { kind: 'room', id: 'a' }, dx: 100, dy: 0 }),
    ]);
    expect(state.present.Rooms[0]?.Polygon[0]).toEqual({ X: 100, Y: 0 });
    expect(state.present.Stations[0]).toMatchObject({ X: 105, Y: 5, RoomId: 'a' });
    expect(state.present.Points[0]).toMatchObject({ X: 106, Y: 6, RoomId: 'a', StationId: 's' });
    state = run([edit({ type: 'move', target: { kind: 'station', id: 's' }, dx: -100, dy: 0 })], state);
    expect(state.present.Stations[0]?.RoomId).toBeNull();
    // The point stays in room a, whose only station left: no station.
    expect(state.present.Points[0]?.StationId).toBeNull();
  });

  it('reshapes a room by a vertex and re-derives what it contains', () => {
    const state = run([
      edit(addRoom('a', rect(0, 0, 10, 10))),
      edit({ type: 'addStation', id: 's', name: 'S', position: { X: 9, Y: 9 } }),
      edit({ type: 'moveVertex', roomId: 'a', index: 2, position: { X: 5, Y: 5 } }),
    ]);
    expect(state.present.Stations[0]?.RoomId).toBeNull();
  });

  it('deleting a room frees its stations; deleting a station moves its points to the nearest other one', () => {
    const state = run([
      edit(addRoom('a')),
      edit({ type: 'addStation', id: 's1', name: 'S1', position: { X: 1, Y: 1 } }),
      edit({ type: 'addStation', id: 's2', name: 'S2', position: { X: 9, Y: 9 } }),
      edit({ type: 'addPoint', id: 'p', position: { X: 2, Y: 2 } }),
      edit({ type: 'remove', target: { kind: 'station', id: 's1' } }),
    ]);
    expect(state.present.Points[0]?.StationId).toBe('s2');
    const freed = run([edit({ type: 'remove', target: { kind: 'room', id: 'a' } })], state);
    expect(freed.present.Rooms).toEqual([]);
    expect(freed.present.Stations.map((station) => station.RoomId)).toEqual([null]);
    expect(freed.present.Points[0]).toMatchObject({ RoomId: null, StationId: 's2' });
  });

  it('sets the name and site type of a room; an unchanged value adds no history step', () => {
    const state = run([
      edit(addRoom('a')),
      edit({ type: 'updateRoom', id: 'a', name: 'Kitchen', pointTypeId: 'type-1' }),
      edit({ type: 'updateRoom', id: 'a', name: 'Kitchen' }),
    ]);
    expect(state.present.Rooms[0]).toMatchObject({ Name: 'Kitchen', PointTypeId: 'type-1' });
    expect(state.past).toHaveLength(2);
  });
});

describe('undo and redo', () => {
  const drawn = run([
    edit(addRoom('a')),
    edit({ type: 'addStation', id: 's1', name: 'S1', position: { X: 1, Y: 1 } }),
    edit(
      { type: 'addStation', id: 's2', name: 'S2', position: { X: 2, Y: 2 } },
      { kind: 'station', id: 's2' },
    ),
  ]);

  it('steps back and forth through the edits', () => {
    const undone = run([{ type: 'undo' }, { type: 'undo' }], drawn);
    expect(undone.present.Stations).toEqual([]);
    expect(undone.present.Rooms).toHaveLength(1);
    // The selected station is gone: nothing is selected.
    expect(undone.selection).toBeNull();
    const redone = run([{ type: 'redo' }, { type: 'redo' }], undone);
    expect(redone.present).toBe(drawn.present);
    expect(run([{ type: 'redo' }], redone)).toBe(redone);
  });

  it('a new edit after undo drops the redo steps', () => {
    const state = run(
      [{ type: 'undo' }, edit({ type: 'addPoint', id: 'p', position: { X: 3, Y: 3 } }), { type: 'redo' }],
      drawn,
    );
    expect(state.future).toEqual([]);
    expect(state.present.Stations.map((station) => station.Id)).toEqual(['s1']);
    expect(state.present.Points).toHaveLength(1);
  });

  it('is clean again after undoing back to the saved document', () => {
    const saved = run([{ type: 'saved', document: drawn.present }], drawn);
    expect(isDirty(saved)).toBe(false);
    const changed = run([edit({ type: 'remove', target: { kind: 'station', id: 's1' } })], saved);
    expect(isDirty(changed)).toBe(true);
    expect(isDirty(run([{ type: 'undo' }], changed))).toBe(false);
  });

  it('keeps at most HISTORY_LIMIT steps', () => {
    const actions = Array.from({ length: HISTORY_LIMIT + 20 }, (_v, index) =>
      edit({ type: 'addPoint', id: `p${index}`, position: { X: index, Y: 0 } }),
    );
    const state = run(actions);
    expect(state.past).toHaveLength(HISTORY_LIMIT);
    const bottom = run(
      Array.from({ length: HISTORY_LIMIT + 5 }, () => ({ type: 'undo' }) as const),
      state,
    );
    expect(bottom.present.Points).toHaveLength(20);
  });

  it('load resets history and the saved state', () => {
    const loaded = run([{ type: 'load', document: drawn.present }], drawn);
    expect(loaded.past).toEqual([]);
    expect(isDirty(loaded)).toBe(false);
  });
});

describe('limits', () => {
  const big = (rooms: number, stations: number, points: number): PlanDocument => ({
    Rooms: Array.from({ length: rooms }, (_v, index) => ({
      Id: `r${index}`,
      Name: '',
      PointTypeId: null,
      Polygon: rect(index * 20, 0, 10, 10),
    })),
    Stations: Array.from({ length: stations }, (_v, index) => ({
      Id: `s${index}`,
      Name: '',
      X: -5,
      Y: index,
      RoomId: null,
    })),
    Points: Array.from({ length: points }, (_v, index) => ({
      Id: `p${index}`,
      X: -9,
      Y: index,
      RoomId: null,
      StationId: null,
    })),
  });

  it('refuses elements over the server limits', () => {
    const full = big(HOUSE_MAP_LIMITS.maxRooms, HOUSE_MAP_LIMITS.maxStations, HOUSE_MAP_LIMITS.maxPoints);
    expect(limitProblem(full, 'room', 4)).toBe('rooms');
    expect(limitProblem(full, 'station')).toBe('stations');
    expect(limitProblem(full, 'point')).toBe('points');
    const state = run([
      { type: 'load', document: full },
      edit({ type: 'addStation', id: 'x', name: '', position: { X: 0, Y: 0 } }),
      edit({ type: 'addPoint', id: 'y', position: { X: 0, Y: 0 } }),
    ]);
    expect(state.present).toBe(full);
    expect(limitProblem(big(0, 0, 0), 'room', HOUSE_MAP_LIMITS.maxPolygonVertices + 1)).toBe(
      'polygonVertices',
    );
    expect(limitProblem(big(0, 0, 0), 'room', 3)).toBeNull();
  });

  it('counts the vertices of all rooms', () => {
    const many = big(101, 0, 0);
    many.Rooms = many.Rooms.map((room) => ({
      ...room,
      Polygon: Array.from({ length: 990 }, () => ({ X: 0, Y: 0 })),
    }));
    expect(limitProblem(many, 'room', 10)).toBeNull();
    expect(limitProblem(many, 'room', 11)).toBe('vertices');
  });
});

describe('server format', () => {
  it('round-trips the MeasurePoints, leaving empty names out when saving', () => {
    const document = documentFromDetail({
      Rooms: [{ Id: 'r', PointTypeId: null, Polygon: rect(0, 0, 1, 1) }],
      Stations: [{ Id: 's', Name: ' S1 ', X: 0.5, Y: 0.5, RoomId: 'r' }],
      Points: [],
    });
    expect(document.Rooms[0]?.Name).toBe('');
    const body = documentToSave(document);
    expect(body.Rooms[0]?.Name).toBeUndefined();
    expect(body.Stations[0]?.Name).toBe('S1');
  });

  it('makes distinct version-4 ids', () => {
    const ids = new Set(Array.from({ length: 1000 }, newId));
    expect(ids.size).toBe(1000);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
