import { apiRoutes, type Figures, type ResultBatch } from '@measure/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTickets } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
import { openEventStream, type OpenedStream, type ReadEvent } from '../../../test/event-stream-client.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltUser,
} from '../../../test/factories.ts';
import { buildTask } from '../../../test/task-factories.ts';
import { EVENTS_LISTENER_APPLICATION_NAME } from './events-service.ts';
import { raiseTaskEvent } from './live-events.ts';

/**
 * Two instances (a and b) on one database: an event raised by a change on one reaches the streams
 * of the other, through PostgreSQL NOTIFY, filtered by company and project visibility.
 */
let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;
let companyId: string;
let admin: BuiltUser;
let surveyorOnProject: BuiltUser;
let surveyorElsewhere: BuiltUser;
let otherCompanyAdmin: BuiltUser;
let device: { id: string; key: string };
let projectId: string;
const open: OpenedStream[] = [];

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ sameDatabaseAs: a });
  urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  companyId = (await buildCompany(a)).id;
  admin = await buildUser(a, { companyId, roles: ['MeasureAdmin'] });
  surveyorOnProject = await buildUser(a, { companyId, roles: ['Surveyor'] });
  surveyorElsewhere = await buildUser(a, { companyId, roles: ['Surveyor'] });
  otherCompanyAdmin = await buildUser(a, { companyId: (await buildCompany(a)).id, roles: ['MeasureAdmin'] });
  device = await buildDevice(a, { companyId });
  projectId = (await buildProject(a, { companyId, staff: [surveyorOnProject] })).id;
  await buildProject(a, { companyId, staff: [surveyorElsewhere] });
  const houseMapId = (await buildHouseType(a, { projectId })).HouseMapId;
  await assignHouseType(a, { projectId, houseMapId, floorFrom: 1, floorTo: 2 });
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await b.close();
  await a.close();
});

/** A stream on `base` opened with a fresh ticket of `user` (asked for on instance a). */
async function streamWithTicket(base: string, user: BuiltUser): Promise<OpenedStream> {
  const { Ticket, ExpiresIn } = await callRouteOk(a.app, apiRoutes.events.createTicket, undefined, {
    as: user,
  });
  expect(ExpiresIn).toBe(30);
  return track(await openEventStream(`${base}/api/events?ticket=${encodeURIComponent(Ticket)}`));
}

function track(stream: OpenedStream): OpenedStream {
  open.push(stream);
  return stream;
}

const bearer = async (base: string, user: BuiltUser) =>
  track(await openEventStream(`${base}/api/events`, { authorization: `Bearer ${user.token}` }));

const asDevice = (idempotencyKey?: string) => ({
  headers: {
    authorization: `Device ${device.key}`,
    ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
  },
});

const oneSite = (pointIndex: number, values: number[]): ResultBatch => ({
  Source: 'robot',
  Sites: [
    {
      PointIndex: pointIndex,
      BuildingNumber: '1#',
      Floor: 1,
      Household: 1,
      Name: `墙 ${pointIndex}`,
      Surface: 'wall',
      AreaM2: 8,
      MeasuredAt: '2026-11-22T09:30:00Z',
      Readings: [{ ItemCode: 'PL-01', Values: values }],
    },
  ],
});

async function sendBatch(taskId: string, batch: ResultBatch, key: string): Promise<Figures> {
  const answer = await callRouteResponse(
    a.app,
    apiRoutes.resultsDevice.results,
    { TaskId: taskId, ...batch } as never,
    asDevice(key),
  );
  expect(answer.body.Code, JSON.stringify(answer.body)).toBe(0);
  return (answer.body.Result as { Figures: Figures }).Figures;
}

const plannedTask = () =>
  buildTask(a, admin, {
    ProjectId: projectId,
    Households: [{ BuildingNumber: '1#', Floor: 1, Household: 1 }],
    ItemCodes: ['PL-01'],
    DeviceGuid: device.id,
  });

const isTask = (taskId: string) => (event: ReadEvent) =>
  event.event === 'task' && (event.data as { TaskId: string }).TaskId === taskId;

describe('the event stream', () => {
  it('starts with resync and sends the headers of an unbuffered, uncached stream', async () => {
    const stream = await streamWithTicket(urlB, admin);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-cache, no-store, no-transform');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(await stream.next()).toEqual({ event: 'resync', id: undefined, data: { Reason: 'connected' } });
    const again = track(
      await openEventStream(`${urlB}/api/events`, {
        authorization: `Bearer ${admin.token}`,
        'last-event-id': '12',
      }),
    );
    expect((await again.next()).data).toEqual({ Reason: 'reconnected' });
    stream.close();
    again.close();
  });

  it('carries a robot batch sent to instance a to a stream on instance b within a second, in scope only', async () => {
    const onB = await streamWithTicket(urlB, admin);
    const onA = await bearer(urlA, surveyorOnProject);
    const otherCompany = await bearer(urlB, otherCompanyAdmin);
    const otherProject = await bearer(urlB, surveyorElsewhere);
    for (const stream of [onB, onA, otherCompany, otherProject]) await stream.next();
    // Planning it is an event too (pending, no figures).
    const taskId = await plannedTask();
    expect((await onB.next(isTask(taskId))).data).toMatchObject({ State: 'pending', Figures: { Total: 0 } });
    await onA.next(isTask(taskId));

    const figures = await sendBatch(taskId, oneSite(1, [1, 2, 30]), 'events-1');
    // Committed when the answer came: on b within a second of it.
    const event = await onB.next(isTask(taskId), 1_000);
    expect(event.data).toEqual({
      TaskId: taskId,
      ProjectId: projectId,
      State: 'inProgress',
      Figures: figures,
    });
    expect(figures.Total).toBe(3);
    expect(event.id).toMatch(/^[1-9][0-9]*$/);
    const seen = await onA.next(isTask(taskId));
    expect(seen).toEqual(event);

    // The next change gets a later id and the task's figures after it.
    await sendBatch(taskId, oneSite(2, [1]), 'events-2');
    const later = await onB.next(isTask(taskId));
    const task = await callRouteOk(a.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: admin });
    expect((later.data as { Figures: Figures }).Figures).toEqual(task.Figures);
    expect(task.Figures.Total).toBe(4);
    expect(BigInt(later.id ?? 0)).toBeGreaterThan(BigInt(event.id ?? 0));

    // Another company's administrator and a surveyor of another project heard nothing of it.
    await onB.next((e) => e.event === 'nothing', 300).catch(() => undefined);
    expect(otherCompany.events.filter((e) => e.event !== 'resync')).toEqual([]);
    expect(otherProject.events.filter((e) => e.event !== 'resync')).toEqual([]);
  });

  it('raises nothing for a change that rolls back', async () => {
    const stream = await streamWithTicket(urlB, admin);
    await stream.next();
    const taskId = await plannedTask();
    const planned = await stream.next(isTask(taskId));
    expect(planned.data).toMatchObject({ State: 'pending' });
    await expect(
      a.db.transaction(async (tx) => {
        await raiseTaskEvent(tx, companyId, taskId);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const figures = await sendBatch(taskId, oneSite(1, [2]), 'events-rollback');
    // The next task event the stream gets is the batch's, not the rolled-back one.
    const next = await stream.next(isTask(taskId));
    expect(next.data).toMatchObject({ TaskId: taskId, Figures: figures, State: 'inProgress' });
    expect(stream.events.filter(isTask(taskId))).toEqual([planned, next]);
  });
});

describe('a lost listening connection', () => {
  it('reconnects and tells the streams to read again (events meanwhile are lost), then delivers again', async () => {
    const stream = await streamWithTicket(urlB, admin);
    await stream.next();
    await a.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${EVENTS_LISTENER_APPLICATION_NAME} and datname = current_database()`,
    );
    expect((await stream.next(undefined, 3_000)).data).toEqual({ Reason: 'missed' });
    const taskId = await plannedTask();
    expect((await stream.next(isTask(taskId))).data).toMatchObject({ State: 'pending' });
  });
});

describe('stream tickets', () => {
  const refusal = { Code: 401, Message: '认证信息已失效或账号已被禁用，请重新登录', Result: null };

  it('opens one stream only', async () => {
    const { Ticket } = await callRouteOk(a.app, apiRoutes.events.createTicket, undefined, { as: admin });
    const first = track(await openEventStream(`${urlB}/api/events?ticket=${Ticket}`));
    expect(first.status).toBe(200);
    const second = await openEventStream(`${urlA}/api/events?ticket=${Ticket}`);
    expect(second.status).toBe(401);
    expect(second.refusal).toEqual(refusal);
  });

  it('refuses an expired, a wrong and a missing ticket with the 401 envelope', async () => {
    const { Ticket } = await callRouteOk(a.app, apiRoutes.events.createTicket, undefined, { as: admin });
    await a.db.update(eventTickets).set({ expiresAt: new Date(Date.now() - 1_000) });
    for (const url of [`/api/events?ticket=${Ticket}`, '/api/events?ticket=wrong', '/api/events']) {
      const answer = await openEventStream(`${urlB}${url}`);
      expect(answer.status, url).toBe(401);
      expect(answer.refusal, url).toEqual(refusal);
    }
    const badToken = await openEventStream(`${urlB}/api/events`, { authorization: 'Bearer not-a-session' });
    expect(badToken.status).toBe(401);
  });

  it('ends the stream within a second when its session is revoked on the other instance', async () => {
    const user = await buildUser(a, { companyId, roles: ['MeasureAdmin'] });
    const stream = await streamWithTicket(urlB, user);
    await stream.next();
    const revoked = Date.now();
    await callRouteOk(a.app, apiRoutes.auth.logout, undefined, { as: user });
    const end = await stream.next((e) => e.event === 'end', 1_000);
    expect(end.data).toEqual({ Reason: 'session' });
    await stream.ended;
    expect(Date.now() - revoked).toBeLessThan(1_000);
  });
});

describe('closing an instance', () => {
  it('ends its streams (preClose) with end shutdown, so clients reconnect elsewhere', async () => {
    const c = await createTestApp({ sameDatabaseAs: a });
    const url = await c.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = track(
      await openEventStream(`${url}/api/events`, { authorization: `Bearer ${admin.token}` }),
    );
    await stream.next();
    const closing = c.close();
    const end = await stream.next((e) => e.event === 'end', 1_000);
    expect(end.data).toEqual({ Reason: 'shutdown' });
    await stream.ended;
    await closing;
  });
});
