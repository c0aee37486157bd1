import { pinOnPlan } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { planFrame } from './planDrawing.tsx';

const room = {
  Polygon: [
    { X: 10, Y: 20 },
    { X: 110, Y: 20 },
    { X: 110, Y: 70 },
    { X: 10, Y: 70 },
  ],
};

describe('planFrame', () => {
  it('frames a DXF plan by its rooms and stations, mirrored so that north stays up', () => {
    const frame = planFrame({
      MapType: 'dxf',
      MeasurePoints: { Rooms: [room], Stations: [{ X: 0, Y: 80 }] },
    });
    expect(frame).toMatchObject({ minX: 0, maxX: 110, minY: 20, maxY: 80, size: 110 });
    expect(frame?.y(80)).toBe(20);
    expect(frame?.y(20)).toBe(80);
    expect(frame?.viewBox).toBe(`${-4.4} ${20 - 4.4} ${110 + 8.8} ${60 + 8.8}`);
  });

  it('frames an image plan by its rooms, or with `picture` by its whole picture, pixels y down', () => {
    const plan = {
      MapType: 'image',
      Width: 160,
      Height: 100,
      MeasurePoints: { Rooms: [room], Stations: [] },
    };
    expect(planFrame(plan)).toMatchObject({ minX: 10, maxX: 110, minY: 20, maxY: 70 });
    const picture = planFrame(plan, { picture: true });
    expect(picture).toMatchObject({ minX: 0, maxX: 160, minY: 0, maxY: 100, size: 160 });
    expect(picture?.y(30)).toBe(30);
  });

  it('has nothing to frame without rooms (and without a picture size)', () => {
    const empty = { MeasurePoints: { Rooms: [], Stations: [{ X: 1, Y: 1 }] } };
    expect(planFrame({ ...empty, MapType: 'dxf' })).toBeUndefined();
    expect(
      planFrame({ ...empty, MapType: 'image', Width: null, Height: null }, { picture: true }),
    ).toBeUndefined();
    expect(planFrame({ ...empty, MapType: 'image', Width: 4, Height: 3 }, { picture: true })).toBeDefined();
  });
});

describe('pinOnPlan (what the server accepts)', () => {
  it('takes a pin inside the picture of an image plan, or inside the rooms drawn on a DXF plan', () => {
    const image = { MapType: 'image', Width: 160, Height: 100, MeasurePoints: { Rooms: [] } };
    expect(pinOnPlan(image, 0, 0)).toBe(true);
    expect(pinOnPlan(image, 160, 100)).toBe(true);
    expect(pinOnPlan(image, 161, 50)).toBe(false);
    expect(pinOnPlan({ ...image, Width: null }, 5, 5)).toBe(false);
    const dxf = { MapType: 'dxf', Width: null, Height: null, MeasurePoints: { Rooms: [room] } };
    expect(pinOnPlan(dxf, 60, 40)).toBe(true);
    expect(pinOnPlan(dxf, 5, 40)).toBe(false);
    expect(pinOnPlan({ ...dxf, MeasurePoints: null }, 60, 40)).toBe(false);
  });
});
