import type { InspectionKind, MeasureKind, ResultBatch, Stage, TaskState } from '@measure/contract';

/** The demo devices of the main company: one robot (held by the demo surveyor) and one scanner. */
export const DEMO_DEVICES = [
  { number: 'DEMO-R01', type: 'robot', holder: 'surveyor@example.com' },
  { number: 'DEMO-S01', type: 'scanner', holder: null },
] as const;

/** The demo house type of each demo project and the floors of one building it is given to. */
export const DEMO_HOUSE_TYPES = [
  { project: '滨江花园一期', name: 'A1户型', area: 89.5, building: '1#', floors: [1, 8] },
  { project: '云栖科创中心', name: '标准层B2', area: 96, building: 'A 座', floors: [1, 6] },
] as const;

export interface DemoTask {
  project: string;
  stage: Stage;
  measureKind: MeasureKind;
  inspectionKind: InspectionKind;
  state: TaskState;
  building: string;
  floors: [number, number];
  /** Households per floor taken (from position 1). */
  households: number;
  /** The device (by number) that executes it, or null: a surveyor types the readings in. */
  device: string | null;
  surveyors: string[];
  /** Share of results measured: 1 for finished tasks, less for one in progress. */
  done: number;
  /** Readings beyond the standard (the generator's error rate). */
  errorRate: number;
  /** When it was measured, in days before the seeding: from, to. */
  daysAgo: [number, number];
  /** Its device also sends a point cloud and a model per household (demo-scans.ts). */
  scans?: boolean;
  /** Its device also sends a wall picture per site, as the robot simulator does (demo-pictures.ts). */
  pictures?: boolean;
}

/**
 * Tasks in every state (each named by the system from its place and kind, `scope` parts), for several stages and both inspection kinds, in both demo projects. The
 * results of the measured ones spread over the last 30 days so the analyses show trends.
 */
export const DEMO_TASKS: readonly DemoTask[] = [
  {
    project: '滨江花园一期',
    stage: 'plaster',
    measureKind: 'first',
    inspectionKind: 'self',
    state: 'completed',
    building: '1#',
    floors: [1, 2],
    households: 2,
    device: 'DEMO-R01',
    surveyors: ['surveyor@example.com'],
    done: 1,
    errorRate: 0.08,
    daysAgo: [29, 24],
    scans: true,
  },
  {
    project: '滨江花园一期',
    stage: 'masonry',
    measureKind: 'first',
    inspectionKind: 'third',
    state: 'uploaded',
    building: '1#',
    floors: [3, 4],
    households: 2,
    device: 'DEMO-R01',
    surveyors: ['surveyor@example.com'],
    done: 1,
    errorRate: 0.12,
    daysAgo: [18, 14],
  },
  {
    project: '滨江花园一期',
    stage: 'plaster',
    measureKind: 're',
    inspectionKind: 'self',
    state: 'inProgress',
    building: '1#',
    floors: [5, 5],
    households: 4,
    device: null,
    surveyors: ['surveyor@example.com'],
    done: 0.5,
    errorRate: 0.05,
    daysAgo: [6, 2],
  },
  {
    project: '滨江花园一期',
    stage: 'decoration',
    measureKind: 'first',
    inspectionKind: 'self',
    state: 'pending',
    building: '1#',
    floors: [6, 7],
    households: 4,
    device: 'DEMO-R01',
    surveyors: ['surveyor@example.com'],
    done: 0,
    errorRate: 0,
    daysAgo: [0, 0],
  },
  {
    project: '滨江花园一期',
    stage: 'floorGround',
    measureKind: 'other',
    inspectionKind: 'self',
    state: 'cancelled',
    building: '1#',
    floors: [8, 8],
    households: 4,
    device: null,
    surveyors: ['surveyor@example.com'],
    done: 0,
    errorRate: 0,
    daysAgo: [0, 0],
  },
  {
    project: '云栖科创中心',
    stage: 'structure',
    measureKind: 'first',
    inspectionKind: 'third',
    state: 'completed',
    building: 'A 座',
    floors: [1, 2],
    households: 2,
    device: 'DEMO-S01',
    surveyors: ['measure@example.com'],
    done: 1,
    errorRate: 0.1,
    daysAgo: [27, 21],
    scans: true,
  },
  {
    project: '云栖科创中心',
    stage: 'plaster',
    measureKind: 'first',
    inspectionKind: 'self',
    state: 'uploaded',
    building: 'A 座',
    floors: [3, 3],
    households: 3,
    device: 'DEMO-S01',
    surveyors: ['measure@example.com'],
    done: 1,
    errorRate: 0.06,
    daysAgo: [11, 8],
  },
  {
    project: '云栖科创中心',
    stage: 'masonry',
    measureKind: 'first',
    inspectionKind: 'self',
    state: 'inProgress',
    building: 'A 座',
    floors: [4, 4],
    households: 3,
    device: 'DEMO-R01',
    surveyors: [],
    done: 0.6,
    errorRate: 0.15,
    daysAgo: [4, 1],
  },
  {
    project: '云栖科创中心',
    stage: 'structure',
    measureKind: 'first',
    inspectionKind: 'third',
    state: 'pending',
    building: 'A 座',
    floors: [5, 6],
    households: 6,
    device: 'DEMO-S01',
    surveyors: [],
    done: 0,
    errorRate: 0,
    daysAgo: [0, 0],
  },
];

/** The source a task's results carry: its device's kind, or manual entry on the web. */
export const sourceOf = (task: DemoTask): ResultBatch['Source'] =>
  task.device === null ? 'manual' : task.device.startsWith('DEMO-S') ? 'scanner' : 'robot';
