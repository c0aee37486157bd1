/**
 * A company shaped like the demo's, made by factories for tests that need several roles of one
 * company and another company beside it (sign-in, sessions, the own account): organisations
 * HQ > MEASURE, HQ > ENG > ENG-EAST, four people with the demo's names and roles, a project with the
 * project administrator and the surveyor, and another company with its administrator. The addresses
 * carry `tag` and the phone numbers are fixed (136..., 135...): once per test file (one database).
 */
import type { Role } from '@measure/contract';
import { orgs } from '../src/db/schema.ts';
import type { TestApp } from './app.ts';
import { buildCompany, buildProject, buildUser, type BuiltUser } from './factories.ts';

export interface StaffAccount {
  login: string;
  password: string;
  phone: string;
  name: string;
}

const PEOPLE = {
  admin: {
    phone: '13600000001',
    password: 'Admin@123456',
    name: '王管理',
    position: '系统管理员',
    org: 'HQ',
    role: 'CompanyAdmin',
    gender: 1,
  },
  measure: {
    phone: '13600000002',
    password: 'Measure@12345',
    name: '李测量',
    position: '测量主管',
    org: 'MEASURE',
    role: 'MeasureAdmin',
    gender: 2,
  },
  pm: {
    phone: '13600000003',
    password: 'Project@12345',
    name: '张项目',
    position: '项目经理',
    org: 'ENG-EAST',
    role: 'ProjectAdmin',
    gender: 1,
  },
  surveyor: {
    phone: '13600000004',
    password: 'Survey@123456',
    name: '赵实测',
    position: '实测员',
    org: 'ENG-EAST',
    role: 'Surveyor',
    gender: 1,
  },
} as const satisfies Record<string, { role: Role; gender: 0 | 1 | 2; [key: string]: unknown }>;

const ORGS = [
  ['MEASURE', '测量中心', 'HQ'],
  ['ENG', '工程管理部', 'HQ'],
  ['ENG-EAST', '华东项目部', 'ENG'],
] as const;

export type StaffKey = keyof typeof PEOPLE | 'otherAdmin';
export type Staff = Record<StaffKey, StaffAccount & { user: BuiltUser }> & {
  companyId: string;
  otherCompanyId: string;
  orgIds: Record<'HQ' | 'MEASURE' | 'ENG' | 'ENG-EAST', string>;
};

export async function buildStaff(t: TestApp, tag: string): Promise<Staff> {
  const company = await buildCompany(t, { nameZh: `${tag}建设集团` });
  const orgIds = { HQ: company.rootOrgId, MEASURE: '', ENG: '', 'ENG-EAST': '' };
  for (const [code, name, parent] of ORGS) {
    const [row] = await t.db
      .insert(orgs)
      .values({ companyId: company.id, parentId: orgIds[parent], name, code })
      .returning({ id: orgs.id });
    orgIds[code] = row?.id ?? '';
  }
  const staff: Partial<Staff> = { companyId: company.id, orgIds };
  for (const [key, person] of Object.entries(PEOPLE) as Array<
    [keyof typeof PEOPLE, (typeof PEOPLE)[keyof typeof PEOPLE]]
  >) {
    const user = await buildUser(t, {
      companyId: company.id,
      orgId: orgIds[person.org],
      roles: [person.role],
      email: `${tag}.${key}@example.com`,
      phone: person.phone,
      name: person.name,
      position: person.position,
      gender: person.gender,
      password: person.password,
    });
    staff[key] = {
      login: user.email,
      password: person.password,
      phone: person.phone,
      name: person.name,
      user,
    };
  }
  await buildProject(t, { staff: [staff.pm!.user, staff.surveyor!.user], as: staff.admin!.user });
  const other = await buildCompany(t, { nameZh: `${tag}另一家公司` });
  const otherUser = await buildUser(t, {
    companyId: other.id,
    roles: ['CompanyAdmin'],
    email: `admin@${tag}.other.example.com`,
    phone: '13500000001',
    name: '陈管理',
    position: '系统管理员',
    password: 'Admin@123456',
  });
  staff.otherCompanyId = other.id;
  staff.otherAdmin = {
    login: otherUser.email,
    password: 'Admin@123456',
    phone: '13500000001',
    name: '陈管理',
    user: otherUser,
  };
  return staff as Staff;
}
