/**
 * Test data factories (in the style of outline's server/test/factories.ts): each `buildX(t, overrides)`
 * makes real rows the way the product does and returns them, with unique defaults for every field a
 * test does not care about. Companies and users are inserted like the seed inserts them (the product
 * has no API to create a company, and users get a known password); everything else goes through the
 * API as the company's administrator, so it passes the same validation and services as in production.
 *
 *   const t = await createTestApp();
 *   const pm = await buildUser(t, { roles: ['ProjectAdmin'] });
 *   const project = await buildProject(t, { companyId: pm.companyId, staff: [pm] });
 *   const answer = await callRoute(t.app, apiRoutes.projects.getProjectBuilding, { ProjectId: project.id }, { as: pm });
 *   expect(answer.Code).toBe(0);
 */
import {
  apiRoutes,
  type AlgorithmTemplate,
  type DesignTemplate,
  type Envelope,
  type HouseMapRow,
  type MeasureItemRow,
  type PointType,
  type ProjectRow,
  type Role,
} from '@measure/contract';
import { eq } from 'drizzle-orm';
import { companies, orgs, projects, userRoles, users } from '../src/db/schema.ts';
import { PasswordHasher } from '../src/modules/auth/password-hasher.ts';
import { StandardsRepository } from '../src/modules/standards/standards-repository.ts';
import { login, type TestApp } from './app.ts';
import { callRouteOk, type Caller } from './call-route.ts';
import { multipartBody } from './multipart.ts';
import { pngBytes } from './plan-files.ts';

/** Unique within a test process (test files run in separate processes on separate databases). */
let counter = 0;
const next = () => ++counter;
/** Unique across the template's demo data too: 8 random hex digits per process. */
const runTag = Math.random().toString(16).slice(2, 10);

export const FACTORY_PASSWORD = 'Factory@12345';

export interface BuiltCompany {
  id: string;
  code: string;
  nameZh: string;
  nameEn: string;
  /** The root organisation every company gets. */
  rootOrgId: string;
}

/** A company as the seed makes one: root organisation, default measure items and algorithm template. */
export async function buildCompany(
  t: TestApp,
  overrides: Partial<Omit<BuiltCompany, 'id' | 'rootOrgId'>> & { passwordMaxAgeDays?: number | null } = {},
): Promise<BuiltCompany> {
  const n = next();
  const code = overrides.code ?? `co-${runTag}-${n}`;
  const nameZh = overrides.nameZh ?? `测试公司${n}`;
  const nameEn = overrides.nameEn ?? `Test company ${n}`;
  const [company] = await t.db
    .insert(companies)
    .values({ code, nameZh, nameEn, passwordMaxAgeDays: overrides.passwordMaxAgeDays ?? null })
    .returning({ id: companies.id });
  if (!company) throw new Error('company insert returned nothing');
  const [org] = await t.db
    .insert(orgs)
    .values({ companyId: company.id, name: nameZh, code: 'HQ', sort: 0 })
    .returning({ id: orgs.id });
  if (!org) throw new Error('org insert returned nothing');
  await new StandardsRepository(t.db).seedDefaults(company.id);
  return { id: company.id, code, nameZh, nameEn, rootOrgId: org.id };
}

export interface BuiltUser {
  id: string;
  companyId: string;
  orgId: string | null;
  name: string;
  email: string;
  phone: string | null;
  password: string;
  roles: Role[];
  /** A session token of this user, signed in through AuthLogin (null with `signIn: false`). */
  token: string;
}

export interface UserOverrides {
  /** Default: a new company (buildCompany). */
  companyId?: string;
  /** Default: the company's first organisation. */
  orgId?: string | null;
  /** Default: ['Surveyor']. The first role decides (spec section 6). */
  roles?: Role[];
  name?: string;
  email?: string;
  phone?: string | null;
  password?: string;
  position?: string | null;
  gender?: 0 | 1 | 2;
  status?: 0 | 1;
  mustChangePassword?: boolean;
  /** Default true; false skips the sign-in (disabled users cannot sign in; token is then ''). */
  signIn?: boolean;
}

const hashers = new WeakMap<TestApp, PasswordHasher>();
const hasherOf = (t: TestApp) => {
  let hasher = hashers.get(t);
  if (!hasher) hashers.set(t, (hasher = new PasswordHasher(t.config.passwordHashLogN)));
  return hasher;
};

/** A user of a company with roles and a known password, signed in (`token`). */
export async function buildUser(t: TestApp, overrides: UserOverrides = {}): Promise<BuiltUser> {
  const n = next();
  const companyId = overrides.companyId ?? (await buildCompany(t)).id;
  let orgId = overrides.orgId;
  if (orgId === undefined) {
    const [org] = await t.db
      .select({ id: orgs.id })
      .from(orgs)
      .where(eq(orgs.companyId, companyId))
      .orderBy(orgs.sort, orgs.createdAt)
      .limit(1);
    orgId = org?.id ?? null;
  }
  const password = overrides.password ?? FACTORY_PASSWORD;
  const roles = overrides.roles ?? ['Surveyor'];
  const email = (overrides.email ?? `user-${runTag}-${n}@factory.example.com`).toLowerCase();
  const phone =
    overrides.phone === undefined
      ? `177${String(Number.parseInt(runTag.slice(0, 4), 16) % 1000).padStart(3, '0')}${String(n).padStart(5, '0')}`
      : overrides.phone;
  const name = overrides.name ?? `测试用户${n}`;
  const [row] = await t.db
    .insert(users)
    .values({
      companyId,
      orgId,
      name,
      email,
      phone,
      position: overrides.position ?? null,
      gender: overrides.gender ?? 0,
      status: overrides.status ?? 1,
      mustChangePassword: overrides.mustChangePassword ?? false,
      passwordHash: await hasherOf(t).hash(password),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  if (roles.length > 0) {
    await t.db
      .insert(userRoles)
      .values(roles.map((role, position) => ({ companyId, userId: row.id, role, position })));
  }
  const signIn = overrides.signIn ?? (overrides.status ?? 1) === 1;
  const token = signIn ? await login(t.app, email, password) : '';
  return { id: row.id, companyId, orgId, name, email, phone, password, roles, token };
}

/** A company administrator (buildUser with roles ['CompanyAdmin']). */
export const buildAdmin = (t: TestApp, overrides: UserOverrides = {}) =>
  buildUser(t, { roles: ['CompanyAdmin'], ...overrides });

/** One company administrator per company, made on first use, that the factories act as. */
const admins = new WeakMap<TestApp, Map<string, Promise<BuiltUser>>>();
export function companyAdmin(t: TestApp, companyId: string): Promise<BuiltUser> {
  let byCompany = admins.get(t);
  if (!byCompany) admins.set(t, (byCompany = new Map()));
  let admin = byCompany.get(companyId);
  if (!admin) {
    admin = buildAdmin(t, { companyId, name: '工厂管理员' });
    byCompany.set(companyId, admin);
  }
  return admin;
}

/** Acts as `as` when given, else as the company's factory administrator. */
async function actor(t: TestApp, companyId: string | undefined, as: Caller | undefined): Promise<Caller> {
  if (as !== undefined) return as;
  if (!companyId) throw new Error('a companyId or an `as` caller is needed');
  return companyAdmin(t, companyId);
}

export interface BuildingSpec {
  number: string;
  stories: number;
  households: number;
  delivery?: 'fine' | 'none';
}

export type BuiltProject = ProjectRow & { id: string; companyId: string };

/** A project through Project/Add (its standards are copied then), with buildings and staff. */
export async function buildProject(
  t: TestApp,
  overrides: {
    companyId?: string;
    name?: string;
    address?: string;
    projectManager?: string;
    /** Default: one building 1# of 10 stories, 4 households a floor. */
    buildings?: BuildingSpec[];
    /** Users (or ids) assigned to the project (SaveProjectUser). */
    staff?: Array<string | { id: string }>;
    published?: boolean;
    as?: Caller;
  } = {},
): Promise<BuiltProject> {
  const companyId = overrides.companyId ?? (overrides.as ? undefined : (await buildCompany(t)).id);
  const as = await actor(t, companyId, overrides.as);
  const n = next();
  const buildings = overrides.buildings ?? [{ number: '1#', stories: 10, households: 4 }];
  const created = await callRouteOk(
    t.app,
    apiRoutes.projects.add,
    {
      Name: overrides.name ?? `测试项目${n}`,
      Address: overrides.address,
      ProjectManager: overrides.projectManager,
      DetailsInfo: buildings.map((building) => ({
        BuildingNumber: building.number,
        Stories: building.stories,
        Households: building.households,
        DeliveryStandard: building.delivery ?? 'fine',
      })),
    },
    { as },
  );
  let project: ProjectRow = created;
  if (overrides.staff && overrides.staff.length > 0) {
    const UserIds = overrides.staff.map((user) => (typeof user === 'string' ? user : user.id));
    await callRouteOk(
      t.app,
      apiRoutes.projects.saveProjectUser,
      { ProjectId: created.ProjectId, UserIds },
      { as },
    );
    project = { ...project, UserIds };
  }
  if (overrides.published) {
    await callRouteOk(t.app, apiRoutes.projects.publishProject, { ProjectId: created.ProjectId }, { as });
    project = { ...project, IsPublished: true };
  }
  const owner = companyId ?? (await companyOfProject(t, created.ProjectId));
  return { ...project, id: created.ProjectId, companyId: owner };
}

async function companyOfProject(t: TestApp, projectId: string): Promise<string> {
  const [row] = await t.db
    .select({ companyId: projects.companyId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) throw new Error(`no project ${projectId}`);
  return row.companyId;
}

export interface PlanFile {
  name: string;
  data: Buffer;
  type?: string;
}

/** A small PNG plan (40 x 30). */
export const pngPlan = (): PlanFile => ({ name: 'plan.png', data: pngBytes(40, 30), type: 'image/png' });

/** Uploads a house type through HouseMapUpdate (multipart); fails the test on anything but Code 0. */
export async function uploadHouseMap(
  t: TestApp,
  as: Caller,
  fields: Record<string, string>,
  file?: PlanFile,
  lang?: string,
): Promise<Envelope<HouseMapRow>> {
  const body = multipartBody(file ? [{ ...file, type: file.type ?? 'image/png' }] : [], fields);
  const response = await t.app.inject({
    method: apiRoutes.houseMaps.houseMapUpdate.method,
    url: apiRoutes.houseMaps.houseMapUpdate.path,
    payload: body.payload,
    headers: {
      ...body.headers,
      authorization: `Bearer ${typeof as === 'string' ? as : as.token}`,
      ...(lang ? { 'accept-language': lang } : {}),
    },
  });
  return response.json<Envelope<HouseMapRow>>();
}

/** A house type (house map) of a project with a small PNG plan. */
export async function buildHouseType(
  t: TestApp,
  overrides: {
    projectId?: string;
    name?: string;
    floorArea?: number;
    standardFloor?: boolean;
    file?: PlanFile;
    as?: Caller;
  } = {},
): Promise<HouseMapRow> {
  const project = overrides.projectId
    ? { id: overrides.projectId, companyId: await companyOfProject(t, overrides.projectId) }
    : await buildProject(t, { as: overrides.as });
  const as = await actor(t, project.companyId, overrides.as);
  const fields: Record<string, string> = {
    ProjectId: project.id,
    Name: overrides.name ?? `户型${next()}`,
    FloorArea: String(overrides.floorArea ?? 89.5),
  };
  if (overrides.standardFloor !== undefined) fields.StandardFloor = String(overrides.standardFloor);
  const answer = await uploadHouseMap(t, as, fields, overrides.file ?? pngPlan());
  if (answer.Code !== 0) throw new Error(`HouseMapUpdate answered ${JSON.stringify(answer)}`);
  return answer.Result;
}

/** A site type (point type) of a project. */
export async function buildSiteType(
  t: TestApp,
  overrides: { projectId: string; name?: string; projectStandardId?: string; as?: Caller },
): Promise<PointType> {
  const as = await actor(t, await companyOfProject(t, overrides.projectId), overrides.as);
  return callRouteOk(
    t.app,
    apiRoutes.houseMaps.savePointType,
    {
      ProjectId: overrides.projectId,
      Name: overrides.name ?? `点位${next()}`,
      ProjectStandardId: overrides.projectStandardId,
    },
    { as },
  );
}

/** Gives a house type to households of a building (all floors and households unless narrowed). */
export async function assignHouseType(
  t: TestApp,
  overrides: {
    projectId: string;
    houseMapId: string;
    building?: string;
    floorFrom?: number;
    floorTo?: number;
    households?: number[];
    as?: Caller;
  },
): Promise<{ Assigned: number }> {
  const as = await actor(t, await companyOfProject(t, overrides.projectId), overrides.as);
  return callRouteOk(
    t.app,
    apiRoutes.houseMaps.assignHouseMapToFloors,
    {
      ProjectId: overrides.projectId,
      HouseMapId: overrides.houseMapId,
      BuildingNumber: overrides.building ?? '1#',
      FloorFrom: overrides.floorFrom ?? 1,
      FloorTo: overrides.floorTo ?? overrides.floorFrom ?? 1,
      Households: overrides.households,
    },
    { as },
  );
}

/** A measure item of the company library (standard/Update), deviation mode, one standard [-5, 5]. */
export async function buildMeasureItem(
  t: TestApp,
  overrides: {
    companyId: string;
    code?: string;
    nameZh?: string;
    nameEn?: string;
    stage?: 'structure' | 'masonry' | 'plaster' | 'decoration' | 'floorGround';
    mode?: 'absolute' | 'deviation' | 'range';
    standards?: Array<{ Name: string; Left: number; Right: number; WarnLeft: number; WarnRight: number }>;
    as?: Caller;
  },
): Promise<MeasureItemRow> {
  const as = await actor(t, overrides.companyId, overrides.as);
  const n = next();
  const code = overrides.code ?? `T-${n}`;
  const saved = await callRouteOk(
    t.app,
    apiRoutes.standards.update,
    {
      Classes: [
        {
          Code: code,
          NameZh: overrides.nameZh ?? `测试项${n}`,
          NameEn: overrides.nameEn ?? `Test item ${n}`,
          Stage: overrides.stage ?? 'plaster',
          Mode: overrides.mode ?? 'deviation',
          Standards: overrides.standards ?? [
            { Name: '普通', Left: -5, Right: 5, WarnLeft: -4, WarnRight: 4 },
          ],
        },
      ],
    },
    { as },
  );
  const item = saved.find((row) => row.Code === code);
  if (!item) throw new Error(`standard/Update did not return ${code}`);
  return item;
}

/** The measure items of a project's standards copies, by code (the items templates refer to). */
export async function projectItemIds(
  t: TestApp,
  projectId: string,
  as?: Caller,
): Promise<Map<string, string>> {
  const caller = await actor(t, await companyOfProject(t, projectId), as);
  const copies = await callRouteOk(
    t.app,
    apiRoutes.projectStandards.getListByProject,
    { ProjectGuid: projectId },
    { as: caller },
  );
  return new Map(copies.flatMap((copy) => copy.Classes).map((row) => [row.Code, row.MeasureItemId]));
}

/** A design value template of a project (default: PL-05 at 1,000 mm). */
export async function buildDesignTemplate(
  t: TestApp,
  overrides: {
    projectId: string;
    name?: string;
    /** Design values by measure item code. */
    items?: Record<string, number>;
    as?: Caller;
  },
): Promise<DesignTemplate> {
  const as = await actor(t, await companyOfProject(t, overrides.projectId), overrides.as);
  const ids = await projectItemIds(t, overrides.projectId, as);
  const Items = Object.entries(overrides.items ?? { 'PL-05': 1000 }).map(([code, DesignValue]) => {
    const MeasureItemId = ids.get(code);
    if (!MeasureItemId) throw new Error(`no measure item ${code} in project ${overrides.projectId}`);
    return { MeasureItemId, DesignValue };
  });
  return callRouteOk(
    t.app,
    apiRoutes.measureTemplates.updateMeasureTemplate,
    { ProjectId: overrides.projectId, Name: overrides.name ?? `模板${next()}`, Items },
    { as },
  );
}

/** An algorithm parameter template, company-wide or of a project. */
export async function buildAlgorithmTemplate(
  t: TestApp,
  overrides: {
    companyId?: string;
    projectId?: string;
    name?: string;
    detail?: string;
    params?: Array<{ Name: string; Value: number; Min: number; Max: number; Unit?: string | null }>;
    as?: Caller;
  },
): Promise<AlgorithmTemplate> {
  const companyId =
    overrides.companyId ?? (overrides.projectId ? await companyOfProject(t, overrides.projectId) : undefined);
  const as = await actor(t, companyId, overrides.as);
  return callRouteOk(
    t.app,
    apiRoutes.algorithm.saveAlgorithmParamTemplateDetail,
    {
      Name: overrides.name ?? `算法${next()}`,
      detail: overrides.detail,
      ProjectId: overrides.projectId,
      list: overrides.params ?? [{ Name: '墙面拟合容差', Value: 10, Min: 1, Max: 100, Unit: 'mm' }],
    },
    { as },
  );
}

/** The id of a user found by login name (for data the seed made, when a test must refer to it). */
export async function userIdByEmail(t: TestApp, email: string): Promise<string> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A device of a company (AddDevice), activated unless `activate: false`; `key` is its device key. */
export async function buildDevice(
  t: TestApp,
  overrides: {
    companyId: string;
    number?: string;
    type?: 'robot' | 'scanner';
    activate?: boolean;
    as?: Caller;
  },
): Promise<{ id: string; number: string; key: string }> {
  const as = await actor(t, overrides.companyId, overrides.as);
  const number = overrides.number ?? `DEV-${runTag}-${next()}`;
  const id = await callRouteOk(
    t.app,
    apiRoutes.devices.addDevice,
    { DeviceNumber: number, DeviceType: overrides.type ?? 'robot' },
    { as },
  );
  if (overrides.activate === false) return { id, number, key: '' };
  const { DeviceKey } = await callRouteOk(
    t.app,
    apiRoutes.devices.activateDevice,
    { DeviceGuid: id },
    { as },
  );
  return { id, number, key: DeviceKey };
}
