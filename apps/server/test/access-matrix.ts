/**
 * The expectations of the access matrix (core/access-matrix.test.ts): the access every contract route
 * requires, written out by hand on purpose, the demo callers and a valid minimal input per route.
 */
import { type Access, type Envelope, type RouteDefinition, type Role } from '@measure/contract';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEMO, encodeLogin } from './app.ts';
import { importRows, importWorkbook } from './import-workbook.ts';
import { multipartBody } from './multipart.ts';

/** What each route requires, per spec section 6 and the issue. Keep in step with the contract on purpose. */
export const EXPECTED_ACCESS: Record<string, Access> = {
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
  'projects.exportProjectList': 'authenticated',
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
  'houseMaps.exportHouseMapList': 'authenticated',
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
  'userAdmin.exportUserList': 'user.view',
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
  'tasks.addTask': 'project.distribute',
  'tasks.checkTask': 'project.distribute',
  'tasks.getTaskList': 'authenticated',
  'tasks.getTask': 'authenticated',
  'tasks.exportTaskList': 'authenticated',
  'results.getManualMeasureSummaryItems': 'authenticated',
  'results.updates': 'authenticated',
  'results.getDataPool': 'authenticated',
  'results.exportDataPool': 'authenticated',
  'results.startDataPoolExport': 'authenticated',
  'results.getDataPoolExport': 'authenticated',
  'results.downloadDataPoolExport': 'authenticated',
  'tasks.deleteTask': 'project.distribute',
  'tasks.cancelTask': 'project.distribute',
  'tasks.reassignTask': 'project.distribute',
  'tasks.getTaskOptions': 'project.distribute',
  'tasks.getMyTasks': 'authenticated',
  'tasks.startTask': 'authenticated',
  'tasks.finishTask': 'authenticated',
  'taskDevice.tasks': 'device',
  'taskDevice.workPackage': 'device',
  'taskDevice.planFile': 'device',
  'taskDevice.start': 'device',
  'taskDevice.finish': 'device',
  'resultsDevice.results': 'device',
  'devices.uploadUpdate': 'device.distribute',
  'devices.getUpdateList': 'device.distribute',
  'devices.deleteUpdate': 'device.distribute',
  'devices.getUpdateStatus': 'device.distribute',
  'deviceApi.updates': 'device',
  'deviceApi.updateFile': 'device',
  'deviceApi.updateResult': 'device',
  'deviceApi.checkSystemUpdate': 'device',
  'deviceApi.downloadUpdate': 'device',
  'deviceApi.updateSystem': 'device',
};

export interface Caller {
  key: 'admin' | 'measure' | 'pm' | 'surveyor' | 'otherAdmin';
  login: string;
  password: string;
  role: Role;
  name: string;
}
export const CALLERS: Caller[] = [
  { key: 'admin', ...DEMO.admin, role: 'CompanyAdmin', name: '王管理' },
  { key: 'measure', ...DEMO.measure, role: 'MeasureAdmin', name: '李测量' },
  { key: 'pm', ...DEMO.pm, role: 'ProjectAdmin', name: '张项目' },
  { key: 'surveyor', ...DEMO.surveyor, role: 'Surveyor', name: '赵实测' },
  { key: 'otherAdmin', ...DEMO.otherAdmin, role: 'CompanyAdmin', name: '陈管理' },
];

export interface Request {
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
let xlsx: Buffer = Buffer.alloc(0);
let sequence = 0;

/** A valid library item and measure rule (standards routes). */
export const matrixItem = (id?: string) => ({
  MeasureItemId: id,
  Code: 'MX-1',
  NameZh: '矩阵项',
  NameEn: 'Matrix item',
  Stage: 'plaster',
  Mode: 'absolute',
  Standards: [{ Name: '普通', Left: 0, Right: 4, WarnLeft: 0, WarnRight: 3 }],
});
export const matrixRule = (id: string) => ({
  MeasureItemId: id,
  MinReadings: 1,
  MaxReadings: 5,
  InitialReadings: 2,
  RulerLength: 2000,
  ManualEntry: true,
});

/** A valid minimal input per route; unknown ids make writes answer 404 instead of changing data. */
export const SAMPLES: Record<string, (caller: Caller) => Request> = {
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
  'projects.exportProjectList': () => ({ body: {}, codes: [0] }),
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
  'houseMaps.exportHouseMapList': () => ({ body: {}, codes: [0] }),
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
  'userAdmin.exportUserList': () => ({ body: {}, codes: [0] }),
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
  'tasks.addTask': () => ({
    body: {
      ProjectId: random(),
      Stage: 'plaster',
      MeasureKind: 'first',
      InspectionKind: 'self',
      Households: [{ BuildingNumber: '1#', Floor: 1, Household: 1 }],
    },
  }),
  'tasks.checkTask': () => ({
    body: {
      ProjectId: random(),
      Stage: 'plaster',
      Households: [{ BuildingNumber: '1#', Floor: 1, Household: 1 }],
    },
  }),
  'tasks.getTaskList': () => ({ body: {}, codes: [0] }),
  'tasks.getTask': () => ({ body: { TaskId: random() } }),
  'tasks.exportTaskList': () => ({ body: {}, codes: [0] }),
  'results.getManualMeasureSummaryItems': () => ({ body: { TaskId: random() } }),
  'results.getDataPool': () => ({ body: {}, codes: [0] }),
  'results.exportDataPool': () => ({ body: {}, codes: [0] }),
  'results.startDataPoolExport': () => ({ body: {}, codes: [0] }),
  'results.getDataPoolExport': () => ({ body: { ExportId: random() } }),
  'results.downloadDataPoolExport': () => ({ body: { ExportId: random() } }),
  'results.updates': () => ({
    body: {
      TaskId: random(),
      BuildingNumber: '1#',
      Floor: 1,
      Household: 1,
      Readings: [{ ItemCode: 'PL-01', Values: [1] }],
    },
  }),
  'tasks.deleteTask': () => ({ body: { Ids: [random()] } }),
  'tasks.cancelTask': () => ({ body: { TaskId: random() } }),
  'tasks.reassignTask': () => ({ body: { TaskId: random(), SurveyorIds: [] } }),
  'tasks.getTaskOptions': () => ({ body: { ProjectId: random() } }),
  'tasks.getMyTasks': () => ({ body: {}, codes: [0] }),
  'tasks.startTask': () => ({ body: { TaskId: random() } }),
  'tasks.finishTask': () => ({ body: { TaskId: random() } }),
  'taskDevice.tasks': () => ({}),
  'taskDevice.workPackage': () => ({ params: { TaskId: random() } }),
  'taskDevice.planFile': () => ({ params: { TaskId: random(), HouseMapId: random() } }),
  'taskDevice.start': () => ({ params: { TaskId: random() } }),
  'taskDevice.finish': () => ({ params: { TaskId: random() } }),
  'resultsDevice.results': () => ({ params: { TaskId: random() }, body: { Source: 'robot', Sites: [] } }),
  'devices.uploadUpdate': () => {
    const data = Buffer.from(`matrix package ${++sequence}`);
    return {
      multipart: multipartBody([{ name: 'update.bin', data, type: 'application/octet-stream' }], {
        Version: `9.${sequence}`,
        DeviceType: 'robot',
        Sha256: createHash('sha256').update(data).digest('hex'),
      }),
      codes: [0],
    };
  },
  'devices.getUpdateList': () => ({ body: {}, codes: [0] }),
  'devices.deleteUpdate': () => ({ body: { UpdateId: random() } }),
  'devices.getUpdateStatus': () => ({ body: {}, codes: [0] }),
  'deviceApi.updates': () => ({ query: { Version: '1.0' } }),
  'deviceApi.updateFile': () => ({ params: { UpdateId: random() } }),
  'deviceApi.updateResult': () => ({ params: { UpdateId: random() }, body: { Success: true } }),
  'deviceApi.checkSystemUpdate': () => ({ body: { Version: '1.0' } }),
  'deviceApi.downloadUpdate': () => ({ body: { UpdateId: random() } }),
  'deviceApi.updateSystem': () => ({ body: { UpdateId: random(), Success: false, Message: 'x' } }),
};

/** Makes the sample workbook of userAdmin.importPreview (once per test file). */
export async function prepareSamples(): Promise<void> {
  xlsx = await importWorkbook(importRows(1, 'matrix'));
}

/** Sends a sample request to a route as a token; non-JSON answers count as Code 0. */
export async function sendSample(
  app: FastifyInstance,
  definition: RouteDefinition,
  request: Request,
  token: string,
) {
  let url = definition.path;
  for (const [name, value] of Object.entries(request.params ?? {})) url = url.replace(`:${name}`, value);
  if (request.query) url += `?${new URLSearchParams(request.query).toString()}`;
  if (request.multipart) {
    const response = await app.inject({
      method: definition.method,
      url,
      payload: request.multipart.payload,
      headers: { ...request.multipart.headers, authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: response.json<Envelope<unknown>>() };
  }
  const response = await app.inject({
    method: definition.method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
  const json = response.headers['content-type']?.toString().includes('json');
  return {
    status: response.statusCode,
    body: json ? response.json<Envelope<unknown>>() : { Code: 0, Message: '', Result: null },
  };
}
