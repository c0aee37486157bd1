import { readFile } from 'node:fs/promises';
import { apiRoutes, type MeasureItemInput } from '@measure/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureItems, projectStandards } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk } from '../../../test/call-route.ts';
import { buildCompany, buildUser } from '../../../test/factories.ts';
import { buildFacadeTask, setExternalWall } from '../../../test/facade-factories.ts';
import { buildPlannedProject } from '../../../test/task-factories.ts';

/** Issue 33: the library's External flag, the default outer-wall items and their backfill (migration ew-core). */
let t: TestApp;
afterAll(async () => t.close());
beforeAll(async () => {
  t = await createTestApp();
});

/** The hand-written statements of the ew-core migration (everything it holds), run again. */
async function runBackfill(): Promise<void> {
  const file = await readFile(new URL('../../../drizzle/0030_ew-core.sql', import.meta.url), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
}

const libraryOf = (companyId: string) =>
  t.db
    .select({ code: measureItems.code, external: measureItems.external, stage: measureItems.stage })
    .from(measureItems)
    .where(eq(measureItems.companyId, companyId));

describe('external-wall items', () => {
  it('seeds new companies with the outer-wall items marked External; an update without the flag keeps it', async () => {
    const companyId = (await buildCompany(t)).id;
    const admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
    const rows = await callRouteOk(t.app, apiRoutes.standards.getList, {}, { as: admin });
    expect(rows.filter((row) => row.External).map((row) => [row.Code, row.Stage])).toEqual([
      ['EW-ST-01', 'structure'],
      ['EW-ST-02', 'structure'],
      ['EW-PL-01', 'plaster'],
      ['EW-PL-02', 'plaster'],
    ]);
    const flatness = rows.find((row) => row.Code === 'EW-ST-01');
    expect(flatness?.Standards[0]).toMatchObject({ Left: 0, Right: 8 });
    const { External: _external, ...input } = flatness as NonNullable<typeof flatness>;
    const [saved] = await callRouteOk(
      t.app,
      apiRoutes.standards.update,
      { Classes: [{ ...input, NameZh: '外墙表面平整度' } as MeasureItemInput] },
      { as: admin },
    );
    expect([saved?.NameZh, saved?.External]).toEqual(['外墙表面平整度', true]);
    const [plain] = await callRouteOk(
      t.app,
      apiRoutes.standards.update,
      { Classes: [{ ...input, External: false } as MeasureItemInput] },
      { as: admin },
    );
    expect(plain?.External).toBe(false);
  });

  it('backfills companies that lack them, and their project copies, once', async () => {
    const companyId = (await buildCompany(t)).id;
    const planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
    await setExternalWall(t, companyId);
    // A company from before issue 33: no external items; one of its own already named like one.
    await t.db
      .delete(measureItems)
      .where(and(eq(measureItems.companyId, companyId), eq(measureItems.external, true)));
    await t.db
      .update(measureItems)
      .set({ nameEn: 'Outer-wall render flatness' })
      .where(and(eq(measureItems.companyId, companyId), eq(measureItems.code, 'PL-01')));
    const projectId = await buildPlannedProject(t, { companyId, stories: 4, households: 1 });
    const refused = await callRouteOk(
      t.app,
      apiRoutes.projectStandards.getStageStandard,
      { projectId, supportCraft: 'structure' },
      { as: planner },
    );
    expect(refused.some((item) => item.External)).toBe(false);

    await runBackfill();
    await runBackfill();
    const library = await libraryOf(companyId);
    expect(
      library
        .filter((row) => row.external)
        .map((row) => row.code)
        .sort(),
    ).toEqual(['EW-PL-02', 'EW-ST-01', 'EW-ST-02']);
    const copies = await t.db
      .select({ stage: projectStandards.stage, classes: projectStandards.classes })
      .from(projectStandards)
      .where(eq(projectStandards.projectId, projectId));
    const externalOf = (stage: string) =>
      copies
        .find((copy) => copy.stage === stage)
        ?.classes.filter((item) => item.External)
        .map((item) => [item.Code, item.Enabled, item.Selected]);
    expect(externalOf('structure')).toEqual([
      ['EW-ST-01', true, 0],
      ['EW-ST-02', true, 0],
    ]);
    expect(externalOf('plaster')).toEqual([['EW-PL-02', true, 0]]);
    const taskId = await buildFacadeTask(t, planner, { ProjectId: projectId });
    const task = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: planner });
    expect(task.Items.map((item) => [item.ItemCode, item.Standard.Right])).toEqual([
      ['EW-ST-01', 8],
      ['EW-ST-02', 10],
    ]);
  });
});
