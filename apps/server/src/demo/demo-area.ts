import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { companies } from '../db/schema.ts';
import type { ObjectStore } from '../core/storage/object-store.ts';
import type { PasswordHasher } from '../modules/auth/password-hasher.ts';
import { PlanFileStore } from '../modules/house-maps/file-store.ts';
import type { DemoCompany } from './demo-data.ts';
import type { DemoFacadeTask } from './demo-facade.ts';
import { type DemoMeasurementPlan, seedDemoMeasurements } from './demo-measurements.ts';
import type { DemoTask } from './demo-tasks.ts';
import { insertCompany } from './seed.ts';

/**
 * The demo area's dataset (issue 34 item 3, spec section 2): one platform-level example project in a
 * hidden company (`companies.is_demo_area`), made through the same services as real data, read by
 * every signed-in user through the read-only demo routes (modules/demo-area). Nobody signs in to it:
 * its one user, the actor the seed's services need, has a random password nobody is told.
 */
export const DEMO_AREA_CODE = 'platform-demo-area';
const ACTOR = 'demo-area@platform.invalid';
const PROJECT = '示例花园（演示）';
/** Serialises first starts of several servers on one database (pg_advisory_xact_lock). */
const DEMO_AREA_LOCK = 340_003;

function demoAreaCompany(): DemoCompany {
  return {
    code: DEMO_AREA_CODE,
    nameZh: '演示区',
    nameEn: 'Demo area',
    demoArea: true,
    orgs: [{ code: 'DEMO', name: '演示区' }],
    users: [
      {
        email: ACTOR,
        phone: '',
        // Long, random and never shown: the account exists for the seed's services only.
        password: `${randomBytes(24).toString('base64url')}Aa1!`,
        name: '演示数据',
        position: '',
        org: 'DEMO',
        role: 'CompanyAdmin',
        gender: 0,
      },
    ],
    projects: [
      {
        name: PROJECT,
        address: '上海市浦东新区示例路 1 号',
        province: '上海市',
        city: '上海市',
        district: '浦东新区',
        projectManager: '演示',
        regionalCompany: '演示区',
        buildings: [{ number: '1#', stories: 6, households: 2, delivery: 'fine' }],
        staff: [],
      },
    ],
  };
}

const task = (fields: Partial<DemoTask> & Pick<DemoTask, 'stage' | 'state' | 'floors'>): DemoTask => ({
  project: PROJECT,
  measureKind: 'first',
  inspectionKind: 'self',
  building: '1#',
  households: 2,
  device: 'DEMO-AREA-R01',
  surveyors: [],
  done: 1,
  errorRate: 0.1,
  daysAgo: [20, 16],
  pictures: true,
  ...fields,
});

/** The demo area's external wall: the facades of 1# over floors 1-3, measured by its scanner. */
const DEMO_AREA_FACADE: DemoFacadeTask = {
  project: PROJECT,
  building: '1#',
  stage: 'plaster',
  floors: [1, 3],
  sides: [
    { Side: 'N', Name: '北立面', WidthM: 18.6 },
    { Side: 'E', Name: '东立面', WidthM: 10.2 },
    { Side: 'S', Name: '南立面', WidthM: 18.6 },
    { Side: 'W', Name: '西立面', WidthM: 10.2 },
  ],
  device: 'DEMO-AREA-S01',
  errorRate: 0.1,
  daysAgo: [8, 6],
};

/**
 * A robot's finished plastering with scans, a masonry check waiting for audit, one in progress, each
 * site with its wall picture; and an external-wall task with one panel scanned.
 */
const DEMO_AREA_PLAN: DemoMeasurementPlan = {
  actor: ACTOR,
  houseTypes: [{ project: PROJECT, name: 'A户型', area: 92, building: '1#', floors: [1, 6] }],
  devices: [
    { number: 'DEMO-AREA-R01', type: 'robot', holder: null },
    { number: 'DEMO-AREA-S01', type: 'scanner', holder: null },
  ],
  tasks: [
    task({ stage: 'plaster', state: 'completed', floors: [1, 2], scans: true }),
    task({ stage: 'masonry', state: 'uploaded', floors: [3, 4], errorRate: 0.15, daysAgo: [12, 9] }),
    task({ stage: 'plaster', state: 'inProgress', floors: [5, 6], done: 0.5, daysAgo: [3, 1] }),
  ],
  facade: DEMO_AREA_FACADE,
};

/**
 * Makes the demo area once per database (at every start, and by the demo seed); a database that has
 * it is left alone. Answers whether it was made now.
 */
export async function ensureDemoArea(
  db: Database,
  hasher: PasswordHasher,
  objects: ObjectStore,
): Promise<boolean> {
  return db.transaction(async (lock) => {
    await lock.execute(sql`select pg_advisory_xact_lock(${DEMO_AREA_LOCK})`);
    const [existing] = await lock
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.isDemoArea, true));
    if (existing) return false;
    // The services commit call by call, as requests would (the lock's transaction stays open meanwhile).
    const company = await db.transaction(async (tx) => insertCompany(tx, hasher, demoAreaCompany()));
    await seedDemoMeasurements(db, new PlanFileStore(objects), company, objects, DEMO_AREA_PLAN);
    return true;
  });
}
