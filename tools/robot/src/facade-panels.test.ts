import { describe, expect, it } from 'vitest';
import {
  FACADE_STOREY_M,
  type FacadePanelPlace,
  facadeColumns,
  facadePanels,
  PANEL_MAX_M,
  PANEL_MIN_M,
} from './facade-panels.ts';
import { seededRandom } from './random.ts';

const work = {
  FloorFrom: 3,
  FloorTo: 7,
  Sides: [
    { Index: 0, Side: 'N', Name: null, WidthM: 31.4 },
    { Index: 1, Side: 'E', Name: '东立面', WidthM: 12 },
    { Index: 2, Side: '南侧裙楼', Name: null, WidthM: 2.6 },
    { Index: 3, Side: 'W', Name: null, WidthM: 1.2 },
  ],
};

/** Pairs of panels of one side whose rectangles share positive area (what the server refuses). */
function overlaps(panels: readonly FacadePanelPlace[]): [FacadePanelPlace, FacadePanelPlace][] {
  const pairs: [FacadePanelPlace, FacadePanelPlace][] = [];
  panels.forEach((a, i) => {
    for (const b of panels.slice(i + 1)) {
      if (a.Side !== b.Side) continue;
      if (Math.min(a.X1, b.X1) > Math.max(a.X0, b.X0) && Math.min(a.Z1, b.Z1) > Math.max(a.Z0, b.Z0))
        pairs.push([a, b]);
    }
  });
  return pairs;
}

describe('facade panel grid', () => {
  it('covers every side and floor of the band edge to edge, with no overlaps', () => {
    for (const seed of [1, 2, 3, 42, 20261128]) {
      const panels = facadePanels(work, { seed });
      expect(overlaps(panels)).toEqual([]);
      for (const side of work.Sides) {
        for (let floor = 3; floor <= 7; floor += 1) {
          const row = panels
            .filter((panel) => panel.Side === side.Side && panel.Floor === floor)
            .sort((a, b) => a.X0 - b.X0);
          expect(row.length).toBeGreaterThan(0);
          // Edge to edge from 0 to the width: the row covers the side exactly.
          expect(row[0]?.X0).toBe(0);
          expect(row.at(-1)?.X1).toBe(side.WidthM);
          row.slice(1).forEach((panel, index) => expect(panel.X0).toBe(row[index]?.X1));
        }
      }
      expect(new Set(panels.map((panel) => panel.Floor))).toEqual(new Set([3, 4, 5, 6, 7]));
    }
  });

  it('keeps each panel inside its side, one floor high within its floor, 2-6 m wide where the side allows', () => {
    const panels = facadePanels(work, { seed: 7 });
    for (const panel of panels) {
      const side = work.Sides.find((row) => row.Side === panel.Side);
      if (!side) throw new Error(`panel on an unknown side ${panel.Side}`);
      expect(panel.X0).toBeGreaterThanOrEqual(0);
      expect(panel.X1).toBeLessThanOrEqual(side.WidthM);
      expect(panel.X0).toBeLessThan(panel.X1);
      expect(panel.Z0).toBeCloseTo((panel.Floor - 1) * FACADE_STOREY_M, 9);
      expect(panel.Z1).toBeCloseTo(panel.Floor * FACADE_STOREY_M, 9);
      const width = panel.X1 - panel.X0;
      if (side.WidthM >= PANEL_MIN_M) {
        expect(width).toBeGreaterThanOrEqual(PANEL_MIN_M - 0.001);
        expect(width).toBeLessThanOrEqual(PANEL_MAX_M + 0.001);
      } else expect(width).toBe(side.WidthM);
    }
    // The 1.2 m side is one panel per floor; the 31.4 m side 6 to 15 columns.
    expect(panels.filter((panel) => panel.Side === 'W')).toHaveLength(5);
    const north = panels.filter((panel) => panel.Side === 'N' && panel.Floor === 3).length;
    expect(north).toBeGreaterThanOrEqual(6);
    expect(north).toBeLessThanOrEqual(15);
  });

  it('the same seed gives the same panels; floors caps the band from its bottom', () => {
    expect(facadePanels(work, { seed: 5 })).toEqual(facadePanels(work, { seed: 5 }));
    const capped = facadePanels(work, { seed: 5, floors: 2 });
    expect(new Set(capped.map((panel) => panel.Floor))).toEqual(new Set([3, 4]));
    expect(facadePanels({ FloorFrom: null, FloorTo: null, Sides: [] })).toEqual([]);
  });

  it('picks a column count whose widths fall within 2-6 m', () => {
    const random = seededRandom(9);
    for (const width of [2, 2.5, 6, 6.01, 7, 12, 13.3, 40, 999.999]) {
      for (let round = 0; round < 20; round += 1) {
        const edges = facadeColumns(width, random);
        expect(edges[0]).toBe(0);
        expect(edges.at(-1)).toBe(width);
        const widths = edges.slice(1).map((edge, index) => edge - (edges[index] as number));
        expect(Math.min(...widths)).toBeGreaterThanOrEqual(PANEL_MIN_M - 0.001);
        expect(Math.max(...widths)).toBeLessThanOrEqual(PANEL_MAX_M + 0.001);
      }
    }
  });
});
