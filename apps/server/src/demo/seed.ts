import { count, eq } from 'drizzle-orm';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { DbExecutor } from '../db/database-handle.ts';
import {
  companies,
  orgs,
  projectBuildings,
  projects,
  projectUsers,
  updateNotifications,
  userRoles,
  users,
} from '../db/schema.ts';
import type { PasswordHasher } from '../modules/auth/password-hasher.ts';
import { OperatorAccountService } from '../modules/operator-console/operator-account-service.ts';
import { ProjectStandardsRepository } from '../modules/project-standards/project-standards-repository.ts';
import { StandardsRepository } from '../modules/standards/standards-repository.ts';
import { PlanFileStore } from '../modules/house-maps/file-store.ts';
import { createObjectStore } from '../core/storage/create-object-store.ts';
import type { ObjectStore } from '../core/storage/object-store.ts';
import { DEMO_COMPANIES, DEMO_NOTIFICATION, type DemoCompany } from './demo-data.ts';
import { seedDemoMeasurements, type SeededCompany } from './demo-measurements.ts';
import { ensureDemoArea } from './demo-area.ts';

export async function insertCompany(
  tx: DbExecutor,
  hasher: PasswordHasher,
  company: DemoCompany,
): Promise<SeededCompany> {
  const [created] = await tx
    .insert(companies)
    .values({
      code: company.code,
      nameZh: company.nameZh,
      nameEn: company.nameEn,
      enabledRobotTask: true,
      enabledModeling: !company.featuresOff?.includes('modeling'),
      enabledExternalWall: !company.featuresOff?.includes('externalWall'),
      enabledGj: false,
      isDemoArea: company.demoArea ?? false,
    })
    .returning({ id: companies.id });
  if (!created) throw new Error('company insert returned nothing');
  const companyId = created.id;

  const orgIds = new Map<string, string>();
  for (const [index, org] of company.orgs.entries()) {
    const parentId = org.parent ? orgIds.get(org.parent) : undefined;
    const [row] = await tx
      .insert(orgs)
      .values({ companyId, parentId: parentId ?? null, name: org.name, code: org.code, sort: index })
      .returning({ id: orgs.id });
    if (row) orgIds.set(org.code, row.id);
  }

  // The typical measure items of domain.md section 3, in both languages (issue 6).
  const standards = new StandardsRepository(tx);
  await standards.seedDefaults(companyId);

  const userIds = new Map<string, string>();
  const hashes = await Promise.all(company.users.map((user) => hasher.hash(user.password)));
  for (const [index, user] of company.users.entries()) {
    const [row] = await tx
      .insert(users)
      .values({
        companyId,
        orgId: orgIds.get(user.org) ?? null,
        name: user.name,
        email: user.email,
        phone: user.phone || null,
        position: user.position || null,
        department: company.orgs.find((org) => org.code === user.org)?.name ?? null,
        gender: user.gender,
        passwordHash: hashes[index] ?? '',
      })
      .returning({ id: users.id });
    if (!row) throw new Error('user insert returned nothing');
    userIds.set(user.email, row.id);
    await tx.insert(userRoles).values({ companyId, userId: row.id, role: user.role, position: 0 });
  }

  const projectIds = new Map<string, string>();
  for (const project of company.projects) {
    const [row] = await tx
      .insert(projects)
      .values({
        companyId,
        name: project.name,
        address: project.address,
        province: project.province,
        city: project.city,
        district: project.district,
        projectManager: project.projectManager,
        regionalCompany: project.regionalCompany,
      })
      .returning({ id: projects.id });
    if (!row) throw new Error('project insert returned nothing');
    projectIds.set(project.name, row.id);
    await tx.insert(projectBuildings).values(
      project.buildings.map((building, sort) => ({
        companyId,
        projectId: row.id,
        buildingNumber: building.number,
        stories: building.stories,
        households: building.households,
        deliveryStandard: building.delivery,
        sort,
      })),
    );
    await new ProjectStandardsRepository(tx).ensureProjectStandards(companyId, row.id);
    const staff = project.staff
      .map((email) => userIds.get(email))
      .filter((id): id is string => id !== undefined);
    if (staff.length > 0) {
      await tx.insert(projectUsers).values(staff.map((userId) => ({ companyId, projectId: row.id, userId })));
    }
  }
  return { companyId, userIds, projectIds };
}

export class SeedError extends Error {}

const DEMO_OPERATOR = { email: 'operator@example.com', password: 'Operator@12345', name: 'Operator' };

/**
 * Fills an empty database: the demo companies in demo mode, otherwise one company with the
 * administrator named by ADMIN_EMAIL / ADMIN_PASSWORD. A database that has a company is left alone.
 */
export async function seedDatabase(
  db: Database,
  hasher: PasswordHasher,
  config: Pick<AppConfig, 'demo' | 'adminEmail' | 'adminPassword' | 'dataDir'>,
  /** Where the demo plan files go (server.ts passes the store it opened). */
  objects: ObjectStore = createObjectStore(config),
): Promise<'demo' | 'admin' | 'existing'> {
  // The platform's hidden demo area company (demo-area.ts) is no customer: it does not count.
  const [existing] = await db
    .select({ total: count() })
    .from(companies)
    .where(eq(companies.isDemoArea, false));
  if ((existing?.total ?? 0) > 0) return 'existing';

  if (config.demo) {
    const seeded = await db.transaction(async (tx) => {
      const made: SeededCompany[] = [];
      for (const company of DEMO_COMPANIES) made.push(await insertCompany(tx, hasher, company));
      await tx.insert(updateNotifications).values(DEMO_NOTIFICATION);
      return made;
    });
    // The main demo company's house types, devices, tasks and results, through the services (each
    // call commits on its own, as a person's requests would). Plan files as services.ts keeps them.
    const main = seeded[0];
    if (main) {
      const files = new PlanFileStore(objects);
      await seedDemoMeasurements(db, files, main, objects);
    }
    await ensureDemoArea(db, hasher, objects);
    // The platform operator of design.md's demo accounts (the operator console).
    await new OperatorAccountService(db, hasher).ensureOperator(DEMO_OPERATOR);
    return 'demo';
  }

  if (!config.adminEmail || !config.adminPassword) {
    throw new SeedError(
      'The database is empty and DEMO is off: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first company administrator.',
    );
  }
  const company: DemoCompany = {
    code: 'main',
    nameZh: '我的公司',
    nameEn: 'My company',
    orgs: [{ code: 'HQ', name: '总部' }],
    users: [
      {
        email: config.adminEmail,
        phone: '',
        password: config.adminPassword,
        name: 'admin',
        position: '',
        org: 'HQ',
        role: 'CompanyAdmin',
        gender: 0,
      },
    ],
    projects: [],
  };
  await db.transaction(async (tx) => insertCompany(tx, hasher, company));
  return 'admin';
}
