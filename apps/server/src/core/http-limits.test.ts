/**
 * Limits on a real socket (issue 10, item 11): a URL over Node's 16 kB header limit is answered in
 * the envelope, and a refused upload leaves a keep-alive connection usable for the next request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { buildAdmin } from '../../test/factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { bigPng } from '../../test/plan-files.ts';

let t: TestApp;
let token: string;
let port: number;
let projectId: string;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  reusedSocket: boolean;
}

/** One request through the keep-alive agent (one socket at most, so requests share it). */
function request(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { authorization: `Bearer ${token}`, ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            reusedSocket: outgoing.reusedSocket,
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

beforeAll(async () => {
  t = await createTestApp();
  token = (await buildAdmin(t)).token;
  const project = await call<{ ProjectId: string }>(t.app, 'POST', '/api/ms/Project/Add', {
    token,
    body: { Name: '连接测试', DetailsInfo: [] },
  });
  projectId = project.body.Result.ProjectId;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

describe('limits on a real connection', () => {
  it(
    'keeps a keep-alive connection usable after refusing an oversized upload',
    { timeout: 10_000 },
    async () => {
      const first = await request('POST', '/api/sys/User/GetSelf');
      expect(JSON.parse(first.body)).toMatchObject({ Code: 0 });

      const upload = multipartBody([{ name: 'plan.png', data: bigPng(6 * 1024 * 1024), type: 'image/png' }], {
        ProjectId: projectId,
        Name: 'tooBig',
        FloorArea: '88',
      });
      const refused = await request('POST', '/api/ms/Project/HouseMapUpdate', {
        headers: upload.headers,
        body: upload.payload,
      });
      expect(refused.status).toBe(200);
      expect(JSON.parse(refused.body)).toMatchObject({ Code: 400, Result: [{ Field: 'File' }] });

      const next = await request('POST', '/api/sys/User/GetSelf', {
        headers: { 'accept-language': 'en-US' },
      });
      expect(JSON.parse(next.body)).toMatchObject({ Code: 0 });
      expect(next.reusedSocket).toBe(true);

      // The same for the import (its own limit, 5 MB) and a JSON body over 1 MB.
      const workbook = multipartBody([{ name: 'users.xlsx', data: Buffer.alloc(6 * 1024 * 1024, 0x50) }]);
      const importRefused = await request('POST', '/api/sys/user/ImportPreview', {
        headers: workbook.headers,
        body: workbook.payload,
      });
      expect(JSON.parse(importRefused.body)).toMatchObject({ Code: 400, Result: [{ Field: 'File' }] });
      expect(importRefused.headers.connection).not.toBe('close');
      const json = await request('POST', '/api/ms/Project/GetPage', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Name: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(JSON.parse(json.body)).toMatchObject({ Code: 400 });
      // Refused before a byte of it was read (Content-Length over the limit): Node answers with
      // `Connection: close`, and the client's next request opens a new connection.
      expect(json.headers.connection).toBe('close');
      const after = await request('POST', '/api/sys/User/GetSelf');
      expect(JSON.parse(after.body)).toMatchObject({ Code: 0 });
    },
  );

  it('answers a URL over 16 kB in the envelope (HTTP 414), translated, and the next connection works', async () => {
    const answer = await request('POST', `/api/sys/User/GetSelf?q=${'x'.repeat(20_000)}`, {
      headers: { 'accept-language': 'en-US' },
    });
    expect(answer.status).toBe(414);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({
      Code: 400,
      Message: 'The request address is too long; the limit is 16 KB',
      Result: null,
    });
    const zh = await request('GET', `/api/${'x'.repeat(20_000)}`);
    expect(zh.status).toBe(414);
    expect(JSON.parse(zh.body)).toMatchObject({ Code: 400, Message: '请求地址过长，最多 16 KB' });

    const headers = await request('POST', '/api/sys/User/GetSelf', {
      headers: { 'accept-language': 'en-US', 'x-big': 'y'.repeat(20_000) },
    });
    expect(headers.status).toBe(431);
    expect(JSON.parse(headers.body)).toMatchObject({ Code: 400 });

    const next = await request('POST', '/api/sys/User/GetSelf');
    expect(JSON.parse(next.body)).toMatchObject({ Code: 0 });
  });
});
