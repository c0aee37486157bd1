import { apiRoutes, ErrorCode } from '@measure/contract';
import { wallPicture } from '@measure/robot/picture';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import { buildCompany, buildProject, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { TEST_PASSWORD_HASH_LOG_N } from '../../../test/template.ts';
import { createObjectStore } from '../../core/storage/create-object-store.ts';
import { companies, projects } from '../../db/schema.ts';
import { ensureDemoArea } from '../../demo/demo-area.ts';
import { PasswordHasher } from '../auth/password-hasher.ts';
import { DeviceFileStore } from '../results/device-file-store.ts';

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
  await restoreDemoPictures();
}, 120_000);

/**
 * The template's files are dropped (each test app has its own empty DATA_DIR): the demo area's
 * pictures are put back into this app's store, as the demo seed's generator makes them.
 */
async function restoreDemoPictures() {
  const objects = createObjectStore(t.config);
  const files = await t.db.execute<{ id: string }>(sql`
    select f.id from device_files f join companies c on c.id = f.company_id
    where c.is_demo_area and f.kind = 'picture'`);
  const picture = await wallPicture(3, 1);
  for (const { id } of files.rows) await objects.put(new DeviceFileStore(objects).keyOf(id), picture);
}
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
    expect(tasks.Items.map((task) => [task.TaskKind, task.Stage, task.State]).sort()).toEqual([
      ['externalWall', 'plaster', 'completed'],
      ['indoor', 'masonry', 'uploaded'],
      ['indoor', 'plaster', 'completed'],
      ['indoor', 'plaster', 'inProgress'],
    ]);
    const completed = tasks.Items.find((task) => task.State === 'completed' && task.TaskKind === 'indoor');
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

/** The demo area's tasks, as a company's user lists them. */
async function demoTasks(as: BuiltUser) {
  const [project] = await demoProject(as);
  const page = { ProjectId: project?.ProjectId ?? '' };
  return (await callRouteOk(t.app, routes.getDemoTaskList, page, { as })).Items;
}

/** Reads a demo picture by its address, as `as`. */
const fetchPicture = (url: string, as: BuiltUser) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${as.token}` } });

/** The envelope's Code of a refused file read. */
const codeOf = (answer: { json: () => unknown }) => (answer.json() as { Code: number }).Code;

/** What the demo area holds, counted in the database (reads must leave it as it is). */
async function demoCounts() {
  const result = await t.db.execute<{ sites: number; readings: number; changes: number; files: number }>(sql`
    select (select count(*)::int from task_sites s join companies c on c.id = s.company_id where c.is_demo_area) as sites,
      (select count(*)::int from site_readings r join companies c on c.id = r.company_id where c.is_demo_area) as readings,
      (select count(*)::int from site_changes x join companies c on c.id = x.company_id where c.is_demo_area) as changes,
      (select count(*)::int from device_files f join companies c on c.id = f.company_id where c.is_demo_area) as files`);
  return result.rows[0];
}

describe('demo area pictures and external wall', () => {
  it('gives every demo site a wall picture that any signed-in user of any company reads, plain and annotated', async () => {
    const completed = (await demoTasks(otherAdmin)).find(
      (task) => task.State === 'completed' && task.TaskKind === 'indoor',
    );
    const detail = await callRouteOk(
      t.app,
      routes.getDemoTask,
      { TaskId: completed?.TaskId ?? '' },
      { as: surveyor },
    );
    const pointIndex = detail.Sites[0]?.PointIndex ?? 0;
    for (const as of [surveyor, otherAdmin]) {
      const site = await callRouteOk(
        t.app,
        routes.getDemoSite,
        { TaskId: detail.TaskId, PointIndex: pointIndex },
        { as },
      );
      expect(site.Editable).toBe(false);
      expect(site.Pictures).toHaveLength(1);
      const [picture] = site.Pictures;
      const base = `/api/ms/DemoArea/Picture/${detail.TaskId}/${pointIndex}/${picture?.FileId}`;
      expect([picture?.Url, picture?.AnnotatedUrl]).toEqual([base, `${base}?Annotated=true`]);
      for (const url of [base, `${base}?Annotated=true`]) {
        const answer = await fetchPicture(url, as);
        expect([answer.statusCode, answer.headers['content-type']]).toEqual([200, 'image/png']);
        // A PNG's signature.
        expect(answer.rawPayload.subarray(0, 4).toString('hex')).toBe('89504e47');
      }
      // The company route stays the company's: the demo picture is not another company's to read there.
      const own = await fetchPicture(base.replace('/DemoArea/Picture/', '/Task/Picture/'), as);
      expect(codeOf(own)).toBe(ErrorCode.NotFound);
    }
    // A file the demo site does not name, and no session: refused.
    const site = `/api/ms/DemoArea/Picture/${detail.TaskId}/${pointIndex}`;
    expect(codeOf(await fetchPicture(`${site}/not-a-file`, surveyor))).toBe(ErrorCode.NotFound);
    expect(codeOf(await t.app.inject({ method: 'GET', url: `${site}/x` }))).toBe(ErrorCode.Unauthorized);
  });

  it('shows the demo external wall per side to any signed-in user: every panel, one scanned', async () => {
    const wall = (await demoTasks(surveyor)).find((task) => task.TaskKind === 'externalWall');
    const elevation = await callRouteOk(
      t.app,
      routes.getDemoExternalWall,
      { TaskId: wall?.TaskId ?? '' },
      { as: otherAdmin },
    );
    expect([elevation.BuildingNumber, elevation.FloorFrom, elevation.FloorTo]).toEqual(['1#', 1, 3]);
    expect(elevation.Sides.map((side) => [side.Side, side.WidthM])).toEqual([
      ['N', 18.6],
      ['E', 10.2],
      ['S', 18.6],
      ['W', 10.2],
    ]);
    const detail = await callRouteOk(
      t.app,
      routes.getDemoTask,
      { TaskId: wall?.TaskId ?? '' },
      { as: surveyor },
    );
    const panels = elevation.Sides.flatMap((side) => side.Panels);
    expect(panels.map((panel) => panel.PointIndex).sort((a, b) => a - b)).toEqual(
      detail.Sites.map((site) => site.PointIndex).sort((a, b) => a - b),
    );
    // One panel's cloud; once processed (ready, as the worker leaves it) that panel shows as scanned.
    expect(detail.Scans.map((scan) => [scan.Kind, scan.Side === null, scan.PointIndex === null])).toEqual([
      ['pointcloud', false, false],
    ]);
    const [scan] = detail.Scans;
    await t.db.execute(sql`update scans set status = 'ready' where id = ${scan?.ScanId ?? ''}`);
    const processed = await callRouteOk(
      t.app,
      routes.getDemoExternalWall,
      { TaskId: wall?.TaskId ?? '' },
      { as: otherAdmin },
    );
    expect(
      processed.Sides.flatMap((side) =>
        side.Panels.filter((panel) => panel.Scanned).map((panel) => [side.Side, panel.PointIndex]),
      ),
    ).toEqual([[scan?.Side, scan?.PointIndex]]);
    expect(
      await callRouteOk(t.app, routes.getDemoExternalWall, { TaskId: wall?.TaskId ?? '' }, { as: surveyor }),
    ).toEqual(processed);
    // An indoor demo task is not an external wall; a company's own id is not the demo area's.
    const indoor = (await demoTasks(surveyor)).find((task) => task.TaskKind === 'indoor');
    const notWall = await callRoute(
      t.app,
      routes.getDemoExternalWall,
      { TaskId: indoor?.TaskId ?? '' },
      { as: surveyor },
    );
    expect(notWall.Code).toBe(ErrorCode.BadRequest);
  });

  it('cannot be written through the company routes: a demo site is not found there, and nothing changes', async () => {
    const before = await demoCounts();
    const task = (await demoTasks(otherAdmin)).find((row) => row.State === 'uploaded');
    const detail = await callRouteOk(
      t.app,
      routes.getDemoTask,
      { TaskId: task?.TaskId ?? '' },
      { as: otherAdmin },
    );
    const site = detail.Sites[0];
    const reading = (
      await callRouteOk(
        t.app,
        routes.getDemoSite,
        { TaskId: detail.TaskId, PointIndex: site?.PointIndex ?? 0 },
        { as: otherAdmin },
      )
    ).Readings[0];
    const ref = {
      TaskId: detail.TaskId,
      PointIndex: site?.PointIndex ?? 0,
      ItemCode: reading?.ItemCode ?? '',
    };
    const writes = [
      await callRoute(
        t.app,
        apiRoutes.review.updateRulerSetting,
        { ...ref, RulerIndex: 0, Valid: false },
        { as: otherAdmin },
      ),
      await callRoute(
        t.app,
        apiRoutes.review.updateWallRuler,
        { ...ref, RulerIndex: 0, Value: 1 },
        { as: otherAdmin },
      ),
      await callRoute(t.app, apiRoutes.review.auditTask, { TaskId: detail.TaskId }, { as: otherAdmin }),
      await callRoute(t.app, apiRoutes.tasks.deleteTask, { Ids: [detail.TaskId] }, { as: otherAdmin }),
    ];
    expect(writes.map((answer) => answer.Code)).toEqual([
      ErrorCode.NotFound,
      ErrorCode.NotFound,
      ErrorCode.NotFound,
      ErrorCode.NotFound,
    ]);
    expect(await demoCounts()).toEqual(before);
    expect(Object.values(routes).map((route) => route.path.split('/')[4]?.replace(/^Get/, ''))).toEqual([
      'ProjectList',
      'TaskList',
      'Task',
      'Site',
      'Picture',
      'ExternalWall',
    ]);
  });
});
