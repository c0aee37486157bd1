import type { JudgingModeName, MeasureRule, Stage, StandardValue } from '@measure/contract';

/**
 * The typical measure items of domain.md section 3 (GB 50204, GB 50203, GB 50210 and developer
 * handbooks), seeded into every new company's library. Editable afterwards; nothing here is wired
 * into judging. Warning ranges: 80 % of the standard (absolute and range items from the lower
 * edge; deviation items around 0), rounded to 0.5 mm. Exploded thresholds: the default (2 x width).
 */
export interface DefaultItem {
  code: string;
  nameZh: string;
  nameEn: string;
  stage: Stage;
  mode: JudgingModeName;
  concrete: boolean;
  dimension: 'width' | 'height' | 'thickness' | null;
  standards: StandardValue[];
  rule: MeasureRule;
  /** Measured on facades (external-wall tasks, measurement-api.md section 9). */
  external: boolean;
}

const half = (value: number) => Math.round(value * 2) / 2;

function standard(
  name: string,
  nameEn: string,
  mode: JudgingModeName,
  left: number,
  right: number,
): StandardValue {
  const warnLeft = mode === 'deviation' ? half(left * 0.8) : left;
  const warnRight = mode === 'deviation' ? half(right * 0.8) : half(left + (right - left) * 0.8);
  return {
    Name: name,
    NameEn: nameEn,
    Left: left,
    Right: right,
    WarnLeft: warnLeft,
    WarnRight: warnRight,
    Exploded: null,
  };
}

const plain = (mode: JudgingModeName, left: number, right: number) => [
  standard('标准', 'Standard', mode, left, right),
];

const noLines = {
  BaseboardStartHeight: null,
  BaseboardEndHeight: null,
  DoorCoverStartMargin: null,
  DoorCoverEndMargin: null,
};

/** Flatness: 2 m ruler at 45° from the upper-left and lower-right corners, 50 mm in; a middle one on walls ≥ 3 m. */
const flatnessRule: MeasureRule = {
  MinReadings: 2,
  MaxReadings: 3,
  InitialReadings: 2,
  RulerLength: 2000,
  RulerPositions: [
    { Name: '左上 45°', OffsetMm: 50, HeightMm: 50, AngleDeg: 45 },
    { Name: '右下 45°', OffsetMm: 50, HeightMm: 50, AngleDeg: -45 },
    { Name: '中部', OffsetMm: 50, HeightMm: 1500, AngleDeg: 0 },
  ],
  ManualEntry: true,
  ...noLines,
};
/** Verticality: rulers 300 mm in from each end, 200 mm off floor or ceiling; a middle one on walls ≥ 3 m. */
const verticalityRule: MeasureRule = {
  MinReadings: 1,
  MaxReadings: 3,
  InitialReadings: 2,
  RulerLength: 2000,
  RulerPositions: [
    { Name: '左端', OffsetMm: 300, HeightMm: 200, AngleDeg: 90 },
    { Name: '右端', OffsetMm: 300, HeightMm: 200, AngleDeg: 90 },
    { Name: '中部', OffsetMm: 1500, HeightMm: 200, AngleDeg: 90 },
  ],
  ManualEntry: true,
  ...noLines,
};
/** Net height and level range: 5 spots per room (4 corners 0.3 m from the walls, and the centre). */
const fiveSpotRule: MeasureRule = {
  MinReadings: 5,
  MaxReadings: 5,
  InitialReadings: 5,
  RulerLength: 2000,
  RulerPositions: [],
  ManualEntry: true,
  ...noLines,
};
const sizeRule: MeasureRule = {
  MinReadings: 1,
  MaxReadings: 10,
  InitialReadings: 2,
  RulerLength: 2000,
  RulerPositions: [],
  ManualEntry: true,
  ...noLines,
};

type Row = [
  code: string,
  nameZh: string,
  nameEn: string,
  stage: Stage,
  mode: JudgingModeName,
  concrete: boolean,
  dimension: DefaultItem['dimension'],
  standards: StandardValue[],
  rule: MeasureRule,
];

const ROWS: Row[] = [
  [
    'ST-01',
    '表面平整度',
    'Surface flatness',
    'structure',
    'absolute',
    true,
    null,
    plain('absolute', 0, 8),
    flatnessRule,
  ],
  [
    'ST-02',
    '垂直度',
    'Verticality',
    'structure',
    'absolute',
    true,
    null,
    plain('absolute', 0, 10),
    verticalityRule,
  ],
  [
    'ST-03',
    '截面尺寸',
    'Section size',
    'structure',
    'deviation',
    false,
    'width',
    plain('deviation', -5, 10),
    sizeRule,
  ],
  [
    'ST-04',
    '顶板水平度极差',
    'Ceiling level range',
    'structure',
    'range',
    true,
    null,
    plain('range', 0, 15),
    fiveSpotRule,
  ],
  [
    'ST-05',
    '楼板厚度',
    'Floor slab thickness',
    'structure',
    'deviation',
    false,
    'thickness',
    plain('deviation', -5, 8),
    sizeRule,
  ],
  [
    'MA-01',
    '表面平整度',
    'Surface flatness',
    'masonry',
    'absolute',
    false,
    null,
    plain('absolute', 0, 8),
    flatnessRule,
  ],
  [
    'MA-02',
    '垂直度',
    'Verticality',
    'masonry',
    'absolute',
    false,
    null,
    plain('absolute', 0, 5),
    verticalityRule,
  ],
  [
    'MA-03',
    '门窗洞口尺寸',
    'Opening size',
    'masonry',
    'deviation',
    false,
    'width',
    plain('deviation', -10, 10),
    sizeRule,
  ],
  [
    'PL-01',
    '墙面平整度',
    'Wall flatness',
    'plaster',
    'absolute',
    false,
    null,
    [standard('普通', 'Ordinary', 'absolute', 0, 4), standard('高级', 'High grade', 'absolute', 0, 3)],
    flatnessRule,
  ],
  [
    'PL-02',
    '墙面垂直度',
    'Wall verticality',
    'plaster',
    'absolute',
    false,
    null,
    [standard('普通', 'Ordinary', 'absolute', 0, 4), standard('高级', 'High grade', 'absolute', 0, 3)],
    verticalityRule,
  ],
  [
    'PL-03',
    '阴阳角方正',
    'Internal/external corner square',
    'plaster',
    'absolute',
    false,
    null,
    plain('absolute', 0, 4),
    sizeRule,
  ],
  [
    'PL-04',
    '室内净高',
    'Net height',
    'plaster',
    'deviation',
    false,
    'height',
    plain('deviation', -15, 15),
    fiveSpotRule,
  ],
  [
    'PL-05',
    '开间/进深',
    'Bay/depth',
    'plaster',
    'deviation',
    false,
    'width',
    plain('deviation', -10, 10),
    sizeRule,
  ],
  ['PL-06', '方正度', 'Squareness', 'plaster', 'range', false, null, plain('range', 0, 10), sizeRule],
  [
    'PL-07',
    '地面水平度极差',
    'Floor level range',
    'plaster',
    'range',
    false,
    null,
    plain('range', 0, 10),
    fiveSpotRule,
  ],
  [
    'DE-01',
    '瓷砖平整度',
    'Tile flatness',
    'decoration',
    'absolute',
    false,
    null,
    plain('absolute', 0, 3),
    flatnessRule,
  ],
  [
    'DE-02',
    '瓷砖垂直度',
    'Tile verticality',
    'decoration',
    'absolute',
    false,
    null,
    plain('absolute', 0, 3),
    verticalityRule,
  ],
  [
    'FG-01',
    '地面平整度',
    'Floor flatness',
    'floorGround',
    'absolute',
    false,
    null,
    plain('absolute', 0, 4),
    flatnessRule,
  ],
];

/**
 * Facade items (domain.md sections 3 and 11): flatness and verticality of the outer wall, measured per
 * panel from a 2 m ruler or a scan, on the concrete shell (structure, GB 50204) and on the rendered
 * facade (plaster, GB 50210 exterior plaster). Migration `ew-core` inserts them into existing companies.
 */
const EXTERNAL_ROWS: Row[] = [
  [
    'EW-ST-01',
    '外墙平整度',
    'Outer-wall flatness',
    'structure',
    'absolute',
    true,
    null,
    plain('absolute', 0, 8),
    flatnessRule,
  ],
  [
    'EW-ST-02',
    '外墙垂直度',
    'Outer-wall verticality',
    'structure',
    'absolute',
    true,
    null,
    plain('absolute', 0, 10),
    verticalityRule,
  ],
  [
    'EW-PL-01',
    '外墙抹灰平整度',
    'Outer-wall render flatness',
    'plaster',
    'absolute',
    false,
    null,
    plain('absolute', 0, 4),
    flatnessRule,
  ],
  [
    'EW-PL-02',
    '外墙抹灰垂直度',
    'Outer-wall render verticality',
    'plaster',
    'absolute',
    false,
    null,
    plain('absolute', 0, 4),
    verticalityRule,
  ],
];

const toDefault =
  (external: boolean) =>
  ([code, nameZh, nameEn, stage, mode, concrete, dimension, standards, rule]: Row): DefaultItem => ({
    code,
    nameZh,
    nameEn,
    stage,
    mode,
    concrete,
    dimension,
    standards,
    rule,
    external,
  });

export const DEFAULT_MEASURE_ITEMS: readonly DefaultItem[] = [
  ...ROWS.map(toDefault(false)),
  ...EXTERNAL_ROWS.map(toDefault(true)),
];

/** The default rule of an item created without one. */
export const DEFAULT_RULE: MeasureRule = sizeRule;
