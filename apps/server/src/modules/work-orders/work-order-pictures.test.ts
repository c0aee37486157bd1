import { apiRoutes, formatMessage, type MessageKey } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
import { buildCompany, buildDevice, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { buildPlannedProject, buildWorkOrder } from '../../../test/task-factories.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { bigPng, jpegBytes, pngBytes, pngWithLyingHeader } from '../../../test/plan-files.ts';

/**
 * Issue 18: completion photos uploaded from the browser (checked by content, company-scoped, taken by
 * WorkOrder/Complete), the photos of a work order, and a household's plan with its pins.
 */
let t: TestApp;
let admin: BuiltUser;
let worker: BuiltUser;
let stranger: BuiltUser;
let otherAdmin: BuiltUser;
let projectId: string;
let otherProjectId: string;
let companyId: string;

const photo = () => pngBytes(64, 48);

async function newOrder(as: BuiltUser, project: string, assignee: BuiltUser, start = true): Promise<string> {
  const place = { Household: 1, X: 20, Y: 15 };
  const id = await buildWorkOrder(t, as, { ProjectId: project, ...place, AssigneeId: assignee.id });
  if (start) await callRouteOk(t.app, apiRoutes.workOrders.start, { WorkOrderId: id }, { as: assignee });
  return id;
}

async function upload(
  as: BuiltUser,
  fields: Record<string, string>,
  files: Array<{ name: string; data: Buffer; type?: string }>,
  lang = 'zh-CN',
) {
  const body = multipartBody(
    files.map((file) => ({ ...file, type: file.type ?? 'image/png' })),
    fields,
  );
  const response = await t.app.inject({
    method: 'POST',
    url: apiRoutes.workOrders.uploadPicture.path,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${as.token}`, 'accept-language': lang },
  });
  return response.json<{ Code: number; Message: string; Result: { FileId: string } | null }>();
}

const refused = (
  answer: { Code: number; Message: string },
  code: number,
  key: MessageKey,
  lang = 'zh-CN',
) => {
  expect(answer.Code).toBe(code);
  expect(answer.Message.startsWith(formatMessage(lang as 'zh-CN', key, { maxMb: 10, type: 'PNG' }))).toBe(
    true,
  );
};

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  worker = await buildUser(t, { companyId, roles: ['Surveyor'] });
  stranger = await buildUser(t, { companyId, roles: ['Surveyor'] });
  const building = { stories: 3, households: 2 };
  projectId = await buildPlannedProject(t, { companyId, ...building, staff: [worker, stranger] });
  const otherCompanyId = (await buildCompany(t)).id;
  otherAdmin = await buildUser(t, { companyId: otherCompanyId, roles: ['CompanyAdmin'] });
  otherProjectId = await buildPlannedProject(t, { companyId: otherCompanyId, ...building });
});
afterAll(async () => t.close());

describe('work order photos', () => {
  it('stores a photo of the assignee, completes with it, and serves it with the work order', async () => {
    const id = await newOrder(admin, projectId, worker);
    const data = photo();
    const answer = await upload(worker, { WorkOrderId: id }, [{ name: '墙面.png', data }]);
    expect(answer.Code).toBe(0);
    const fileId = answer.Result?.FileId as string;
    expect(fileId).toMatch(/^[0-9a-f-]{36}\.png$/);
    const stored = await t.app.inject({ method: 'GET', url: `/api/rs/WorkOrder/Picture/${id}/${fileId}` });
    expect(stored.statusCode).toBe(401);
    // Not named by the work order yet: 404.
    const early = await callRouteResponse(
      t.app,
      apiRoutes.workOrders.getPicture,
      { WorkOrderId: id, FileId: fileId },
      { as: admin },
    );
    expect(early.body.Code).toBe(404);
    await callRouteOk(
      t.app,
      apiRoutes.workOrders.complete,
      { WorkOrderId: id, Remark: '已打磨', PictureFileIds: [fileId] },
      { as: worker },
    );
    const order = await callRouteOk(t.app, apiRoutes.workOrders.get, { WorkOrderId: id }, { as: admin });
    expect(order).toMatchObject({ State: 'completed', PictureFileIds: [fileId] });
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/rs/WorkOrder/Picture/${id}/${encodeURIComponent(fileId)}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(data)).toBe(true);
    // Another company sees neither the work order nor its photo.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/rs/WorkOrder/Picture/${id}/${encodeURIComponent(fileId)}`,
      headers: { authorization: `Bearer ${otherAdmin.token}` },
    });
    expect(foreign.json<{ Code: number }>().Code).toBe(404);
  });

  it('refuses a file that is not a JPEG or PNG picture, too big, several files or none', async () => {
    const id = await newOrder(admin, projectId, worker);
    refused(
      await upload(worker, { WorkOrderId: id }, [{ name: 'a.gif', data: photo() }]),
      400,
      'workOrders.pictureType',
    );
    refused(
      await upload(worker, { WorkOrderId: id }, [
        { name: 'a.png', data: Buffer.from('not a picture at all') },
      ]),
      400,
      'workOrders.pictureNotImage',
    );
    refused(
      await upload(
        worker,
        { WorkOrderId: id },
        [{ name: 'a.png', data: bigPng(10 * 1024 * 1024 + 1) }],
        'en-US',
      ),
      400,
      'workOrders.pictureTooLarge',
      'en-US',
    );
    refused(
      await upload(worker, { WorkOrderId: id }, [
        { name: 'a.png', data: photo() },
        { name: 'b.png', data: photo() },
      ]),
      400,
      'workOrders.pictureOneFile',
    );
    refused(await upload(worker, { WorkOrderId: id }, []), 400, 'workOrders.pictureRequired');
    const tooMany = await callRoute(
      t.app,
      apiRoutes.workOrders.complete,
      { WorkOrderId: id, Remark: 'x', PictureFileIds: Array.from({ length: 21 }, (_, i) => `f${i}`) },
      { as: worker },
    );
    expect(tooMany.Code).toBe(400);
    expect(JSON.stringify(tooMany.Result)).toContain(formatMessage('zh-CN', 'workOrders.tooManyPictures'));
    const order = await callRouteOk(t.app, apiRoutes.workOrders.get, { WorkOrderId: id }, { as: admin });
    expect(order.State).toBe('start');
  });

  it('takes photos only from who may complete, while in progress, and only the company’s own', async () => {
    const id = await newOrder(admin, projectId, worker);
    refused(
      await upload(stranger, { WorkOrderId: id }, [{ name: 'a.png', data: photo() }]),
      403,
      'workOrders.notAssignee',
    );
    // Who may upload is checked before the content: a stranger's broken file is refused as a stranger's.
    refused(
      await upload(stranger, { WorkOrderId: id }, [{ name: 'a.png', data: Buffer.from('not a picture') }]),
      403,
      'workOrders.notAssignee',
    );
    const waiting = await newOrder(admin, projectId, worker, false);
    refused(
      await upload(worker, { WorkOrderId: waiting }, [{ name: 'a.png', data: photo() }]),
      409,
      'workOrders.pictureNotInProgress',
    );
    const foreignOrder = await newOrder(otherAdmin, otherProjectId, otherAdmin);
    const foreign = await upload(otherAdmin, { WorkOrderId: foreignOrder }, [
      { name: 'b.png', data: photo() },
    ]);
    expect(foreign.Code).toBe(0);
    // Another company's work order is not found for the worker's upload either.
    expect(
      (await upload(worker, { WorkOrderId: foreignOrder }, [{ name: 'a.png', data: photo() }])).Code,
    ).toBe(404);
    const completed = await callRoute(
      t.app,
      apiRoutes.workOrders.complete,
      { WorkOrderId: id, Remark: '已打磨', PictureFileIds: [foreign.Result?.FileId as string] },
      { as: worker, lang: 'en-US' },
    );
    expect(completed).toMatchObject({ Code: 400, Result: [{ Field: 'PictureFileIds[0]' }] });
    expect(completed.Message).toContain(
      formatMessage('en-US', 'workOrders.pictureInvalid', { file: foreign.Result?.FileId as string }),
    );
    // An administrator who may complete it uploads too.
    expect((await upload(admin, { WorkOrderId: id }, [{ name: 'a.jpg', data: photo() }])).Code).toBe(400);
    expect((await upload(admin, { WorkOrderId: id }, [{ name: 'a.png', data: photo() }])).Code).toBe(0);
    const jpeg = await upload(admin, { WorkOrderId: id }, [
      { name: 'a.JPEG', data: jpegBytes(), type: 'image/jpeg' },
    ]);
    expect(jpeg.Result?.FileId).toMatch(/\.jpg$/);
    // A PNG header over data that does not decode to it.
    refused(
      await upload(worker, { WorkOrderId: id }, [{ name: 'a.png', data: pngWithLyingHeader(64, 48) }]),
      400,
      'workOrders.pictureNotImage',
    );
  });
});

it('never lets a robot name a person’s photo in its results', async () => {
  const id = await newOrder(admin, projectId, worker);
  const photoId = (await upload(worker, { WorkOrderId: id }, [{ name: 'a.png', data: photo() }])).Result
    ?.FileId as string;
  const device = await buildDevice(t, { companyId });
  const taskId = await callRouteOk(
    t.app,
    apiRoutes.tasks.addTask,
    {
      ProjectId: projectId,
      Stage: 'plaster',
      MeasureKind: 'first',
      InspectionKind: 'self',
      Households: [{ BuildingNumber: '1#', Floor: 2, Household: 1 }],
      ItemCodes: ['PL-01'],
      DeviceGuid: device.id,
    },
    { as: admin },
  );
  const sent = await callRouteResponse(
    t.app,
    apiRoutes.resultsDevice.results,
    {
      TaskId: taskId,
      Source: 'robot',
      Sites: [
        {
          PointIndex: 1,
          BuildingNumber: '1#',
          Floor: 2,
          Household: 1,
          PictureFileIds: [photoId],
          Readings: [{ ItemCode: 'PL-01', Values: [1] }],
        },
      ],
    } as never,
    { headers: { authorization: `Device ${device.key}`, 'idempotency-key': 'wo-photo-1' } },
  );
  expect(sent.body).toMatchObject({ Code: 400, Result: [{ Field: 'Sites[0].PictureFileIds[0]' }] });
});

describe('work order plan', () => {
  it('answers the household plan with the pins of its work orders and their states', async () => {
    const id = await newOrder(admin, projectId, worker, false);
    const plan = await callRouteOk(
      t.app,
      apiRoutes.workOrders.getPlan,
      { ProjectId: projectId, BuildingNumber: '1#', Floor: 1, Household: 1 },
      { as: worker },
    );
    expect(plan).toMatchObject({ MapType: 'image', Width: 40, Height: 30 });
    expect(plan?.Pins).toContainEqual(
      expect.objectContaining({ WorkOrderId: id, State: 'unstart', X: 20, Y: 15 }),
    );
    const foreign = await callRoute(
      t.app,
      apiRoutes.workOrders.getPlan,
      { ProjectId: projectId, BuildingNumber: '1#', Floor: 1, Household: 1 },
      { as: otherAdmin },
    );
    expect(foreign.Code).toBe(404);
    const noBuilding = await callRoute(
      t.app,
      apiRoutes.workOrders.getPlan,
      { ProjectId: projectId, BuildingNumber: '9#', Floor: 1, Household: 1 },
      { as: admin },
    );
    expect(noBuilding).toMatchObject({ Code: 400, Result: [{ Field: 'BuildingNumber' }] });
  });
});
