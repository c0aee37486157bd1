import { api, apiLogin, createReadyAdmin, createReadyUser, type TestUser, apiRoutes } from './api.ts';
import { DEMO } from './browser.ts';
import { planPng } from './plan-files.ts';
import { uploadPlan } from './upload-plan.ts';

export interface TaskProject {
  planner: TestUser;
  plannerToken: string;
  surveyor: TestUser;
  surveyorId: string;
  project: { ProjectId: string; Name: string };
}

/**
 * A measurement administrator's project of one building (6 floors of 2 households) with a house
 * type on every floor, and a surveyor on its staff: what a task needs.
 */
export async function taskProject(name: string): Promise<TaskProject> {
  const planner = await createReadyAdmin('MeasureAdmin');
  const plannerToken = await apiLogin(planner.login, planner.password);
  const surveyor = await createReadyUser();
  const project = await api(
    apiRoutes.projects.add,
    {
      Name: name,
      DetailsInfo: [{ BuildingNumber: '1#', Stories: 6, Households: 2, DeliveryStandard: 'fine' }],
    },
    plannerToken,
  );
  const houseMap = await uploadPlan(
    plannerToken,
    project.ProjectId,
    '标准户型',
    await planPng(),
    'plan.png',
    90,
  );
  await api(
    apiRoutes.houseMaps.assignHouseMapToFloors,
    {
      ProjectId: project.ProjectId,
      HouseMapId: houseMap.HouseMapId,
      BuildingNumber: '1#',
      FloorFrom: 1,
      FloorTo: 6,
    },
    plannerToken,
  );
  // The demo company administrator looks the surveyor up (user administration is not the planner's).
  const admin = await apiLogin(DEMO.admin.login, DEMO.admin.password);
  const users = await api(
    apiRoutes.userAdmin.getUserList,
    { Content: surveyor.login, PageSize: 10, CurrentPage: 1 },
    admin,
  );
  const surveyorId = users.Items.find((user) => user.Email === surveyor.login)?.UserId ?? '';
  await api(
    apiRoutes.projects.saveProjectUser,
    { ProjectId: project.ProjectId, UserIds: [surveyorId] },
    admin,
  );
  return { planner, plannerToken, surveyor, surveyorId, project };
}
