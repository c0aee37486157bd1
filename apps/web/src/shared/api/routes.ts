import type { apiRoutes, RouteDefinition } from '@measure/contract';

type Api = typeof apiRoutes;

/**
 * A contract route reduced to what a request needs. The full definition is carried as a type only:
 * importing `apiRoutes` at runtime builds every zod schema, which would put zod into the login
 * route's first load. routes.test.ts checks each reference against the contract.
 */
export interface RouteRef<R extends RouteDefinition> {
  readonly method: R['method'];
  readonly path: string;
  /** Never set: lets `callApi` infer the input and result types from the contract definition. */
  readonly definition?: R;
}

function ref<R extends RouteDefinition>(method: R['method'], path: string): RouteRef<R> {
  return { method, path };
}

/** The calls the web app makes, grouped like `apiRoutes`. */
export const routes = {
  auth: {
    authLogin: ref<Api['auth']['authLogin']>('POST', '/api/sys/Auth/AuthLogin'),
    getTokenById: ref<Api['auth']['getTokenById']>('POST', '/api/sys/Auth/GetTokenByID'),
    logout: ref<Api['auth']['logout']>('POST', '/api/sys/Auth/Logout'),
  },
  users: {
    getSelf: ref<Api['users']['getSelf']>('POST', '/api/sys/User/GetSelf'),
    editMe: ref<Api['users']['editMe']>('POST', '/api/sys/User/EditMe'),
    changePassword: ref<Api['users']['changePassword']>('POST', '/api/sys/User/ChangePassWord'),
    verifyCodeGet: ref<Api['users']['verifyCodeGet']>('POST', '/api/sys/User/VerifyCode_Get'),
    resetPassword: ref<Api['users']['resetPassword']>('POST', '/api/sys/User/ResetCloudUserPassword'),
  },
  notifications: {
    getNotification: ref<Api['notifications']['getNotification']>(
      'GET',
      '/api/sys/Notification/GetNotification',
    ),
    setReaded: ref<Api['notifications']['setReaded']>('GET', '/api/sys/Notification/SetReaded'),
  },
  projects: {
    getPage: ref<Api['projects']['getPage']>('POST', '/api/ms/Project/GetPage'),
    add: ref<Api['projects']['add']>('POST', '/api/ms/Project/Add'),
    update: ref<Api['projects']['update']>('POST', '/api/ms/Project/Update'),
    delete: ref<Api['projects']['delete']>('POST', '/api/ms/Project/Delete'),
    publiceProject: ref<Api['projects']['publiceProject']>('POST', '/api/ms/Project/publiceProject'),
    getProjectSelectItem: ref<Api['projects']['getProjectSelectItem']>(
      'POST',
      '/api/ms/Project/GetProjectSelectItem',
    ),
    getProjectForHome: ref<Api['projects']['getProjectForHome']>('POST', '/api/ms/Project/GetProjectForHome'),
    getProjectBuilding: ref<Api['projects']['getProjectBuilding']>(
      'POST',
      '/api/ms/Project/GetProjectBuilding',
    ),
    getBuildingFloorTreeDataByProjectId: ref<Api['projects']['getBuildingFloorTreeDataByProjectId']>(
      'POST',
      '/api/ms/Project/GetBuildingFloorTreeDataByProjectID',
    ),
    saveProjectUser: ref<Api['projects']['saveProjectUser']>('POST', '/api/ms/Project/SaveProjectUser'),
    saveUserToProject: ref<Api['projects']['saveUserToProject']>('POST', '/api/ms/Project/SaveUserToProject'),
    projectLogGetList: ref<Api['projects']['projectLogGetList']>('GET', '/api/ms/projectlog/GetList'),
  },
  houseMaps: {
    houseMapList: ref<Api['houseMaps']['houseMapList']>('POST', '/api/ms/Project/HouseMapList'),
    getHouseMapById: ref<Api['houseMaps']['getHouseMapById']>('POST', '/api/ms/Project/GetHouseMapById'),
    houseMapUpdate: ref<Api['houseMaps']['houseMapUpdate']>('POST', '/api/ms/Project/HouseMapUpdate'),
    houseMapUpdateName: ref<Api['houseMaps']['houseMapUpdateName']>(
      'POST',
      '/api/ms/Project/HouseMapUpdateName',
    ),
    saveMeasurePoints: ref<Api['houseMaps']['saveMeasurePoints']>(
      'POST',
      '/api/ms/Project/SaveMeasurePoints',
    ),
    removeHouseMap: ref<Api['houseMaps']['removeHouseMap']>('POST', '/api/ms/Project/RemoveHouseMap'),
    removeHouseMaps: ref<Api['houseMaps']['removeHouseMaps']>('POST', '/api/ms/Project/RemoveHouseMaps'),
    copyHouseMap: ref<Api['houseMaps']['copyHouseMap']>('POST', '/api/ms/Project/CopyHouseMap'),
    getHouseMapBase: ref<Api['houseMaps']['getHouseMapBase']>('POST', '/api/ms/Project/GetHouseMapBase'),
    downloadDxfById: ref<Api['houseMaps']['downloadDxfById']>('POST', '/api/ms/Project/DownloadDxfById'),
    getAllPonitTypes: ref<Api['houseMaps']['getAllPonitTypes']>('POST', '/api/ms/Project/GetAllPonitTypes'),
    savePointType: ref<Api['houseMaps']['savePointType']>('POST', '/api/ms/Project/SavePointType'),
    removePonitTypes: ref<Api['houseMaps']['removePonitTypes']>('POST', '/api/ms/Project/RemovePonitTypes'),
    getSelectedBuildingFloorByHouseMap: ref<Api['houseMaps']['getSelectedBuildingFloorByHouseMap']>(
      'POST',
      '/api/ms/Project/getSelectedBuildingFloorByHouseMap',
    ),
    assignHouseMapToFloors: ref<Api['houseMaps']['assignHouseMapToFloors']>(
      'POST',
      '/api/ms/Project/AssignHouseMapToFloors',
    ),
    unassignHouseMapFromFloors: ref<Api['houseMaps']['unassignHouseMapFromFloors']>(
      'POST',
      '/api/ms/Project/UnassignHouseMapFromFloors',
    ),
  },
  orgs: {
    getOrgTree: ref<Api['orgs']['getOrgTree']>('GET', '/api/sys/SysOrg/GetOrgTree'),
    subUsers: ref<Api['orgs']['subUsers']>('GET', '/api/sys/SysOrg/SubUsers/:id'),
    create: ref<Api['orgs']['create']>('POST', '/api/sys/SysOrg/Create'),
    del: ref<Api['orgs']['del']>('POST', '/api/sys/SysOrg/del'),
    addUsers: ref<Api['orgs']['addUsers']>('POST', '/api/sys/SysOrg/AddUsers'),
    removeUsers: ref<Api['orgs']['removeUsers']>('POST', '/api/sys/SysOrg/RemoveUsers'),
  },
  userAdmin: {
    getUserList: ref<Api['userAdmin']['getUserList']>('POST', '/api/sys/User/GetUserList'),
    getCompanyUserList: ref<Api['userAdmin']['getCompanyUserList']>(
      'POST',
      '/api/sys/user/GetCompanyUserList',
    ),
    getUser: ref<Api['userAdmin']['getUser']>('POST', '/api/sys/User/GetUser'),
    createUser: ref<Api['userAdmin']['createUser']>('POST', '/api/sys/User/CreateUser'),
    editUser: ref<Api['userAdmin']['editUser']>('POST', '/api/sys/User/EditUser'),
    deleteUsers: ref<Api['userAdmin']['deleteUsers']>('POST', '/api/sys/User/DeleteUsers'),
    updateUserStatus: ref<Api['userAdmin']['updateUserStatus']>('POST', '/api/sys/User/UpdateUserStatus'),
    resetPassword: ref<Api['userAdmin']['resetPassword']>('POST', '/api/sys/User/ResetPassword'),
    importTemplate: ref<Api['userAdmin']['importTemplate']>('GET', '/api/sys/user/ImportTemplate'),
    importPreview: ref<Api['userAdmin']['importPreview']>('POST', '/api/sys/user/ImportPreview'),
    importCommit: ref<Api['userAdmin']['importCommit']>('POST', '/api/sys/user/ImportCommit'),
  },
  roles: {
    getRoleList: ref<Api['roles']['getRoleList']>('POST', '/api/sys/Role/GetRoleList'),
    permissionList: ref<Api['roles']['permissionList']>('POST', '/api/rs/Permission/List'),
  },
  standards: {
    getList: ref<Api['standards']['getList']>('GET', '/api/ms/standard/GetList'),
    getListCondition: ref<Api['standards']['getListCondition']>('POST', '/api/ms/standard/GetListCondition'),
    getListByProject: ref<Api['standards']['getListByProject']>('GET', '/api/ms/standard/GetListByProject'),
    update: ref<Api['standards']['update']>('POST', '/api/ms/standard/Update'),
    deleteItems: ref<Api['standards']['deleteItems']>('POST', '/api/ms/standard/Delete'),
    updateFromBase: ref<Api['standards']['updateFromBase']>('POST', '/api/ms/standard/UpdateFromBase'),
    getProjectStage: ref<Api['standards']['getProjectStage']>('GET', '/api/ms/standard/GetProjectStage'),
    getBuildingCraft: ref<Api['standards']['getBuildingCraft']>('POST', '/api/ms/standard/GetBuildingCraft'),
    getStageStandard: ref<Api['standards']['getStageStandard']>('POST', '/api/ms/standard/GetStageStandard'),
  },
  measureRules: {
    getList: ref<Api['measureRules']['getList']>('GET', '/api/ms/measureRule/GetList'),
    update: ref<Api['measureRules']['update']>('POST', '/api/ms/measureRule/Update'),
  },
  pointTypeItems: {
    getPointTypeDetails: ref<Api['pointTypeItems']['getPointTypeDetails']>(
      'POST',
      '/api/ms/standard/GetPointTypeDetails',
    ),
    savePointTypeMeasureItem: ref<Api['pointTypeItems']['savePointTypeMeasureItem']>(
      'POST',
      '/api/ms/standard/SavePointTypeMeasureItem',
    ),
  },
  measureTemplates: {
    getMeasureItemTemplate: ref<Api['measureTemplates']['getMeasureItemTemplate']>(
      'POST',
      '/api/ms/Project/GetMeasureItemTemplate',
    ),
    updateMeasureTemplate: ref<Api['measureTemplates']['updateMeasureTemplate']>(
      'POST',
      '/api/ms/Project/UpdateMeasureTemplate',
    ),
    deleteMeasureTemplate: ref<Api['measureTemplates']['deleteMeasureTemplate']>(
      'POST',
      '/api/ms/Project/DeleteMeasureTemplate',
    ),
    updateHouseTypeTemplate: ref<Api['measureTemplates']['updateHouseTypeTemplate']>(
      'POST',
      '/api/ms/Project/updateHouseTypeTemplate',
    ),
    hasMeasureItemInput: ref<Api['measureTemplates']['hasMeasureItemInput']>(
      'POST',
      '/api/ms/task/HasMeasureItemInput',
    ),
  },
  algorithm: {
    getAlgorithmParamTemplateList: ref<Api['algorithm']['getAlgorithmParamTemplateList']>(
      'POST',
      '/api/ms/algo/GetAlgorithmParamTemplateList',
    ),
    getAlgorithmParamTemplateDetail: ref<Api['algorithm']['getAlgorithmParamTemplateDetail']>(
      'GET',
      '/api/ms/AlgorithmParamTemplate/GetAlgorithmParamTemplateDetail',
    ),
    saveAlgorithmParamTemplateDetail: ref<Api['algorithm']['saveAlgorithmParamTemplateDetail']>(
      'POST',
      '/api/ms/AlgorithmParamTemplate/SaveAlgorithmParamTemplateDetail',
    ),
    deleteAlgoTempById: ref<Api['algorithm']['deleteAlgoTempById']>(
      'GET',
      '/api/ms/AlgorithmParamTemplate/DeleteAlgoTempById',
    ),
    getAlgoTempByProjId: ref<Api['algorithm']['getAlgoTempByProjId']>(
      'GET',
      '/api/ms/algo/GetAlgoTempByProjID',
    ),
  },
} satisfies { [G in keyof Api]?: { [N in keyof Api[G]]?: RouteRef<RouteDefinition> } };
