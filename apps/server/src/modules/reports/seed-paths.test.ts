import { apiRoutes, type RouteDefinition } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import type { BuiltUser } from '../../../test/factories.ts';
import { robotReportTask } from '../../../test/report-task.ts';
import { runQueuedRenders } from '../../../test/task-factories.ts';

/**
 * The seed's own paths of calls we had under other paths (issue 34 item 5, spec section 7): each
 * answers exactly as its twin. Report/GetGltfList and Report/GetApartmentReports are the scans
 * module's own routes (tested there); Vision/Backup is the data backup's.
 */
const { review, reports } = apiRoutes;
let t: TestApp;
let admin: BuiltUser;
let taskId: string;
let shareId: string;
let site: { PointIndex: number; FileId: string };

beforeAll(async () => {
  t = await createTestApp();
  const made = await robotReportTask(t, { projectName: '种子路径', itemCodes: ['PL-01', 'PL-02'], seed: 7 });
  admin = made.admin;
  taskId = made.taskId;
  await runQueuedRenders(t, made.renderer);
  shareId = (await callRouteOk(t.app, reports.sharingReport, { TaskId: taskId }, { as: admin })).ShareId;
  const task = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: admin });
  const pointIndex = task.Sites[0]?.PointIndex ?? 0;
  const view = await callRouteOk(
    t.app,
    review.getMsPicDto,
    { TaskId: taskId, PointIndex: pointIndex },
    { as: admin },
  );
  site = { PointIndex: pointIndex, FileId: view.Pictures[0]?.FileId ?? '' };
}, 90_000);
afterAll(async () => t.close());

const post = (route: RouteDefinition, payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: route.path,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('the seed paths answer as their twins', () => {
  it('MsTask/GetMsPicDto answers as Task/GetMsPicDto', async () => {
    const input = { TaskId: taskId, PointIndex: site.PointIndex };
    const seed = await callRoute(t.app, review.msTaskGetMsPicDto, input, { as: admin });
    expect(review.msTaskGetMsPicDto.path).toBe('/api/ms/MsTask/GetMsPicDto');
    expect(seed.Code).toBe(0);
    expect(seed.Result.PointIndex).toBe(site.PointIndex);
    expect(seed).toEqual(await callRoute(t.app, review.getMsPicDto, input, { as: admin }));
  });

  it('MsTask/RedrawPicture draws the same picture as Task/RedrawPicture', async () => {
    const input = { TaskId: taskId, ...site };
    const seed = await post(review.msTaskRedrawPicture, input, admin.token);
    const twin = await post(review.redrawPicture, input, admin.token);
    expect([seed.statusCode, seed.headers['content-type']]).toEqual([200, 'image/png']);
    expect(seed.rawPayload.length).toBeGreaterThan(100);
    expect(seed.rawPayload.equals(twin.rawPayload)).toBe(true);
  });

  it('Report/GetList answers as statis/GetReportList', async () => {
    const input = { TaskId: taskId };
    const seed = await callRoute(t.app, reports.reportGetList, input, { as: admin });
    expect(seed.Result.Items.map((row) => row.TaskId)).toEqual([taskId]);
    expect(seed).toEqual(await callRoute(t.app, reports.getReportList, input, { as: admin }));
  });

  it('MsTask/GetShareMsPicDto answers as the shared site, without a session', async () => {
    const seed = await callRoute(t.app, reports.msTaskGetShareMsPicDto, {
      ShareId: shareId,
      PointIndex: site.PointIndex,
    });
    expect(seed.Code).toBe(0);
    expect(seed.Result.PointIndex).toBe(site.PointIndex);
    expect(seed).toEqual(
      await callRoute(t.app, reports.getSharedSite, { ShareId: shareId, PointIndex: site.PointIndex }),
    );
    const closed = await callRoute(t.app, reports.msTaskGetShareMsPicDto, { ShareId: 'nope', PointIndex: 1 });
    expect(closed.Code).toBe(404);
  });

  it('MsTask/GetSharePointReport answers as the shared report, without a session', async () => {
    const seed = await callRoute(t.app, reports.msTaskGetSharePointReport, { ShareId: shareId });
    expect(seed.Code).toBe(0);
    expect(seed.Result.Sites.length).toBeGreaterThan(1);
    expect(seed).toEqual(await callRoute(t.app, reports.getSharedReport, { ShareId: shareId }));
  });

  it('Task/UpdateReport renders the report again as statis/RetryReport', async () => {
    const seed = await callRoute(t.app, reports.taskUpdateReport, { TaskId: taskId }, { as: admin });
    const twin = await callRoute(t.app, reports.retryReport, { TaskId: taskId }, { as: admin });
    expect(seed.Code).toBe(0);
    expect(seed.Result.TaskId).toBe(taskId);
    // Both queue the same report again; only the moment of the change differs.
    const sameBut = (answer: typeof seed) => ({ ...answer, Result: { ...answer.Result, UpdateTime: null } });
    expect(seed.Result.Status).toBe('queued');
    expect(sameBut(seed)).toEqual(sameBut(twin));
  });
});
