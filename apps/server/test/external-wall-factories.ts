import type { ResultSite } from '@measure/contract';
import { and, eq } from 'drizzle-orm';
import type { FrozenItem } from '../src/db/json-types.ts';
import {
  companies,
  projectBuildings,
  siteReadings,
  taskFacadeSides,
  taskHouseholds,
  taskSites,
  tasks,
} from '../src/db/schema.ts';
import { judgeReading, siteCounts } from '../src/modules/results/judge-readings.ts';
import type { TestApp } from './app.ts';

export const setExternalWall = (t: TestApp, companyId: string, on: boolean) =>
  t.db.update(companies).set({ enabledExternalWall: on }).where(eq(companies.id, companyId));

export interface FacadeSidePlan {
  Side: string;
  Name?: string | null;
  WidthM: number;
}

/**
 * Turns a task made through AddTask (so its standard is frozen as in production) into an
 * external-wall task of `buildingNumber`: its sides and floor band, no households. Stands in for
 * AddTask with `TaskKind: "externalWall"` until the tasks module plans them.
 */
export async function makeExternalWallTask(
  t: TestApp,
  taskId: string,
  plan: { buildingNumber: string; sides: readonly FacadeSidePlan[]; floorFrom: number; floorTo: number },
): Promise<void> {
  const [task] = await t.db
    .select({ companyId: tasks.companyId, projectId: tasks.projectId })
    .from(tasks)
    .where(eq(tasks.id, taskId));
  if (!task) throw new Error(`no task ${taskId}`);
  const [building] = await t.db
    .select({ id: projectBuildings.id })
    .from(projectBuildings)
    .where(
      and(
        eq(projectBuildings.projectId, task.projectId),
        eq(projectBuildings.buildingNumber, plan.buildingNumber),
      ),
    );
  if (!building) throw new Error(`no building ${plan.buildingNumber}`);
  await t.db.transaction(async (tx) => {
    await tx.delete(taskHouseholds).where(eq(taskHouseholds.taskId, taskId));
    await tx
      .update(tasks)
      .set({
        taskKind: 'externalWall',
        buildingId: building.id,
        floorFrom: plan.floorFrom,
        floorTo: plan.floorTo,
        householdCount: 0,
      })
      .where(eq(tasks.id, taskId));
    await tx.insert(taskFacadeSides).values(
      plan.sides.map((side, index) => ({
        companyId: task.companyId,
        taskId,
        sideIndex: index,
        side: side.Side,
        name: side.Name ?? null,
        widthM: side.WidthM,
      })),
    );
  });
}

/** A facade panel as a device sends it (measurement-api.md section 9). */
export type FacadeSite = ResultSite & { Side: string; X0: number; X1: number; Z0: number; Z1: number };

/**
 * Stores facade panels of an external-wall task as the results module would (judged with the task's
 * frozen items, one row per site and per reading), writing the rows directly. Stands in for a device
 * results batch until the results module takes facade sites.
 */
export async function storeFacadePanels(
  t: TestApp,
  taskId: string,
  sites: readonly FacadeSite[],
): Promise<void> {
  const [task] = await t.db
    .select({ companyId: tasks.companyId, standard: tasks.standard, buildingId: tasks.buildingId })
    .from(tasks)
    .where(eq(tasks.id, taskId));
  if (!task?.buildingId) throw new Error(`no external-wall task ${taskId}`);
  const [building] = await t.db
    .select({ number: projectBuildings.buildingNumber })
    .from(projectBuildings)
    .where(eq(projectBuildings.id, task.buildingId));
  const items = new Map<string, FrozenItem>(task.standard.Items.map((item) => [item.Code, item]));
  await t.db.transaction(async (tx) => {
    for (const site of sites) {
      const readings = site.Readings.map((reading) => {
        const item = items.get(reading.ItemCode);
        if (!item) throw new Error(`item ${reading.ItemCode} not in the task`);
        const valid = reading.Values.map(() => true);
        const design = item.Mode === 'deviation' ? (reading.DesignValue ?? null) : null;
        const judged = judgeReading(item, reading.Values, valid, design);
        return {
          companyId: task.companyId,
          taskId,
          pointIndex: site.PointIndex,
          itemCode: item.Code,
          vals: reading.Values,
          judged: judged.judged,
          grades: judged.grades,
          valid,
          designValue: design,
          qualified: judged.qualified,
          warning: judged.warning,
          unqualified: judged.unqualified,
          exploded: judged.exploded,
          unjudged: judged.unjudged,
          readings: reading.Values.length,
        };
      });
      const counts = siteCounts(readings);
      const measuredAt = new Date(site.MeasuredAt ?? Date.now());
      await tx.insert(taskSites).values({
        companyId: task.companyId,
        taskId,
        pointIndex: site.PointIndex,
        buildingId: task.buildingId as string,
        buildingNumber: building?.number ?? site.BuildingNumber,
        floor: site.Floor,
        household: null,
        side: site.Side,
        x0: site.X0,
        x1: site.X1,
        z0: site.Z0,
        z1: site.Z1,
        name: site.Name ?? `${site.Side} #${site.PointIndex}`,
        surface: 'facade',
        measuredAt,
        day: measuredAt.toISOString().slice(0, 10),
        source: 'robot',
        explodedSite: counts.explodedSites > 0,
        qualified: counts.qualified,
        warning: counts.warning,
        unqualified: counts.unqualified,
        exploded: counts.exploded,
        unjudged: counts.unjudged,
        readings: readings.reduce((sum, row) => sum + row.readings, 0),
      });
      if (readings.length > 0) await tx.insert(siteReadings).values(readings);
    }
  });
}
