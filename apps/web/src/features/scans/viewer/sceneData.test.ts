import type { ModelPreview, ScanSurface } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  fitView,
  gradeColour,
  legendText,
  NEUTRAL_COLOUR,
  rulerShapes,
  scansToShow,
  surfaceShapes,
  worstGrade,
} from './sceneData.ts';

const legend: ModelPreview['Legend'] = [
  { Grade: 'qualified', Color: '#52c41a', FromMm: -4, ToMm: 4 },
  { Grade: 'warning', Color: '#fadb14', FromMm: 4, ToMm: 6 },
  { Grade: 'unqualified', Color: '#fa8c16', FromMm: 6, ToMm: 10 },
  { Grade: 'exploded', Color: '#f5222d', FromMm: 10, ToMm: null },
];
const figures = {
  Qualified: 0,
  Warning: 0,
  Unqualified: 0,
  Exploded: 0,
  Total: 0,
  Unjudged: 0,
  PassRate: null,
  Sites: 1,
  ExplodedSites: 0,
  ExplodedRate: 0,
};
const site = (PointIndex: number, WorstGrade: ModelPreview['Sites'][number]['WorstGrade']) => ({
  PointIndex,
  Name: `S${PointIndex}`,
  BuildingNumber: '1',
  Floor: 1,
  Household: 1,
  Source: 'scanner',
  WorstGrade,
  Figures: figures,
});
const surface = (ScanId: string, Index: number, PointIndex: number | null): ScanSurface => ({
  ScanId,
  Index,
  PointIndex,
  ItemCode: 'F01',
  Points: 1000,
  Corners: [
    [0, 0, 0],
    [4, 0, 0],
    [4, 0, 2.8],
    [0, 0, 2.8],
  ],
  Normal: [0, 1, 0],
  MaxMm: 5,
  MinMm: -3,
  RmsMm: 1.2,
  OutOfToleranceShare: 0.1,
  AreaM2: 11.2,
});
const scan = (ScanId: string, Status: 'ready' | 'processing', tileset: boolean) => ({
  ScanId,
  Status,
  TilesetUrl: tileset && Status === 'ready' ? `/api/ms/Scans/${ScanId}/Tiles/tileset.json` : null,
  ModelUrl: !tileset && Status === 'ready' ? `/api/ms/Scans/${ScanId}/Model` : null,
});

describe('scan scene data', () => {
  it('takes the worst grade and its legend colour, neutral without one', () => {
    expect(worstGrade(['qualified', null, 'unqualified', 'warning'])).toBe('unqualified');
    expect(worstGrade([null, undefined])).toBeNull();
    expect(gradeColour(legend, 'exploded')).toBe('#f5222d');
    expect(gradeColour(legend, null)).toBe(NEUTRAL_COLOUR);
    expect(gradeColour(legend.slice(0, 1), 'warning')).toBe(NEUTRAL_COLOUR);
  });

  it("draws the shown scans' surfaces as two triangles in their site's worst-grade colour", () => {
    const shapes = surfaceShapes(
      [surface('a', 0, 3), surface('a', 1, null), surface('b', 0, 4)],
      [site(3, 'unqualified'), site(4, 'qualified')],
      legend,
      new Set(['a']),
    );
    expect(shapes.map((shape) => [shape.key, shape.pointIndex, shape.grade, shape.colour])).toEqual([
      ['a/0', 3, 'unqualified', '#fa8c16'],
      ['a/1', null, null, NEUTRAL_COLOUR],
    ]);
    expect(Array.from(shapes[0]!.triangles)).toEqual(
      [0, 0, 0, 4, 0, 0, 4, 0, 2.8, 0, 0, 0, 4, 0, 2.8, 0, 0, 2.8].map(Math.fround),
    );
    expect(shapes[0]!.centre).toEqual([2, 0, 1.4]);
  });

  it('labels each ruler and colours it by its grade', () => {
    const [shape] = rulerShapes(
      [
        {
          PointIndex: 3,
          ItemCode: 'F01',
          ValueIndex: 1,
          From: [0, 0, 0],
          To: [0, 0, 2],
          ValueMm: 7,
          Grade: 'unqualified',
        },
      ],
      legend,
      (ruler) => `${ruler.ItemCode}#${ruler.ValueIndex + 1} ${ruler.ValueMm} mm`,
    );
    expect(shape).toEqual({
      key: '3/F01/1',
      pointIndex: 3,
      from: [0, 0, 0],
      to: [0, 0, 2],
      colour: '#fa8c16',
      label: 'F01#2 7 mm',
    });
  });

  it('shows the ready scans, or the one asked for when it is ready', () => {
    const scans = [scan('a', 'ready', true), scan('b', 'processing', true), scan('c', 'ready', false)];
    expect(scansToShow(scans).map((item) => item.ScanId)).toEqual(['a', 'c']);
    expect(scansToShow(scans, 'c').map((item) => item.ScanId)).toEqual(['c']);
    expect(scansToShow(scans, 'b').map((item) => item.ScanId)).toEqual(['a', 'c']);
  });

  it('makes server addresses absolute at the origin (the API answers at the root)', () => {
    expect(absoluteUrl('/api/share/x/Scans/a/Tiles/tileset.json', 'http://h:8080')).toBe(
      'http://h:8080/api/share/x/Scans/a/Tiles/tileset.json',
    );
  });

  it('places the camera so the whole box fits, wider on a narrow screen', () => {
    const wide = fitView([0, 0, 0], [10, 6, 3], 50, 16 / 9);
    expect(wide.target).toEqual([5, 3, 1.5]);
    const radius = Math.hypot(10, 6, 3) / 2;
    expect(wide.distance).toBeCloseTo((radius / Math.sin((25 * Math.PI) / 180)) * 1.05, 6);
    const seen = Math.hypot(...wide.position.map((value, axis) => value - wide.target[axis]!));
    expect(seen).toBeCloseTo(wide.distance, 6);
    const phone = fitView([0, 0, 0], [10, 6, 3], 50, 0.5);
    expect(phone.distance).toBeGreaterThan(wide.distance * 1.5);
  });

  it('writes a legend row by its bounds', () => {
    const words = {
      range: (from: number, to: number) => `${from}..${to}`,
      above: (from: number) => `>=${from}`,
      below: (to: number) => `<=${to}`,
    };
    expect(legend.map((entry) => legendText(entry, words))).toEqual(['-4..4', '4..6', '6..10', '>=10']);
    expect(legendText({ Grade: 'qualified', Color: '#0f0', FromMm: null, ToMm: 3 }, words)).toBe('<=3');
  });
});
