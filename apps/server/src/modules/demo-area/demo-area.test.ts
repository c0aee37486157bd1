import { apiRoutes, ErrorCode } from '@measure/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import { buildCompany, buildProject, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { TEST_PASSWORD_HASH_LOG_N } from '../../../test/template.ts';
import { createObjectStore } from '../../core/storage/create-object-store.ts';
import { companies, projects } from '../../db/schema.ts';
import { ensureDemoArea } from '../../demo/demo-area.ts';
import { PasswordHasher } from '../auth/password-hasher.ts';

/**
 * The demo area (issue 34 item 3): one platform example, the same for every signed-in user of any
 * company, read-only, and apart from every company's own data both ways.
 */
const routes = apiRoutes.demoArea;
let t: TestApp;
let surveyor: BuiltUser;
let otherAdmin: BuiltUser;
let ownProjectId: string;

beforeAll(async () => {
  t = await createTestApp();
  // The demo seed made it in the template; made here when missing, so the test does not rely on that.
  await ensureDemoArea(t.db, new PasswordHasher(TEST_PASSWORD_HASH_LOG_N), createObjectStore(t.config));
  const companyId = (await buildCompany(t)).id;
  surveyor = await buildUser(t, { companyId, roles: ['Surveyor'] });
  ownProjectId = (await buildProject(t, { companyId, name: '自己的项目' })).id;
  otherAdmin = await buildUser(t, { companyId: (await buildCompany(t)).id, roles: ['CompanyAdmin'] });
}, 120_000);
afterAll(async () => t.close());

const demoProject = async (as: BuiltUser) =>
  (await callRouteOk(t.app, routes.getDemoProjectList, {}, { as })).Items;

describe('demo area', () => {
  it('is made once: a second start leaves it alone, and it is one hidden company', async () => {
    const hasher = new PasswordHasher(TEST_PASSWORD_HASH_LOG_N);
    expect(await ensureDemoArea(t.db, hasher, createObjectStore(t.config))).toBe(false);
    const hidden = await t.db.select().from(companies).where(eq(companies.isDemoArea, true));
    expect(hidden.map((row) => row.code)).toEqual(['platform-demo-area']);
  });

  it('lists the example project to any signed-in user, the same for every company', async () => {
    const listed = await demoProject(surveyor);
    expect(listed.map((row) => [row.Name, row.DetailsInfo.map((b) => b.BuildingNumber)])).toEqual([
      ['示例花园（演示）', ['1#']],
    ]);
    expect(await demoProject(otherAdmin)).toEqual(listed);
    expect((await callRoute(t.app, routes.getDemoProjectList, {})).Code).toBe(ErrorCode.Unauthorized);
  });

  it('shows its tasks and a task in full: readings, figures and scans', async () => {
    const [project] = await demoProject(surveyor);
    const tasks = await callRouteOk(
      t.app,
      routes.getDemoTaskList,
      { ProjectId: project?.ProjectId ?? '' },
      { as: surveyor },
    );
    expect(tasks.Items.map((task) => [task.Stage, task.State]).sort()).toEqual([
      ['masonry', 'uploaded'],
      ['plaster', 'completed'],
      ['plaster', 'inProgress'],
    ]);
    const completed = tasks.Items.find((task) => task.State === 'completed');
    const detail = await callRouteOk(
      t.app,
      routes.getDemoTask,
      { TaskId: completed?.TaskId ?? '' },
      { as: surveyor },
    );
    // Floors 1-2, two households each, 4 rooms x 4 walls per household (demo-plan.ts).
    expect(detail.Sites.length).toBeGreaterThan(8);
    expect(detail.Figures.Total).toBeGreaterThan(0);
    expect(new Set(detail.Scans.map((scan) => scan.Kind))).toEqual(new Set(['pointcloud', 'model']));
    const site = await callRouteOk(
      t.app,
      routes.getDemoSite,
      { TaskId: detail.TaskId, PointIndex: detail.Sites[0]?.PointIndex ?? 0 },
      { as: otherAdmin },
    );
    expect(site.Readings.length).toBeGreaterThan(0);
  });

  it("keeps the demo data out of a company's own pages, and a company's data out of the demo area", async () => {
    const [project] = await demoProject(surveyor);
    const demoProjectId = project?.ProjectId ?? '';
    const own = await callRouteOk(t.app, apiRoutes.projects.getPage, {}, { as: otherAdmin });
    expect(own.Items.map((row) => row.ProjectId)).not.toContain(demoProjectId);
    const foreign = await callRoute(
      t.app,
      apiRoutes.tasks.getTaskList,
      { ProjectId: demoProjectId },
      { as: otherAdmin },
    );
    expect([foreign.Code, foreign.Result.Items]).toEqual([0, []]);
    const leak = await callRoute(
      t.app,
      routes.getDemoTaskList,
      { ProjectId: ownProjectId },
      { as: surveyor },
    );
    expect(leak.Code).toBe(ErrorCode.NotFound);
    const [stored] = await t.db.select().from(projects).where(eq(projects.id, demoProjectId));
    const [company] = await t.db
      .select()
      .from(companies)
      .where(eq(companies.id, stored?.companyId ?? ''));
    expect(company?.isDemoArea).toBe(true);
  });
});
