import type { MeasureItemRow } from '@measure/contract';

/** A measure item as the library (GetList) and the project copies (GetListByProject) return it, for unit tests. */
export function itemRow(overrides: Partial<MeasureItemRow> = {}): MeasureItemRow {
  return {
    MeasureItemId: 'item-1',
    Code: 'PL-01',
    NameZh: '墙面平整度',
    NameEn: 'Wall flatness',
    Name: '墙面平整度',
    Stage: 'plaster',
    Mode: 'absolute',
    Concrete: false,
    Dimension: null,
    NeedsDesign: false,
    Unit: 'mm',
    Standards: [
      {
        Name: '普通',
        NameEn: 'Ordinary',
        Left: 0,
        Right: 4,
        WarnLeft: 0,
        WarnRight: 3,
        Exploded: null,
        ExplodedEffective: 8,
      },
      {
        Name: '高级',
        NameEn: null,
        Left: 0,
        Right: 3,
        WarnLeft: 0,
        WarnRight: 2,
        Exploded: 5,
        ExplodedEffective: 5,
      },
    ],
    Enabled: true,
    External: false,
    Selected: 0,
    Rule: {
      MinReadings: 1,
      MaxReadings: 10,
      InitialReadings: 4,
      RulerLength: 2000,
      RulerPositions: [],
      ManualEntry: true,
      BaseboardStartHeight: null,
      BaseboardEndHeight: null,
      DoorCoverStartMargin: null,
      DoorCoverEndMargin: null,
    },
    UpdateTime: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
