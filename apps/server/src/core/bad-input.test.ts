/**
 * Bad input answered as Code 400 with a translated message (issue 10, items 7-10): text that
 * cannot be stored (NUL, lone surrogates), malformed multipart bodies, and images that do not
 * decode or are too large in pixels. The fuzz test (fuzz.test.ts) covers every route; these pin
 * down the answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@measure/contract';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { buildAdmin } from '../../test/factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { jpegBytes, pngBytes, pngWithLyingHeader } from '../../test/plan-files.ts';

let t: TestApp;
let token: string;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await buildAdmin(t)).token;
  const project = await call<{ ProjectId: string }>(t.app, 'POST', '/api/ms/Project/Add', {
    token,
    body: { Name: '坏输入', DetailsInfo: [] },
  });
  projectId = project.body.Result.ProjectId;
});
afterAll(async () => t.close());

const post = (url: string, body: unknown, lang?: string) => call(t.app, 'POST', url, { token, body, lang });

async function uploadPlan(name: string, data: Buffer, type = 'image/png') {
  const body = multipartBody([{ name, data, type }], {
    ProjectId: projectId,
    Name: `户型${Math.random().toString(36).slice(2, 8)}`,
    FloorArea: '80',
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ms/Project/HouseMapUpdate',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
  });
  return response.json<Envelope<unknown>>();
}

describe('text that cannot be stored', () => {
  it('refuses NUL in a project name (Code 400, the field, translated)', async () => {
    const zh = await post('/api/ms/Project/Add', { Name: 'N\u0000x', DetailsInfo: [] });
    expect(zh.status).toBe(200);
    expect(zh.body).toEqual({
      Code: 400,
      Message: '包含无法保存的字符（NUL 或不完整的 Unicode 字符）',
      Result: [{ Field: 'Name', Message: '包含无法保存的字符（NUL 或不完整的 Unicode 字符）' }],
    });
    const en = await post('/api/ms/Project/Add', { Name: 'N\u0000x', DetailsInfo: [] }, 'en-US');
    expect(en.body.Result).toEqual([
      {
        Field: 'Name',
        Message: 'Contains characters that cannot be stored (NUL or a broken Unicode character)',
      },
    ]);
  });

  it('refuses lone surrogates instead of storing U+FFFD, at any depth and in PostData', async () => {
    const org = await post('/api/sys/SysOrg/Create', { Name: 'Q\ud800' });
    expect(org.body).toMatchObject({ Code: 400, Result: [{ Field: 'Name' }] });
    const nested = await post('/api/ms/Project/Add', {
      Name: '好名字',
      DetailsInfo: [{ BuildingNumber: '\udc00', Stories: 1, Households: 1, DeliveryStandard: 'fine' }],
    });
    expect(nested.body).toMatchObject({ Code: 400, Result: [{ Field: 'DetailsInfo[0].BuildingNumber' }] });
    const wrapped = await post('/api/ms/Project/GetPage', {
      PostData: JSON.stringify({ ProjectName: 'a\u0000' }),
    });
    expect(wrapped.body).toMatchObject({ Code: 400, Result: [{ Field: 'ProjectName' }] });
    // Keys the schema does not know are refused too (they could reach a jsonb column).
    const key = await post('/api/ms/Project/GetPage', { ['x\u0000y']: 1 });
    expect(key.body).toMatchObject({ Code: 400, Result: [{ Field: 'x\ufffdy' }] });
  });

  it('refuses NUL in a query string', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/ms/measureRule/GetList?Stage=a%00b',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.json()).toMatchObject({ Code: 400, Result: [{ Field: 'Stage' }] });
  });

  it('still accepts emoji and other well-formed text', async () => {
    const response = await post('/api/ms/Project/GetPage', { ProjectName: '😀' });
    expect(response.body.Code).toBe(0);
  });
});

describe('malformed multipart bodies', () => {
  const send = async (url: string, contentType: string, payload: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
    });
    return { status: response.statusCode, body: response.json<Envelope<unknown>>() };
  };
  const part = `------b\r\nContent-Disposition: form-data; name="ProjectId"\r\n\r\n${'x'}\r\n`;
  const cut = `${part}------b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`;

  for (const url of [
    '/api/ms/Project/HouseMapUpdate',
    '/api/fms/Project/AddHouseMap',
    '/api/sys/user/ImportPreview',
  ]) {
    it(`answers Code 400 for a missing boundary and a body cut short on ${url}`, async () => {
      const message =
        'The upload is not a valid multipart/form-data request (no boundary, or the body is cut short)';
      expect(await send(url, 'multipart/form-data', part)).toEqual({
        status: 200,
        body: { Code: 400, Message: message, Result: null },
      });
      expect(await send(url, 'multipart/form-data; boundary=', part)).toMatchObject({ body: { Code: 400 } });
      expect(await send(url, 'multipart/form-data; boundary=----b', cut)).toEqual({
        status: 200,
        body: { Code: 400, Message: message, Result: null },
      });
    });
  }

  it('refuses a NUL in a multipart field or file name', async () => {
    const body = multipartBody([{ name: 'p\u0000.png', data: pngBytes(), type: 'image/png' }], {
      ProjectId: projectId,
      Name: '户型',
      FloorArea: '80',
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ms/Project/HouseMapUpdate',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    expect(response.json()).toMatchObject({ Code: 400, Result: [{ Field: 'file' }] });
  });
});

describe('plan images must decode', () => {
  it('stores real PNG and JPEG images', async () => {
    expect((await uploadPlan('plan.png', pngBytes(40, 30))).Code).toBe(0);
    expect(await uploadPlan('plan.jpg', jpegBytes(48, 32), 'image/jpeg')).toMatchObject({
      Code: 0,
      Result: { Width: 48, Height: 32 },
    });
  });

  it('refuses a 40-byte PNG (signature and header only)', async () => {
    const forty = Buffer.concat([pngBytes().subarray(0, 33), Buffer.alloc(7)]);
    expect(forty.length).toBe(40);
    expect(await uploadPlan('plan.png', forty)).toMatchObject({
      Code: 400,
      Result: [{ Field: 'File', Message: 'The file content is not a valid PNG image' }],
    });
  });

  it('refuses a header of 100000 x 100000 pixels over 8 x 8 of data by its pixel count', async () => {
    expect(await uploadPlan('plan.png', pngWithLyingHeader(100_000, 100_000))).toMatchObject({
      Code: 400,
      Result: [{ Field: 'File', Message: 'The image is too large: at most 40 megapixels (width x height)' }],
    });
  });

  it('refuses a header under the limit over too little data, and a JPEG cut short', async () => {
    expect(await uploadPlan('plan.png', pngWithLyingHeader(3000, 3000))).toMatchObject({
      Code: 400,
      Result: [{ Field: 'File', Message: 'The file content is not a valid PNG image' }],
    });
    const jpeg = jpegBytes(64, 64);
    expect(await uploadPlan('plan.jpg', jpeg.subarray(0, jpeg.length - 40), 'image/jpeg')).toMatchObject({
      Code: 400,
      Result: [{ Field: 'File', Message: 'The file content is not a valid JPEG image' }],
    });
  });
});

describe('dates that are no dates', () => {
  it('answers the date message on the field, not a generic one, in both languages', async () => {
    for (const value of ['😀', "2026-01-01' OR '1'='1", '2026-02-30']) {
      const zh = await post('/api/ms/MsTask/GetTaskList', { StartDate: value, PageSize: 10, CurrentPage: 1 });
      expect(zh.body).toMatchObject({
        Code: 400,
        Result: [{ Field: 'StartDate', Message: '日期格式不正确，应为 年-月-日' }],
      });
      const en = await post('/api/ms/statis/GetStatisticsData', { EndDate: value }, 'en-US');
      expect(en.body).toMatchObject({
        Code: 400,
        Result: [{ Field: 'EndDate', Message: 'Invalid date, use year-month-day' }],
      });
    }
    const empty = await post('/api/ms/MsTask/GetTaskList', { StartDate: '', PageSize: 10, CurrentPage: 1 });
    expect(empty.body).toMatchObject({ Code: 0 });
  });
});
