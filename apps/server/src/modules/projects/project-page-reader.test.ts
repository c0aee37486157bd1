import { apiRoutes, type ProjectRow } from '@measure/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk } from '../../../test/call-route.ts';
import {
  buildAdmin,
  buildCompany,
  buildProject,
  buildUser,
  type BuiltUser,
} from '../../../test/factories.ts';

// The project list keeps rows it has read in memory and checks their versions on every call
// (project-page-repository.ts): whatever changes a project, through either of two instances on one
// database or behind the application's back, shows in the very next page of both.
let a: TestApp;
let b: TestApp;
let admin: BuiltUser;
let surveyor: BuiltUser;
let projectId = '';
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ sameDatabaseAs: a });
  const companyId = (await buildCompany(a)).id;
  admin = await buildAdmin(a, { companyId });
  surveyor = await buildUser(a, { companyId, roles: ['Surveyor'] });
  projectId = (
    await buildProject(a, {
      companyId,
      name: '版本一期',
      buildings: [{ number: '1#', stories: 6, households: 2 }],
      as: admin,
    })
  ).id;
  await buildProject(a, { companyId, name: '版本二期', as: admin });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const rowIn = async (t: TestApp): Promise<ProjectRow | undefined> => {
  const page = await callRouteOk(
    t.app,
    apiRoutes.projects.getPage,
    { PageSize: 10, CurrentPage: 1 },
    { as: admin },
  );
  return page.Items.find((item) => item.ProjectId === projectId);
};

/** Both instances answer the same row (each read it at least once before the change). */
const bothShow = async (check: (row: ProjectRow) => void) => {
  for (const t of [a, b]) {
    const row = await rowIn(t);
    expect(row).toBeDefined();
    check(row!);
  }
};

it('shows a rename, new buildings, staff and publishing made on the other instance at once', async () => {
  await bothShow((row) => expect(row.Name).toBe('版本一期'));

  await callRouteOk(
    b.app,
    apiRoutes.projects.update,
    {
      ProjectId: projectId,
      Name: '版本一期（改）',
      DetailsInfo: [
        { BuildingNumber: '1#', Stories: 6, Households: 2, DeliveryStandard: 'fine' },
        { BuildingNumber: '2#', Stories: 9, Households: 3, DeliveryStandard: 'none' },
      ],
    },
    { as: admin },
  );
  await bothShow((row) => {
    expect(row.Name).toBe('版本一期（改）');
    expect(row.DetailsInfo.map((building) => building.BuildingNumber)).toEqual(['1#', '2#']);
    expect(row.BuildingCount).toBe(2);
  });

  await callRouteOk(
    b.app,
    apiRoutes.projects.saveProjectUser,
    { ProjectId: projectId, UserIds: [surveyor.id] },
    { as: admin },
  );
  await bothShow((row) => expect(row.UserIds).toEqual([surveyor.id]));

  await callRouteOk(a.app, apiRoutes.projects.publishProject, { ProjectId: projectId }, { as: admin });
  await bothShow((row) => {
    expect(row.IsPublished).toBe(true);
    expect(row.PublishTime).not.toBeNull();
  });
});

it('shows a change made in the database directly, and drops a deleted project from the page', async () => {
  await a.db.execute(sql`update projects set address = '直接改的地址' where id = ${projectId}`);
  await bothShow((row) => expect(row.Address).toBe('直接改的地址'));

  await a.db.execute(sql`delete from projects where id = ${projectId}`);
  for (const t of [a, b]) {
    const page = await callRouteOk(
      t.app,
      apiRoutes.projects.getPage,
      { PageSize: 10, CurrentPage: 1 },
      { as: admin },
    );
    expect(page.Items.map((item) => item.Name)).toEqual(['版本二期']);
    expect(page.Total).toBe(1);
  }
});
