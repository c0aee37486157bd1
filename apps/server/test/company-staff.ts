/**
 * A company shaped like the demo's, made by factories for tests that need several roles of one
 * company and another company beside it (sign-in, sessions, the own account, user administration):
 * the demo's organisation tree and people (names, positions, roles, passwords; demo/demo-data.ts),
 * a project with the project administrator and the surveyor, and another company with its
 * administrator. Only the addresses differ (`<tag>.<key>@example.com`, `admin@<tag>.other.example.com`)
 * and the phone numbers (136... and 135... for the demo's 138... and 139...): once per test file.
 */
import { orgs } from '../src/db/schema.ts';
import { DEMO_COMPANIES, type DemoUser } from '../src/demo/demo-data.ts';
import type { TestApp } from './app.ts';
import { buildCompany, buildProject, buildUser, type BuiltUser } from './factories.ts';

export interface StaffAccount {
  login: string;
  password: string;
  phone: string;
  name: string;
  user: BuiltUser;
}

const KEYS = {
  CompanyAdmin: 'admin',
  MeasureAdmin: 'measure',
  ProjectAdmin: 'pm',
  Surveyor: 'surveyor',
} as const;
export type StaffKey = (typeof KEYS)[keyof typeof KEYS] | 'otherAdmin';
export type Staff = Record<StaffKey, StaffAccount> & {
  companyId: string;
  otherCompanyId: string;
  orgIds: Record<string, string>;
};

const [demo, otherDemo] = DEMO_COMPANIES;
/** The demo's phone number moved off the demo's range (unique across companies). */
const phoneOf = (person: DemoUser) => person.phone.replace(/^138/, '136').replace(/^139/, '135');

async function account(
  t: TestApp,
  companyId: string,
  orgId: string | null,
  person: DemoUser,
  email: string,
): Promise<StaffAccount> {
  const user = await buildUser(t, {
    companyId,
    orgId,
    roles: [person.role],
    email,
    phone: phoneOf(person),
    name: person.name,
    position: person.position,
    gender: person.gender,
    password: person.password,
  });
  return { login: user.email, password: person.password, phone: phoneOf(person), name: person.name, user };
}

export async function buildStaff(t: TestApp, tag: string): Promise<Staff> {
  if (!demo || !otherDemo) throw new Error('the demo companies are missing');
  const company = await buildCompany(t, { nameZh: `${tag}建设集团` });
  const orgIds: Record<string, string> = { HQ: company.rootOrgId };
  for (const org of demo.orgs.filter((org) => org.parent)) {
    const [row] = await t.db
      .insert(orgs)
      .values({ companyId: company.id, parentId: orgIds[org.parent ?? 'HQ'], name: org.name, code: org.code })
      .returning({ id: orgs.id });
    orgIds[org.code] = row?.id ?? '';
  }
  const staff: Partial<Staff> = { companyId: company.id, orgIds };
  for (const person of demo.users) {
    const key = KEYS[person.role as keyof typeof KEYS];
    staff[key] = await account(
      t,
      company.id,
      orgIds[person.org] ?? null,
      person,
      `${tag}.${key}@example.com`,
    );
  }
  const { admin, pm, surveyor } = staff as Staff;
  await buildProject(t, { staff: [pm.user, surveyor.user], as: admin.user });
  const other = await buildCompany(t, { nameZh: `${tag}另一家公司` });
  const [otherPerson] = otherDemo.users;
  if (!otherPerson) throw new Error('the other demo company has no user');
  staff.otherCompanyId = other.id;
  staff.otherAdmin = await account(
    t,
    other.id,
    other.rootOrgId,
    otherPerson,
    `admin@${tag}.other.example.com`,
  );
  return staff as Staff;
}
