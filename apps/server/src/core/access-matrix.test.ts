/**
 * The access matrix (issue 4): every contract route, called as each demo role and as another
 * company's administrator, is allowed or refused exactly as the role map says. The expected access
 * of each route is written out here, not read from the contract, so weakening a route's declared
 * access (or removing a guard) makes this test fail. Then: no cross-company call on an id succeeds.
 */
import {
  apiRoutes,
  ROLE_PERMISSIONS,
  type Access,
  type Envelope,
  type RouteDefinition,
  type Role,
} from '@measure/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  algorithmTemplates,
  designTemplates,
  householdAssignments,
  houseMaps,
  measureItems,
  notificationReads,
  orgs,
  pointTypes,
  projectBuildings,
  projectLogs,
  projects,
  projectStandards,
  projectUsers,
  sessions,
  updateNotifications,
  userImports,
  userRoles,
  users,
} from '../db/schema.ts';
import { call, createTestApp, DEMO, encodeLogin, login, type TestApp } from '../../test/app.ts';
import { importRows, importWorkbook } from '../../test/import-workbook.ts';
import { multipartBody } from '../../test/multipart.ts';
import { pngBytes } from '../../test/plan-files.ts';

/** What each route requires, per spec section 6 and the issue. Keep in step with the contract on purpose. */
const EXPECTED_ACCESS: Record<string, Access> = {
  'system.livez': 'public',
  'system.readyz': 'public',
  'auth.authLogin': 'public',
  'auth.getTokenById': 'public',
  'auth.createLoginTicket': 'authenticated',
  'auth.logout': 'authenticated',
  'account.getSelf': 'authenticated',
  'account.editMe': 'authenticated',
  'account.changePassword': 'authenticated',
  'account.verifyCodeGet': 'public',
  'account.resetPassword': 'public',
  'notifications.getNotification': 'authenticated',
  'notifications.setReaded': 'authenticated',
  'projects.getList': 'authenticated',
  'projects.getPage': 'authenticated',
  'projects.getProjectList': 'authenticated',
  'projects.syncProjectToCloud': 'authenticated',
  'projects.fmsGetList': 'authenticated',
  'projects.add': 'project.create',
  'projects.update': 'project.detail',
  'projects.delete': 'project.delete',
  'projects.publishProject': 'project.publish',
  'projects.getProjectSelectItem': 'authenticated',
  'projects.getProjectForHome': 'authenticated',
  'projects.getProjectBuilding': 'authenticated',
  'projects.getBuildingFloorTreeDataByProjectId': 'authenticated',
  'projects.saveProjectUser': 'project.distribute',
  'projects.saveUserToProject': 'project.distribute',
  'projects.projectLogGetList': 'authenticated',
  'houseMaps.houseMapList': 'authenticated',
  'houseMaps.getHouseMapById': 'authenticated',
  'houseMaps.houseMapUpdate': 'project.detail',
  'houseMaps.fmsAddHouseMap': 'project.detail',
  'houseMaps.houseMapUpdateName': 'project.detail',
  'houseMaps.saveMeasurePoints': 'floorPlan.detailSave',
  'houseMaps.removeHouseMap': 'project.detail',
  'houseMaps.removeHouseMaps': 'project.detail',
  'houseMaps.copyHouseMap': 'project.detail',
  'houseMaps.getHouseMapBase': 'authenticated',
  'houseMaps.downloadDxfById': 'authenticated',
  'houseMaps.getAllPointTypes': 'authenticated',
  'houseMaps.savePointType': 'project.detail',
  'houseMaps.removePointTypes': 'project.detail',
  'houseMaps.getSelectedBuildingFloorByHouseMap': 'authenticated',
  'houseMaps.assignHouseMapToFloors': 'project.detail',
  'houseMaps.unassignHouseMapFromFloors': 'project.detail',
  'orgs.getOrgTree': 'user.view',
  'orgs.getSubOrgs': 'user.view',
  'orgs.subUsers': 'user.view',
  'orgs.create': 'org.manage',
  'orgs.del': 'org.manage',
  'orgs.addUsers': 'org.manage',
  'orgs.removeUsers': 'org.manage',
  'userAdmin.getUserList': 'user.view',
  'userAdmin.getCompanyUserList': 'user.view',
  'userAdmin.getUser': 'user.view',
  'userAdmin.createUser': 'user.create',
  'userAdmin.editUser': 'user.manage',
  'userAdmin.deleteUsers': 'user.manage',
  'userAdmin.updateUserStatus': 'user.manage',
  'userAdmin.resetPassword': 'user.manage',
  'userAdmin.importTemplate': 'user.import',
  'userAdmin.importPreview': 'user.import',
  'userAdmin.importCommit': 'user.import',
  'roles.getRoleList': 'role.view',
  'roles.permissionList': 'permission.view',
  'standards.getList': 'authenticated',
  'standards.getListCondition': 'authenticated',
  'projectStandards.getListByProject': 'authenticated',
  'standards.update': 'standard.modify',
  'standards.deleteItems': 'standard.modify',
  'projectStandards.updateFromBase': 'standard.modify',
  'projectStandards.getProjectStage': 'authenticated',
  'projectStandards.getBuildingCraft': 'authenticated',
  'projectStandards.getStageStandard': 'authenticated',
  'measureRules.getList': 'authenticated',
  'measureRules.update': 'measureRule.manage',
  'projectStandards.getPointTypeDetails': 'authenticated',
  'projectStandards.savePointTypeMeasureItem': 'project.detail',
  'measureTemplates.getMeasureItemTemplate': 'authenticated',
  'measureTemplates.updateMeasureTemplate': 'project.detail',
  'measureTemplates.deleteMeasureTemplate': 'project.detail',
  'measureTemplates.updateHouseTypeTemplate': 'project.detail',
  'measureTemplates.hasMeasureItemInput': 'authenticated',
  'algorithm.getAlgorithmParamTemplateList': 'authenticated',
  'algorithm.getAlgorithmParamTemplateDetail': 'authenticated',
  'algorithm.saveAlgorithmParamTemplateDetail': 'project.detail',
  'algorithm.deleteAlgoTempById': 'project.detail',
  'algorithm.getAlgoTempByProjId': 'authenticated',
  'devices.getDeviceList': 'device.distribute',
  'devices.addDevice': 'device.distribute',
  'devices.updateDevice': 'device.distribute',
  'devices.deleteDevices': 'device.distribute',
  'devices.assignDeviceUser': 'device.distribute',
  'devices.assignDeviceUserBatch': 'device.distribute',
  'devices.deleteDeviceUser': 'device.unbind',
  'devices.getDeviceAssign': 'device.distribute',
  'devices.exportDeviceToExcel': 'device.download',
  'devices.activateDevice': 'device.distribute',
  'devices.deactivateDevice': 'device.distribute',
  'devices.getRobotList': 'device.distribute',
  'deviceApi.heartbeat': 'device',
};

interface Caller {
  key: 'admin' | 'measure' | 'pm' | 'surveyor' | 'otherAdmin';
  login: string;
  password: string;
  role: Role;
  name: string;
}
const CALLERS: Caller[] = [
  { key: 'admin', ...DEMO.admin, role: 'CompanyAdmin', name: '王管理' },
  { key: 'measure', ...DEMO.measure, role: 'MeasureAdmin', name: '李测量' },
  { key: 'pm', ...DEMO.pm, role: 'ProjectAdmin', name: '张项目' },
  { key: 'surveyor', ...DEMO.surveyor, role: 'Surveyor', name: '赵实测' },
  { key: 'otherAdmin', ...DEMO.otherAdmin, role: 'CompanyAdmin', name: '陈管理' },
];

interface Request {
  body?: unknown;
  query?: Record<string, string>;
  params?: Record<string, string>;
  multipart?: { payload: Buffer; headers: Record<string, string> };
  /** Codes a permitted call may answer with this input (default 0 or 404). */
  codes?: number[];
  /** The call ends the session it uses: give it a fresh one. */
  freshSession?: boolean;
}

const random = () => crypto.randomUUID();
let xlsx: Buffer;
let sequence = 0;

/** A valid library item and measure rule (standards routes). */
const matrixItem = (id?: string) => ({
  MeasureItemId: id,
  Code: 'MX-1',
  NameZh: '矩阵项',
  NameEn: 'Matrix item',
  Stage: 'plaster',
  Mode: 'absolute',
  Standards: [{ Name: '普通', Left: 0, Right: 4, WarnLeft: 0, WarnRight: 3 }],
});
const matrixRule = (id: string) => ({
  MeasureItemId: id,
  MinReadings: 1,
  MaxReadings: 5,
  InitialReadings: 2,
  RulerLength: 2000,
  ManualEntry: true,
});

/** A valid minimal input per route; unknown ids make writes answer 404 instead of changing data. */
const SAMPLES: Record<string, (caller: Caller) => Request> = {
  'system.livez': () => ({ codes: [0] }),
  'system.readyz': () => ({ codes: [0] }),
  'auth.authLogin': () => ({
    body: { Email: encodeLogin('nobody@example.com'), Password: encodeLogin('Wrong@12345') },
    codes: [400],
  }),
  'auth.getTokenById': () => ({ body: { Id: 'not-a-ticket' }, codes: [400] }),
  'auth.createLoginTicket': () => ({ codes: [0] }),
  'auth.logout': () => ({ codes: [0], freshSession: true }),
  'account.getSelf': () => ({ codes: [0] }),
  'account.editMe': (caller) => ({ body: { Name: caller.name, Email: caller.login }, codes: [0] }),
  'account.changePassword': () => ({
    body: { OldPassword: 'Wrong@12345', NewPassword: 'Better@12345' },
    codes: [400],
  }),
  'account.verifyCodeGet': (caller) => ({
    body: { Email: `nobody.${caller.key}@example.com`, AccountType: 1 },
    codes: [0],
  }),
  'account.resetPassword': () => ({
    body: { Email: 'nobody@example.com', VerifyCode: '123456', AccountType: 1, Password: 'Better@12345' },
    codes: [400],
  }),
  'notifications.getNotification': () => ({ codes: [0] }),
  'notifications.setReaded': () => ({ query: { UpdateNotificationId: random() } }),
  'projects.getList': () => ({ body: {}, codes: [0] }),
  'projects.getPage': () => ({ body: {}, codes: [0] }),
  'projects.getProjectList': () => ({ body: {}, codes: [0] }),
  'projects.syncProjectToCloud': () => ({ body: {}, codes: [0] }),
  'projects.fmsGetList': () => ({ body: {}, codes: [0] }),
  'projects.add': (caller) => ({ body: { Name: `矩阵项目${caller.key}${++sequence}` }, codes: [0] }),
  'projects.update': () => ({ body: { ProjectId: random(), Name: 'x' } }),
  'projects.delete': () => ({ body: { ProjectId: random() } }),
  'projects.publishProject': () => ({ body: { ProjectId: random() } }),
  'projects.getProjectSelectItem': () => ({ codes: [0] }),
  'projects.getProjectForHome': () => ({ codes: [0] }),
  'projects.getProjectBuilding': () => ({ body: { ProjectId: random() } }),
  'projects.getBuildingFloorTreeDataByProjectId': () => ({ body: { id: random() } }),
  'projects.saveProjectUser': () => ({ body: { ProjectId: random(), UserIds: [] } }),
  'projects.saveUserToProject': () => ({ body: { UserId: random(), ProjectIds: [] } }),
  'projects.projectLogGetList': () => ({ query: { ProjectId: random() } }),
  'houseMaps.houseMapList': () => ({ body: {}, codes: [0] }),
  'houseMaps.getHouseMapById': () => ({ body: { id: random() } }),
  'houseMaps.houseMapUpdate': () => ({ body: { ProjectId: random(), Name: 'x', FloorArea: 5 } }),
  'houseMaps.fmsAddHouseMap': () => ({ body: { ProjectId: random(), Name: 'x', FloorArea: 5 } }),
  'houseMaps.houseMapUpdateName': () => ({ body: { HouseMapId: random(), Name: 'x' } }),
  'houseMaps.saveMeasurePoints': () => ({ body: { HouseMapId: random(), MeasurePoints: {} } }),
  'houseMaps.removeHouseMap': () => ({ body: { id: random() } }),
  'houseMaps.removeHouseMaps': () => ({ body: { Ids: [random()] } }),
  'houseMaps.copyHouseMap': () => ({ body: { ProjectId: random(), HouseMapId: random(), Name: 'x' } }),
  'houseMaps.getHouseMapBase': () => ({ body: { id: random() } }),
  'houseMaps.downloadDxfById': () => ({ body: { id: random() } }),
  'houseMaps.getAllPointTypes': () => ({ body: { ProjectGuid: random() } }),
  'houseMaps.savePointType': () => ({ body: { ProjectGuid: random(), Name: 'x' } }),
  'houseMaps.removePointTypes': () => ({ body: { ProjectGuid: random(), Id: random() } }),
  'houseMaps.getSelectedBuildingFloorByHouseMap': () => ({ body: { id: random() } }),
  'houseMaps.assignHouseMapToFloors': () => ({
    body: { ProjectId: random(), HouseMapId: random(), BuildingNumber: '1#', FloorFrom: 1, FloorTo: 1 },
  }),
  'houseMaps.unassignHouseMapFromFloors': () => ({
    body: { ProjectId: random(), BuildingNumber: '1#', FloorFrom: 1, FloorTo: 1 },
  }),
  'orgs.getOrgTree': () => ({ codes: [0] }),
  'orgs.getSubOrgs': () => ({ params: { id: random() } }),
  'orgs.subUsers': () => ({ params: { id: random() } }),
  'orgs.create': (caller) => ({ body: { Name: `矩阵${caller.key}${++sequence}` }, codes: [0] }),
  'orgs.del': () => ({ body: { OrgId: random() } }),
  'orgs.addUsers': () => ({ body: { OrgId: random(), UserIds: [random()] } }),
  'orgs.removeUsers': () => ({ body: { OrgId: random(), UserIds: [random()] } }),
  'userAdmin.getUserList': () => ({ body: { appId: 'x', pageSize: 20, currentPage: 1 }, codes: [0] }),
  'userAdmin.getCompanyUserList': () => ({ codes: [0] }),
  'userAdmin.getUser': () => ({ body: { UserId: random() } }),
  'userAdmin.createUser': (caller) => ({
    body: {
      Email: `matrix.${caller.key}.${++sequence}@example.com`,
      Name: `矩阵用户${sequence}`,
      Password: 'Matrix@2026',
    },
    codes: [0],
  }),
  'userAdmin.editUser': () => ({ body: { UserId: random(), Email: 'x@example.com', Name: 'x' } }),
  'userAdmin.deleteUsers': () => ({ body: { Ids: [random()] } }),
  'userAdmin.updateUserStatus': () => ({ body: { Ids: [random()], Status: 0 } }),
  'userAdmin.resetPassword': () => ({ body: { UserId: random(), Password: 'Matrix@2026' } }),
  'userAdmin.importTemplate': () => ({}),
  'userAdmin.importPreview': () => ({
    multipart: multipartBody([{ name: 'users.xlsx', data: xlsx }]),
    codes: [0],
  }),
  'userAdmin.importCommit': () => ({ body: { ImportId: random(), InitialPassword: 'Matrix@2026' } }),
  'roles.getRoleList': () => ({ body: { pageSize: 20, currentPage: 1 }, codes: [0] }),
  'roles.permissionList': () => ({ codes: [0] }),
  'standards.getList': () => ({ codes: [0] }),
  'standards.getListCondition': () => ({ body: {}, codes: [0] }),
  'projectStandards.getListByProject': () => ({ query: { ProjectGuid: random() } }),
  'standards.update': () => ({ body: { ProjectStandardId: random(), Classes: [matrixItem()] } }),
  'standards.deleteItems': () => ({ body: { Ids: [random()] } }),
  'projectStandards.updateFromBase': () => ({ body: { ProjectGuid: random() } }),
  'projectStandards.getProjectStage': () => ({ query: { projectId: random() } }),
  'projectStandards.getBuildingCraft': () => ({ body: {}, codes: [0] }),
  'projectStandards.getStageStandard': () => ({ body: { projectId: random(), supportCraft: 'plaster' } }),
  'measureRules.getList': () => ({ codes: [0] }),
  'measureRules.update': () => ({ body: matrixRule(random()) }),
  'projectStandards.getPointTypeDetails': () => ({ body: { ProjectGuid: random(), Id: random() } }),
  'projectStandards.savePointTypeMeasureItem': () => ({
    body: { ProjectGuid: random(), Id: random(), MeasureItems: [] },
  }),
  'measureTemplates.getMeasureItemTemplate': () => ({ body: { ProjectGuid: random() } }),
  'measureTemplates.updateMeasureTemplate': () => ({
    body: { ProjectGuid: random(), Name: 'x', Items: [{ MeasureItemId: random(), DesignValue: 1 }] },
  }),
  'measureTemplates.deleteMeasureTemplate': () => ({ body: { ProjectGuid: random(), TemplateId: random() } }),
  'measureTemplates.updateHouseTypeTemplate': () => ({
    body: { HouseMapId: random(), KeyAndName: { Key: random(), Name: 'x' } },
  }),
  'measureTemplates.hasMeasureItemInput': () => ({ body: { ProjectGuid: random() } }),
  'algorithm.getAlgorithmParamTemplateList': () => ({ body: {}, codes: [0] }),
  'algorithm.getAlgorithmParamTemplateDetail': () => ({ query: { guid: random() } }),
  'algorithm.saveAlgorithmParamTemplateDetail': () => ({
    body: { guid: random(), Name: 'x', list: [{ Name: 'p', Value: 1, Min: 0, Max: 2 }] },
  }),
  'algorithm.deleteAlgoTempById': () => ({ query: { id: random() } }),
  'algorithm.getAlgoTempByProjId': () => ({ query: { projectId: random() } }),
  'devices.getDeviceList': () => ({ body: {}, codes: [0] }),
  'devices.addDevice': (caller) => ({ body: { DeviceNumber: `MX-${caller.key}-${++sequence}` }, codes: [0] }),
  'devices.updateDevice': () => ({ body: { DeviceGuid: random(), DeviceNumber: 'MX-0' } }),
  'devices.deleteDevices': () => ({ body: { DeviceGuids: [random()] } }),
  'devices.assignDeviceUser': () => ({
    body: { DeviceGuid: random(), DeviceUserId: random() },
    codes: [400, 404],
  }),
  'devices.assignDeviceUserBatch': () => ({
    body: { DeviceGuids: [random()], DeviceUserId: random() },
    codes: [400, 404],
  }),
  'devices.deleteDeviceUser': () => ({ body: { DeviceGuid: random() } }),
  'devices.getDeviceAssign': () => ({ body: { userId: random() } }),
  'devices.exportDeviceToExcel': () => ({ body: {}, codes: [0] }),
  'devices.activateDevice': () => ({ body: { DeviceGuid: random() } }),
  'devices.deactivateDevice': () => ({ body: { DeviceGuid: random() } }),
  'devices.getRobotList': () => ({ body: {}, codes: [0] }),
  /** The device API takes a device key, never a session: every session caller gets HTTP 401. */
  'deviceApi.heartbeat': () => ({ body: {} }),
};

const contractRoutes = Object.entries(apiRoutes).flatMap(([group, routes]) =>
  Object.entries(routes).map(([name, definition]) => ({
    key: `${group}.${name}`,
    definition: definition as RouteDefinition,
  })),
);

let t: TestApp;
const tokens = new Map<Caller['key'], string>();

async function send(definition: RouteDefinition, request: Request, token: string) {
  let url = definition.path;
  for (const [name, value] of Object.entries(request.params ?? {})) url = url.replace(`:${name}`, value);
  if (request.query) url += `?${new URLSearchParams(request.query).toString()}`;
  if (request.multipart) {
    const response = await t.app.inject({
      method: definition.method,
      url,
      payload: request.multipart.payload,
      headers: { ...request.multipart.headers, authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: response.json<Envelope<unknown>>(), raw: response };
  }
  const response = await t.app.inject({
    method: definition.method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
  const json = response.headers['content-type']?.toString().includes('json');
  return {
    status: response.statusCode,
    body: json ? response.json<Envelope<unknown>>() : { Code: 0, Message: '', Result: null },
    raw: response,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  xlsx = await importWorkbook(importRows(1, 'matrix'));
  for (const caller of CALLERS) tokens.set(caller.key, await login(t.app, caller.login, caller.password));
});
afterAll(async () => t.close());

describe('access matrix', () => {
  it('knows the expected access and a sample input of every contract route', () => {
    expect(contractRoutes.map((route) => route.key).sort()).toEqual(Object.keys(EXPECTED_ACCESS).sort());
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(EXPECTED_ACCESS).sort());
  });

  for (const caller of CALLERS) {
    it(`allows and refuses exactly per the role map as ${caller.key} (${caller.role})`, async () => {
      const permissions: readonly string[] = ROLE_PERMISSIONS[caller.role];
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const { key, definition } of contractRoutes) {
        const access = EXPECTED_ACCESS[key];
        const sample = SAMPLES[key];
        if (!access || !sample) continue;
        const request = sample(caller);
        const token = request.freshSession
          ? await login(t.app, caller.login, caller.password)
          : (tokens.get(caller.key) ?? '');
        const allowed = access === 'public' || access === 'authenticated' || permissions.includes(access);
        const response = await send(definition, request, token);
        const denied = response.status === 401 || response.body.Code === 401 || response.body.Code === 403;
        outcomes.push(`${key}: ${denied ? 'deny' : 'allow'}`);
        expected.push(`${key}: ${allowed ? 'allow' : 'deny'}`);
        if (allowed) {
          expect(response.status, `${key} as ${caller.key}: ${JSON.stringify(response.body)}`).toBeLessThan(
            500,
          );
          expect(
            request.codes ?? [0, 404],
            `${key} as ${caller.key}: ${JSON.stringify(response.body)}`,
          ).toContain(response.body.Code);
        } else if (access === 'device') {
          expect(response.status, key).toBe(401);
        } else {
          expect(response.status, key).toBe(200);
          expect(response.body.Code, key).toBe(403);
        }
      }
      expect(outcomes).toEqual(expected);
    });
  }
});

describe('no cross-company call on an id succeeds', () => {
  /** Everything of the demo company a cross-company call could change. */
  async function snapshot(companyId: string) {
    const [userRows, roleRows, orgRows, sessionRows, reads, imports] = await Promise.all([
      t.db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          phone: users.phone,
          status: users.status,
          orgId: users.orgId,
          hash: users.passwordHash,
          mustChange: users.mustChangePassword,
        })
        .from(users)
        .where(eq(users.companyId, companyId))
        .orderBy(asc(users.id)),
      t.db.select().from(userRoles).where(eq(userRoles.companyId, companyId)).orderBy(asc(userRoles.userId)),
      t.db.select().from(orgs).where(eq(orgs.companyId, companyId)).orderBy(asc(orgs.id)),
      t.db
        .select({ id: sessions.id, revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.companyId, companyId))
        .orderBy(asc(sessions.id)),
      t.db.select().from(notificationReads).where(eq(notificationReads.companyId, companyId)),
      t.db.select({ id: userImports.id }).from(userImports).where(eq(userImports.companyId, companyId)),
    ]);
    const [projectRows, buildingRows, staffRows, mapRows, typeRows, assignmentRows, logRows] =
      await Promise.all([
        t.db.select().from(projects).where(eq(projects.companyId, companyId)).orderBy(asc(projects.id)),
        t.db
          .select()
          .from(projectBuildings)
          .where(eq(projectBuildings.companyId, companyId))
          .orderBy(asc(projectBuildings.id)),
        t.db
          .select()
          .from(projectUsers)
          .where(eq(projectUsers.companyId, companyId))
          .orderBy(asc(projectUsers.projectId), asc(projectUsers.userId)),
        t.db.select().from(houseMaps).where(eq(houseMaps.companyId, companyId)).orderBy(asc(houseMaps.id)),
        t.db.select().from(pointTypes).where(eq(pointTypes.companyId, companyId)).orderBy(asc(pointTypes.id)),
        t.db
          .select()
          .from(householdAssignments)
          .where(eq(householdAssignments.companyId, companyId))
          .orderBy(
            asc(householdAssignments.buildingId),
            asc(householdAssignments.floor),
            asc(householdAssignments.household),
          ),
        t.db
          .select({ id: projectLogs.id })
          .from(projectLogs)
          .where(eq(projectLogs.companyId, companyId))
          .orderBy(asc(projectLogs.id)),
      ]);
    const [itemRows, standardRows, templateRows, algorithmRows] = await Promise.all([
      t.db
        .select()
        .from(measureItems)
        .where(eq(measureItems.companyId, companyId))
        .orderBy(asc(measureItems.id)),
      t.db
        .select()
        .from(projectStandards)
        .where(eq(projectStandards.companyId, companyId))
        .orderBy(asc(projectStandards.id)),
      t.db
        .select()
        .from(designTemplates)
        .where(eq(designTemplates.companyId, companyId))
        .orderBy(asc(designTemplates.id)),
      t.db
        .select()
        .from(algorithmTemplates)
        .where(eq(algorithmTemplates.companyId, companyId))
        .orderBy(asc(algorithmTemplates.id)),
    ]);
    return JSON.stringify({
      itemRows,
      standardRows,
      templateRows,
      algorithmRows,
      userRows,
      roleRows,
      orgRows,
      sessionRows,
      reads,
      imports,
      projectRows,
      buildingRows,
      staffRows,
      mapRows,
      typeRows,
      assignmentRows,
      logRows,
    });
  }

  it('answers 404 to another company’s administrator for every id of the demo company, changing nothing', async () => {
    const [demo] = await t.db.select().from(companies).where(eq(companies.code, 'demo'));
    const companyId = demo?.id ?? '';
    const userId = async (email: string) =>
      (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? '';
    const orgId = async (code: string) =>
      (
        await t.db
          .select({ id: orgs.id })
          .from(orgs)
          .where(sql`${orgs.companyId} = ${companyId} and ${orgs.code} = ${code}`)
      )[0]?.id ?? '';
    const pm = await userId('pm@example.com');
    const surveyor = await userId('surveyor@example.com');
    const hq = await orgId('HQ');
    const east = await orgId('ENG-EAST');
    const [notice] = await t.db
      .insert(updateNotifications)
      .values({
        companyId,
        titleZh: '仅演示公司',
        titleEn: 'Demo only',
        tipsZh: '提示',
        tipsEn: 'Tips',
        contentZh: '内容',
        contentEn: 'Content',
      })
      .returning({ id: updateNotifications.id });
    const adminToken = tokens.get('admin') ?? '';
    const preview = multipartBody([
      { name: 'users.xlsx', data: await importWorkbook(importRows(1, 'cross')) },
    ]);
    const previewResponse = await t.app.inject({
      method: 'POST',
      url: '/api/sys/user/ImportPreview',
      payload: preview.payload,
      headers: { ...preview.headers, authorization: `Bearer ${adminToken}` },
    });
    const importId = previewResponse.json<Envelope<{ ImportId: string }>>().Result.ImportId;
    // A project of the demo company with a house type, a site type and an assignment.
    const [binjiang] = await t.db.select().from(projects).where(eq(projects.name, '滨江花园一期'));
    const projectId = binjiang?.id ?? '';
    const plan = multipartBody([{ name: 'plan.png', data: pngBytes(), type: 'image/png' }], {
      ProjectId: projectId,
      Name: '矩阵户型',
      FloorArea: '88',
    });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/ms/Project/HouseMapUpdate',
      payload: plan.payload,
      headers: { ...plan.headers, authorization: `Bearer ${adminToken}` },
    });
    const houseMapId = uploaded.json<Envelope<{ HouseMapId: string }>>().Result.HouseMapId;
    const pointType = await call<{ Id: string }>(t.app, 'POST', '/api/ms/Project/SavePointType', {
      token: adminToken,
      body: { ProjectGuid: projectId, Name: '客厅' },
    });
    const pointTypeId = pointType.body.Result.Id;
    const assignment = {
      ProjectId: projectId,
      HouseMapId: houseMapId,
      BuildingNumber: '1#',
      FloorFrom: 1,
      FloorTo: 2,
    };
    await call(t.app, 'POST', '/api/ms/Project/AssignHouseMapToFloors', {
      token: adminToken,
      body: assignment,
    });
    // The project's standards (created lazily) and a library item of the demo company.
    await call(t.app, 'GET', `/api/ms/standard/GetListByProject?ProjectGuid=${projectId}`, {
      token: adminToken,
    });
    const [copy] = await t.db
      .select()
      .from(projectStandards)
      .where(eq(projectStandards.projectId, projectId));
    const copyId = copy?.id ?? '';
    const [libraryItem] = await t.db.select().from(measureItems).where(eq(measureItems.companyId, companyId));
    const itemId = libraryItem?.id ?? '';
    const templateList = await call<{ TemplateId: string }[]>(
      t.app,
      'POST',
      '/api/ms/Project/GetMeasureItemTemplate',
      {
        token: adminToken,
        body: { ProjectGuid: projectId },
      },
    );
    const templateId = templateList.body.Result[0]?.TemplateId ?? '';
    const [algorithm] = await t.db
      .select()
      .from(algorithmTemplates)
      .where(eq(algorithmTemplates.companyId, companyId));
    const algorithmId = algorithm?.id ?? '';
    // A live session of the demo user, which disabling or a password reset would end.
    await login(t.app, DEMO.pm.login, DEMO.pm.password);

    const other = tokens.get('otherAdmin') ?? '';
    const before = await snapshot(companyId);
    const attempts: Array<[string, 'GET' | 'POST', string, unknown]> = [
      ['GetUser', 'POST', '/api/sys/User/GetUser', { UserId: pm }],
      ['EditUser', 'POST', '/api/sys/User/EditUser', { UserId: pm, Email: 'pm@example.com', Name: 'Hacked' }],
      ['DeleteUsers', 'POST', '/api/sys/User/DeleteUsers', { Ids: [pm] }],
      ['UpdateUserStatus', 'POST', '/api/sys/User/UpdateUserStatus', { Ids: [pm], Status: 0 }],
      ['UpdateUserStatus', 'POST', '/api/sys/User/UpdateUserStatus', { UserId: surveyor, Status: 0 }],
      ['ResetPassword', 'POST', '/api/sys/User/ResetPassword', { UserId: pm, Password: 'Hacked@12345' }],
      ['SubUsers', 'GET', `/api/sys/SysOrg/SubUsers/${east}`, undefined],
      ['GetSubOrgs', 'GET', `/api/sys/SysOrg/GetSubOrgs/${hq}`, undefined],
      ['Create (rename)', 'POST', '/api/sys/SysOrg/Create', { OrgId: east, Name: 'Hacked' }],
      ['del', 'POST', '/api/sys/SysOrg/del', { OrgId: east }],
      ['AddUsers', 'POST', '/api/sys/SysOrg/AddUsers', { OrgId: hq, UserIds: [pm] }],
      ['RemoveUsers', 'POST', '/api/sys/SysOrg/RemoveUsers', { OrgId: east, UserIds: [pm] }],
      ['SetReaded', 'GET', `/api/sys/Notification/SetReaded?UpdateNotificationId=${notice?.id}`, undefined],
      [
        'ImportCommit',
        'POST',
        '/api/sys/user/ImportCommit',
        { ImportId: importId, InitialPassword: 'Hacked@12345' },
      ],
      ['Update', 'POST', '/api/ms/Project/Update', { ProjectId: projectId, Name: 'Hacked' }],
      ['Delete', 'POST', '/api/ms/Project/Delete', { ProjectId: projectId }],
      ['publishProject', 'POST', '/api/ms/Project/publiceProject', { ProjectId: projectId }],
      ['GetProjectBuilding', 'POST', '/api/ms/Project/GetProjectBuilding', { ProjectId: projectId }],
      ['Tree', 'POST', '/api/ms/Project/GetBuildingFloorTreeDataByProjectID', { id: projectId }],
      ['SaveProjectUser', 'POST', '/api/ms/Project/SaveProjectUser', { ProjectId: projectId, UserIds: [] }],
      ['SaveUserToProject', 'POST', '/api/ms/Project/SaveUserToProject', { UserId: pm, ProjectIds: [] }],
      ['projectlog', 'GET', `/api/ms/projectlog/GetList?ProjectId=${projectId}`, undefined],
      ['GetHouseMapById', 'POST', '/api/ms/Project/GetHouseMapById', { id: houseMapId }],
      [
        'HouseMapUpdate',
        'POST',
        '/api/ms/Project/HouseMapUpdate',
        { HouseMapId: houseMapId, ProjectId: projectId, Name: 'Hacked', FloorArea: 5 },
      ],
      [
        'AddHouseMap',
        'POST',
        '/api/fms/Project/AddHouseMap',
        { ProjectId: projectId, Name: 'Hacked', FloorArea: 5 },
      ],
      [
        'HouseMapUpdateName',
        'POST',
        '/api/ms/Project/HouseMapUpdateName',
        { HouseMapId: houseMapId, Name: 'Hacked' },
      ],
      [
        'SaveMeasurePoints',
        'POST',
        '/api/ms/Project/SaveMeasurePoints',
        { HouseMapId: houseMapId, MeasurePoints: {} },
      ],
      ['RemoveHouseMap', 'POST', '/api/ms/Project/RemoveHouseMap', { id: houseMapId }],
      ['RemoveHouseMaps', 'POST', '/api/ms/Project/RemoveHouseMaps', { Ids: [houseMapId] }],
      [
        'CopyHouseMap',
        'POST',
        '/api/ms/Project/CopyHouseMap',
        { ProjectId: projectId, HouseMapId: houseMapId, Name: 'Hacked' },
      ],
      ['GetHouseMapBase', 'POST', '/api/ms/Project/GetHouseMapBase', { id: houseMapId }],
      ['DownloadDxfById', 'POST', '/api/ms/Project/DownloadDxfById', { id: houseMapId }],
      ['GetAllPonitTypes', 'POST', '/api/ms/Project/GetAllPonitTypes', { ProjectGuid: projectId }],
      [
        'SavePointType',
        'POST',
        '/api/ms/Project/SavePointType',
        { ProjectGuid: projectId, Id: pointTypeId, Name: 'Hacked' },
      ],
      [
        'RemovePonitTypes',
        'POST',
        '/api/ms/Project/RemovePonitTypes',
        { ProjectGuid: projectId, Id: pointTypeId },
      ],
      ['getSelected', 'POST', '/api/ms/Project/getSelectedBuildingFloorByHouseMap', { id: houseMapId }],
      ['Assign', 'POST', '/api/ms/Project/AssignHouseMapToFloors', assignment],
      ['Unassign', 'POST', '/api/ms/Project/UnassignHouseMapFromFloors', assignment],
      ['GetListByProject', 'GET', `/api/ms/standard/GetListByProject?ProjectGuid=${projectId}`, undefined],
      ['GetProjectStage', 'GET', `/api/ms/standard/GetProjectStage?projectId=${projectId}`, undefined],
      [
        'Update (project copy)',
        'POST',
        '/api/ms/standard/Update',
        { ProjectStandardId: copyId, Classes: [matrixItem(itemId)] },
      ],
      ['Update (library item)', 'POST', '/api/ms/standard/Update', { Classes: [matrixItem(itemId)] }],
      [
        'Update (library by CompanyGuid)',
        'POST',
        '/api/ms/standard/Update',
        { CompanyGuid: companyId, Classes: [matrixItem()] },
      ],
      ['Delete', 'POST', '/api/ms/standard/Delete', { Ids: [itemId] }],
      ['UpdateFromBase', 'POST', '/api/ms/standard/UpdateFromBase', { ProjectGuid: projectId }],
      ['GetBuildingCraft', 'POST', '/api/ms/standard/GetBuildingCraft', { ProjectGuid: projectId }],
      [
        'GetStageStandard',
        'POST',
        '/api/ms/standard/GetStageStandard',
        { projectId, standardId: copyId, supportCraft: copy?.stage },
      ],
      ['measureRule Update', 'POST', '/api/ms/measureRule/Update', matrixRule(itemId)],
      [
        'GetPointTypeDetails',
        'POST',
        '/api/ms/standard/GetPointTypeDetails',
        { ProjectGuid: projectId, Id: pointTypeId },
      ],
      [
        'SavePointTypeMeasureItem',
        'POST',
        '/api/ms/standard/SavePointTypeMeasureItem',
        { ProjectGuid: projectId, Id: pointTypeId, MeasureItems: [], Confirmed: true },
      ],
      [
        'GetMeasureItemTemplate',
        'POST',
        '/api/ms/Project/GetMeasureItemTemplate',
        { ProjectGuid: projectId },
      ],
      [
        'UpdateMeasureTemplate',
        'POST',
        '/api/ms/Project/UpdateMeasureTemplate',
        {
          ProjectGuid: projectId,
          TemplateId: templateId,
          Name: 'Hacked',
          Items: [{ MeasureItemId: itemId, DesignValue: 1 }],
        },
      ],
      [
        'DeleteMeasureTemplate',
        'POST',
        '/api/ms/Project/DeleteMeasureTemplate',
        { ProjectGuid: projectId, TemplateId: templateId },
      ],
      [
        'updateHouseTypeTemplate',
        'POST',
        '/api/ms/Project/updateHouseTypeTemplate',
        { HouseMapId: houseMapId, KeyAndName: { Key: null } },
      ],
      ['HasMeasureItemInput', 'POST', '/api/ms/task/HasMeasureItemInput', { ProjectGuid: projectId }],
      [
        'GetAlgorithmParamTemplateDetail',
        'GET',
        `/api/ms/AlgorithmParamTemplate/GetAlgorithmParamTemplateDetail?guid=${algorithmId}`,
        undefined,
      ],
      [
        'SaveAlgorithmParamTemplateDetail',
        'POST',
        '/api/ms/AlgorithmParamTemplate/SaveAlgorithmParamTemplateDetail',
        { guid: algorithmId, Name: 'Hacked', list: [{ Name: 'p', Value: 1, Min: 0, Max: 2 }] },
      ],
      [
        'DeleteAlgoTempById',
        'GET',
        `/api/ms/AlgorithmParamTemplate/DeleteAlgoTempById?id=${algorithmId}`,
        undefined,
      ],
      ['GetAlgoTempByProjID', 'GET', `/api/ms/algo/GetAlgoTempByProjID?projectId=${projectId}`, undefined],
      [
        'GetAlgorithmParamTemplateList',
        'POST',
        '/api/ms/algo/GetAlgorithmParamTemplateList',
        { ProjectId: projectId },
      ],
    ];
    for (const [name, method, url, body] of attempts) {
      const response = await call(t.app, method, url, { token: other, body });
      expect(response.body, name).toMatchObject({ Code: 404, Result: null });
    }
    // Foreign organisations and users as references are unknown too (400 or 404), never used.
    const ownOrg = await call<{ OrgId: string }>(t.app, 'POST', '/api/sys/SysOrg/Create', {
      token: other,
      body: { Name: '跨公司测试' },
    });
    const [donghu] = await t.db.select().from(projects).where(eq(projects.name, '东湖公寓'));
    const ownProjectId = donghu?.id ?? '';
    const otherAdminId = await userId('admin@other.example.com');
    const references: Array<[string, unknown]> = [
      ['/api/sys/SysOrg/Create', { Name: 'x', ParentId: hq }],
      ['/api/sys/SysOrg/AddUsers', { OrgId: ownOrg.body.Result.OrgId, UserIds: [pm] }],
      [
        '/api/sys/User/CreateUser',
        { Email: 'cross@example.com', Name: 'x', Password: 'Cross@12345', SysOrg: [hq] },
      ],
      ['/api/sys/User/GetUserList', { OrgId: hq }],
      ['/api/ms/Project/GetList', { ProjectId: projectId }],
      ['/api/ms/Project/HouseMapList', { ProjectId: projectId }],
      ['/api/ms/Project/HouseMapList', { HouseMapId: houseMapId }],
      ['/api/ms/Project/SaveProjectUser', { ProjectId: ownProjectId, UserIds: [pm] }],
      ['/api/ms/Project/SaveUserToProject', { UserId: otherAdminId, ProjectIds: [projectId] }],
      ['/api/ms/Project/CopyHouseMap', { ProjectId: ownProjectId, HouseMapId: houseMapId, Name: 'Stolen' }],
    ];
    for (const [url, body] of references) {
      const response = await call<{ Total?: number }>(t.app, 'POST', url, { token: other, body });
      if (/GetUserList|GetList|HouseMapList/.test(url)) expect(response.body.Result.Total, url).toBe(0);
      else expect([400, 404], url).toContain(response.body.Code);
    }
    expect(await snapshot(companyId)).toBe(before);
    expect((await call(t.app, 'POST', '/api/sys/User/GetSelf', { token: adminToken })).status).toBe(200);
  });
});
