import { describe, expect, it } from 'vitest';
import { addReferencedLayers } from './referencedLayers.ts';

describe('addReferencedLayers', () => {
  it('adds records for layers that only entities name (a drawing without a LAYER table)', () => {
    const drawing = addReferencedLayers({
      entities: [{ layer: 'WALL' }, { layer: 'TEXT' }, { layer: 'WALL' }],
    });
    expect(Object.keys(drawing.tables?.layer?.layers ?? {}).sort()).toEqual(['TEXT', 'WALL']);
    expect(drawing.tables?.layer?.layers?.WALL).toMatchObject({ name: 'WALL', colorIndex: 7, frozen: false });
  });

  it('keeps existing records and adds those named in blocks and the default layer', () => {
    const wall = { name: 'WALL', color: 0xff0000, colorIndex: 1, visible: true, frozen: false };
    const drawing = addReferencedLayers({
      tables: { layer: { layers: { WALL: wall } } },
      entities: [{ layer: 'WALL' }, {}],
      blocks: { door: { entities: [{ layer: 'DOOR' }] } },
    });
    expect(drawing.tables.layer?.layers?.WALL).toBe(wall);
    expect(Object.keys(drawing.tables.layer?.layers ?? {}).sort()).toEqual(['0', 'DOOR', 'WALL']);
  });

  it('leaves a drawing without entities alone', () => {
    expect(addReferencedLayers({ entities: [] })).toEqual({ entities: [] });
  });
});
