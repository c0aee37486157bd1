import type { WorkPackage } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { facadeBulge, panelCloud } from './facade-scans.ts';
import { readSimulatorPly } from './point-cloud.ts';

const flatness = {
  ItemCode: 'EXT-FLAT',
  Name: '外墙平整度',
  NameEn: 'Outer wall flatness',
  Mode: 'max',
  Standard: { Left: 0, Right: 5, WarnLeft: 0, WarnRight: 4, Exploded: 5 },
  Rule: { MinReadings: 1, InitialReadings: 3, MaxReadings: 5, RulerLength: 2000, RulerPositions: [] },
} as unknown as WorkPackage['Items'][number];

const panel = { X0: 6, X1: 10.5, Z0: 12, Z1: 15 };

describe('facade panel clouds', () => {
  it('lie on the panel in the building frame, with a bump out of the facade at an exploded value', () => {
    const readings = [
      {
        ItemCode: 'EXT-FLAT',
        Values: [2, 14, 3],
        Rulers: [
          { X1: 50, Y1: 500, X2: 2050, Y2: 500 },
          { X1: 2000, Y1: 1500, X2: 4000, Y2: 1500 },
          { X1: 50, Y1: 2500, X2: 2050, Y2: 2500 },
        ],
      },
    ];
    const bulge = facadeBulge(panel, [flatness], readings);
    expect(bulge).toMatchObject({ alongM: 3, heightM: 1.5, depthMm: 14 });
    const xyz = readSimulatorPly(panelCloud(panel, bulge, { seed: 3, sitePoints: 4000 }));
    expect(xyz.length).toBe(12_000);
    let nearest = Infinity;
    let peak = 0;
    for (let index = 0; index < xyz.length; index += 3) {
      const [x, y, z] = [xyz[index] as number, xyz[index + 1] as number, xyz[index + 2] as number];
      expect(x).toBeGreaterThanOrEqual(panel.X0 - 1e-4);
      expect(x).toBeLessThanOrEqual(panel.X1 + 1e-4);
      expect(z).toBeGreaterThanOrEqual(panel.Z0 - 1e-4);
      expect(z).toBeLessThanOrEqual(panel.Z1 + 1e-4);
      // Towards the viewer is -y: the bump's points stand out at its centre (9 m along, 13.5 m up).
      const distance = Math.hypot(x - 9, z - 13.5);
      if (distance < nearest) {
        nearest = distance;
        peak = -y;
      }
    }
    expect(peak).toBeGreaterThan(0.009);
    expect(facadeBulge(panel, [flatness], [{ ItemCode: 'EXT-FLAT', Values: [2, 4.5] }])).toBeNull();
  });
});
