import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projectUsers } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildCompany, buildProject, buildUser, type BuiltUser } from '../../../test/factories.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { SessionService } from '../auth/session-service.ts';
import { EventsRepository } from './events-repository.ts';
import { type EventSink, EventsService } from './events-service.ts';

/**
 * The event filter keeps each project-scoped caller's project list for a while (SCOPE_CACHE_MS,
 * shortened here): many streams and many events cost one staff query per refresh, not one per
 * event, and a user taken off a project stops getting its events once the list is read again.
 */
const CACHE_MS = 400;
let t: TestApp;
let events: EventsService;
let companyId: string;
let projectId: string;
let onProject: BuiltUser;
let alsoOnProject: BuiltUser;
let planner: BuiltUser;

const sessions = {
  observe: () => () => {},
  authenticateHash: async () => null,
} as unknown as SessionService;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  onProject = await buildUser(t, { companyId, roles: ['Surveyor'] });
  alsoOnProject = await buildUser(t, { companyId, roles: ['Surveyor'] });
  planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  projectId = (await buildProject(t, { companyId, staff: [onProject, alsoOnProject] })).id;
  events = new EventsService({
    db: t.db,
    sessions,
    connection: { connectionString: t.connectionString },
    scopeCacheMs: CACHE_MS,
  });
  await events.start();
});
afterAll(async () => {
  await events.close();
  await t.close();
});

/** A stream of `user` that records the ids of the task events it gets. */
function stream(user: BuiltUser, projectScope: AuthContext['projectScope']) {
  const got: string[] = [];
  const sink: EventSink = {
    send: (name, _data, id) => {
      if (name === 'task' && id) got.push(id);
    },
    end: () => {},
    onClose: () => {},
  };
  const auth: AuthContext = {
    sessionId: `session-${user.id}`,
    userId: user.id,
    companyId,
    roles: [],
    permissions: new Set(),
    projectScope,
  };
  events.subscribe({ auth, tokenHash: `hash-${user.id}-${Math.random()}` }, sink, false);
  return got;
}

/** Raises `count` task events of the project (committed at once: no transaction). */
async function raise(count: number) {
  for (let index = 0; index < count; index += 1) {
    await new EventsRepository(t.db).raise({
      n: 'task',
      c: companyId,
      p: projectId,
      d: { TaskId: `task-${index}`, ProjectId: projectId },
    });
  }
}

describe('event scope cache', () => {
  it('reads the staff once for many streams and events, and drops a removed user after the cache time', async () => {
    const staffReads = vi.spyOn(EventsRepository.prototype, 'staffProjects');
    const tabOne = stream(onProject, 'assigned');
    const tabTwo = stream(onProject, 'assigned');
    const colleague = stream(alsoOnProject, 'assigned');
    const companyWide = stream(planner, 'company');

    await raise(6);
    await expect.poll(() => colleague.length).toBe(6);
    expect([tabOne.length, tabTwo.length, companyWide.length]).toEqual([6, 6, 6]);
    // Three project-scoped streams of two users, six events: one query.
    expect(staffReads).toHaveBeenCalledTimes(1);

    // Taken off the project: still trusted until the list is older than the cache time...
    await t.db
      .delete(projectUsers)
      .where(
        and(
          eq(projectUsers.companyId, companyId),
          eq(projectUsers.projectId, projectId),
          eq(projectUsers.userId, onProject.id),
        ),
      );
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS + 50));
    // ...then read again once, and the removed user's streams get nothing more.
    await raise(2);
    await expect.poll(() => companyWide.length).toBe(8);
    await expect.poll(() => colleague.length).toBe(8);
    expect([tabOne.length, tabTwo.length]).toEqual([6, 6]);
    expect(staffReads).toHaveBeenCalledTimes(2);
    staffReads.mockRestore();
  });
});
