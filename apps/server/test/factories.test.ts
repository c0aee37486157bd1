import { apiRoutes } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { callRoute, callRouteResponse } from './call-route.ts';
import {
  assignHouseType,
  buildAdmin,
  buildAlgorithmTemplate,
  buildCompany,
  buildDesignTemplate,
  buildHouseType,
  buildMeasureItem,
  buildProject,
  buildSiteType,
  buildUser,
} from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('factories', () => {
  it('builds a signed-in user of a new company, with unique defaults', async () => {
    const [a, b] = await Promise.all([buildUser(t), buildUser(t)]);
    expect(a.companyId).not.toBe(b.companyId);
    expect(a.email).not.toBe(b.email);
    expect(a.phone).not.toBe(b.phone);
    const me = await callRoute(t.app, apiRoutes.account.getSelf, undefined, { as: a });
    expect(me.Code).toBe(0);
    expect(me.Result).toMatchObject({ Email: a.email, RoleNameList: ['Surveyor'] });
  });

  it('builds a project with buildings and staff that the staff can read', async () => {
    const company = await buildCompany(t);
    const pm = await buildUser(t, { companyId: company.id, roles: ['ProjectAdmin'] });
    const project = await buildProject(t, {
      companyId: company.id,
      buildings: [
        { number: 'A', stories: 3, households: 2 },
        { number: 'B', stories: 5, households: 1 },
      ],
      staff: [pm],
    });
    expect(project).toMatchObject({ companyId: company.id, BuildingCount: 2, UserIds: [pm.id] });
    const buildings = await callRoute(
      t.app,
      apiRoutes.projects.getProjectBuilding,
      { ProjectId: project.id },
      { as: pm },
    );
    expect(buildings.Code).toBe(0);
    const stranger = await buildAdmin(t);
    const denied = await callRouteResponse(
      t.app,
      apiRoutes.projects.getProjectBuilding,
      { ProjectId: project.id },
      { as: stranger, lang: 'en-US' },
    );
    expect(denied.body.Code).toBe(404);
  });

  it('builds house types, site types, assignments, measure items and templates', async () => {
    const project = await buildProject(t);
    const houseType = await buildHouseType(t, { projectId: project.id, name: '一号户型' });
    expect(houseType).toMatchObject({ ProjectId: project.id, Name: '一号户型', MapType: 'image' });
    const siteType = await buildSiteType(t, { projectId: project.id, name: '客厅' });
    expect(siteType).toMatchObject({ Name: '客厅', ProjectId: project.id });
    const assigned = await assignHouseType(t, {
      projectId: project.id,
      houseMapId: houseType.HouseMapId,
      floorFrom: 1,
      floorTo: 2,
    });
    expect(assigned.Assigned).toBe(8);
    const item = await buildMeasureItem(t, { companyId: project.companyId, code: 'T-1' });
    expect(item).toMatchObject({ Code: 'T-1', Mode: 'deviation' });
    const template = await buildDesignTemplate(t, { projectId: project.id, items: { 'PL-05': 1200 } });
    expect(template.Items).toEqual([expect.objectContaining({ Code: 'PL-05', DesignValue: 1200 })]);
    const algorithm = await buildAlgorithmTemplate(t, { companyId: project.companyId });
    expect(algorithm).toMatchObject({ ProjectId: null, list: [expect.objectContaining({ Value: 10 })] });
  });
});

describe('callRoute', () => {
  it('sends query input as a query string and path parameters in the path', async () => {
    const admin = await buildAdmin(t);
    const project = await buildProject(t, { companyId: admin.companyId });
    const copies = await callRoute(
      t.app,
      apiRoutes.projectStandards.getListByProject,
      { ProjectGuid: project.id },
      { as: admin },
    );
    expect(copies.Code).toBe(0);
    expect(copies.Result.length).toBeGreaterThan(0);
    const tree = await callRoute(t.app, apiRoutes.orgs.getOrgTree, undefined, { as: admin });
    const root = tree.Result[0];
    expect(root).toBeDefined();
    const users = await callRoute(t.app, apiRoutes.orgs.subUsers, { id: root?.OrgId ?? '' }, { as: admin });
    expect(users.Result.map((user) => user.Email)).toContain(admin.email);
  });

  it('answers 401 without a caller and in the language asked for', async () => {
    const answer = await callRouteResponse(t.app, apiRoutes.account.getSelf, undefined, { lang: 'en-US' });
    expect(answer.status).toBe(401);
    expect(answer.body.Message).toMatch(/sign in/i);
  });
});
