import {
  type AnalysisFilter,
  apiRoutes,
  type Figures,
  type InspectionKind,
  type MeasureKind,
  type ResultSite,
  type Stage,
  type WorkPackage,
} from '@measure/contract';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { callRouteOk, callRouteResponse, type Caller } from './call-route.ts';
import { emptyTally, figuresOfTally, type JudgedItem, tally } from './recompute.ts';
import { buildTask } from './task-factories.ts';

/**
 * The analysis tests' readings: tasks made and measured through the API, every site remembered with
 * what the analysis filters look at, and the tests' own figures of the sites a filter selects.
 */

/** Where a site is and what it was measured for. */
export interface SentPlace {
  building: string;
  floor: number;
  /**
   * The reading day (Asia/Shanghai); the site is stamped at the day's first moment there, so a site
   * of today is never in the future (noon there is, before noon: the server refuses such a time).
   */
  day: string;
  /** The values of each item; default: `values(code)` of the task. */
  values?: number[];
}

export interface SentSite {
  projectId: string;
  stage: Stage;
  inspectionKind: InspectionKind;
  measureKind: MeasureKind;
  building: string;
  floor: number;
  day: string;
  items: JudgedItem[];
  site: ResultSite;
  cancelled: boolean;
}

export interface AnalysisTaskSpec {
  projectId: string;
  stage: Stage;
  inspectionKind: InspectionKind;
  measureKind?: MeasureKind;
  codes: string[];
  places: SentPlace[];
  cancel?: boolean;
}

/**
 * Makes a task of household 1 at each place, sends one robot site per place (every code measured),
 * cancels it when asked, and answers the sites as sent.
 */
export async function measureTask(
  t: TestApp,
  planner: Caller,
  device: { id: string; key: string },
  spec: AnalysisTaskSpec,
  values: (code: string) => number[],
): Promise<SentSite[]> {
  const places = [...new Set(spec.places.map((place) => `${place.building}|${place.floor}`))];
  const taskId = await buildTask(t, planner, {
    ProjectId: spec.projectId,
    Stage: spec.stage,
    InspectionKind: spec.inspectionKind,
    MeasureKind: spec.measureKind ?? 'first',
    Households: places.map((key) => {
      const [building, floor] = key.split('|') as [string, string];
      return { BuildingNumber: building, Floor: Number(floor), Household: 1 };
    }),
    ItemCodes: spec.codes,
    DeviceGuid: device.id,
  });
  const headers = { authorization: `Device ${device.key}` };
  const work: WorkPackage = await callRouteOk(
    t.app,
    apiRoutes.taskDevice.workPackage,
    { TaskId: taskId },
    { headers },
  );
  const sites: ResultSite[] = spec.places.map((place, index) => ({
    PointIndex: index + 1,
    BuildingNumber: place.building,
    Floor: place.floor,
    Household: 1,
    Name: `墙 ${index + 1}`,
    AreaM2: 8,
    MeasuredAt: `${place.day}T00:00:00+08:00`,
    Readings: spec.codes.map((code) => ({ ItemCode: code, Values: place.values ?? values(code) })),
  }));
  const answer = await callRouteResponse(
    t.app,
    apiRoutes.resultsDevice.results,
    { TaskId: taskId, Source: 'robot', Sites: sites } as never,
    { headers: { ...headers, 'idempotency-key': `k-${taskId}` } },
  );
  expect(answer.body.Code, JSON.stringify(answer.body)).toBe(0);
  if (spec.cancel) await callRouteOk(t.app, apiRoutes.tasks.cancelTask, { TaskId: taskId }, { as: planner });
  return spec.places.map((place, index) => ({
    projectId: spec.projectId,
    stage: spec.stage,
    inspectionKind: spec.inspectionKind,
    measureKind: spec.measureKind ?? 'first',
    building: place.building,
    floor: place.floor,
    day: place.day,
    items: work.Items,
    site: sites[index]!,
    cancelled: spec.cancel ?? false,
  }));
}

/** The analysis filters the recomputation knows. */
export type SentFilter = Partial<
  Pick<
    AnalysisFilter,
    'ProjectId' | 'Stage' | 'InspectionKind' | 'MeasureKind' | 'ItemCodes' | 'StartDate' | 'EndDate'
  >
>;

/**
 * The tests' own figures of the sites a filter (and `where`) selects, cancelled tasks left out; with
 * items only those readings, a site counting once per item measured there.
 */
export function expectedFigures(
  sent: readonly SentSite[],
  filter: SentFilter,
  where: (row: SentSite) => boolean = () => true,
): Figures {
  const codes = filter.ItemCodes?.map((code) => code.toLowerCase());
  const counts = emptyTally();
  for (const row of sent) {
    if (row.cancelled || !where(row)) continue;
    if (filter.ProjectId && row.projectId !== filter.ProjectId) continue;
    if (filter.Stage && row.stage !== filter.Stage) continue;
    if (filter.InspectionKind && row.inspectionKind !== filter.InspectionKind) continue;
    if (filter.MeasureKind && row.measureKind !== filter.MeasureKind) continue;
    if (filter.StartDate && row.day < filter.StartDate) continue;
    if (filter.EndDate && row.day > filter.EndDate) continue;
    if (!codes) {
      tally(row.items, [row.site], counts);
      continue;
    }
    for (const reading of row.site.Readings.filter((r) => codes.includes(r.ItemCode.toLowerCase()))) {
      tally(row.items, [{ ...row.site, Readings: [reading] }], counts);
    }
  }
  return figuresOfTally(counts);
}
