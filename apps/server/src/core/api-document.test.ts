/**
 * The OpenAPI document tells the truth (issue 29 item 6): it is a valid OpenAPI 3.0 document whose
 * references all resolve, it lists the refusal envelope, 401, 429, files and tus answers, and the
 * answer check every API test runs through (test/openapi-check.ts) catches a document lie.
 */
import { randomUUID } from 'node:crypto';
import SwaggerParser from '@apidevtools/swagger-parser';
import { apiRoutes, ErrorCode, XLSX_CONTENT_TYPE } from '@measure/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callRoute, callRouteResponse } from '../../test/call-route.ts';
import { buildCompany, buildDevice, companyAdmin } from '../../test/factories.ts';
import { checkAnswersAgainstDocument, DocumentCheck, documentCheck } from '../../test/openapi-check.ts';
import { MAX_PATH_PARAM_LENGTH } from './api-responses.ts';

type Operation = {
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; schema?: { maxLength?: number } }>;
  responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };

let t: TestApp;
let document: Document;
let admin: { token: string };
let device: { key: string };

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Document>();
  const companyId = (await buildCompany(t)).id;
  admin = await companyAdmin(t, companyId);
  device = await buildDevice(t, { companyId });
});
afterAll(async () => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method} ${path}`,
      path,
      method,
      operation,
    })),
  );
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.0 and every reference resolves (the organisation tree is a named component)', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(JSON.stringify(document)).not.toContain('schema0');
    const tree = document.paths['/api/sys/SysOrg/GetOrgTree']?.get?.responses['200'];
    expect(JSON.stringify(tree)).toContain('#/components/schemas/OrgTreeNode');
  });

  it('lists the refusal envelope under 200, 401 where a caller is needed, 500 everywhere', () => {
    const errorEnvelope = '#/components/schemas/ErrorEnvelope';
    for (const { name, operation } of operations()) {
      expect(JSON.stringify(operation.responses['500']), name).toContain(errorEnvelope);
      const ok = operation.responses['200'] ?? operation.responses['201'] ?? operation.responses['204'];
      expect(ok, name).toBeDefined();
      const needsCaller = (operation.security ?? []).length > 0;
      expect(operation.responses['401'] !== undefined, name).toBe(needsCaller);
      // Protocols of their own: tus, and the event stream (refused only with the 401 envelope).
      if (name.includes('/device/v1/Files') || name === 'get /api/events') continue;
      expect(JSON.stringify(operation.responses['200']?.content?.['application/json']), name).toContain(
        errorEnvelope,
      );
    }
    const login = document.paths['/api/sys/Auth/AuthLogin']?.post;
    expect(login?.responses['429']?.headers).toHaveProperty('Retry-After');
  });

  it('documents every file route with its own content types and Content-Disposition', () => {
    const fileRoutes = Object.values(apiRoutes).flatMap((group) =>
      Object.values(group).filter((route) => route.file !== undefined),
    );
    expect(fileRoutes.length).toBeGreaterThanOrEqual(25);
    for (const route of fileRoutes) {
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      const content = Object.keys(operation?.responses['200']?.content ?? {});
      // A file that is itself JSON (a tileset) shares its content type with the error envelope.
      const expected = new Set([...(route.file?.contentTypes ?? []), 'application/json']);
      expect(content, route.path).toEqual([...expected]);
      if (route.file?.disposition !== 'none') {
        expect(operation?.responses['200']?.headers, route.path).toHaveProperty('Content-Disposition');
      }
    }
  });

  it('documents the device API with the device key and the tus routes with their statuses', () => {
    const heartbeat = document.paths['/api/device/v1/Heartbeat']?.post;
    expect(heartbeat?.security).toEqual([{ deviceKey: [] }]);
    const files = document.paths['/api/device/v1/Files/{FileId}'];
    expect(Object.keys(files?.patch?.responses ?? {})).toEqual(
      expect.arrayContaining(['204', '401', '404', '409', '412']),
    );
    expect(files?.patch?.responses['204']?.headers).toHaveProperty('Upload-Offset');
    expect(document.paths['/api/device/v1/Files']?.post?.responses['201']?.headers).toHaveProperty(
      'Location',
    );
  });

  it('never allows a path parameter longer than the router takes', () => {
    const limits = operations().flatMap(({ name, operation }) =>
      (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => ({ name: `${name} ${parameter.name}`, max: parameter.schema?.maxLength ?? 0 })),
    );
    const workOrderPicture = limits.find((limit) => /WorkOrder\/Picture.* FileId$/.test(limit.name));
    expect(workOrderPicture?.max).toBe(128);
    for (const limit of limits) expect(limit.max, limit.name).toBeLessThanOrEqual(MAX_PATH_PARAM_LENGTH);
  });
});

describe('the router and the document agree on FileId', () => {
  const picture = (fileId: string) =>
    callRouteResponse(
      t.app,
      apiRoutes.workOrders.getPicture,
      { WorkOrderId: randomUUID(), FileId: fileId },
      { as: admin },
    );

  it('takes a FileId of 128 characters to the handler (not found: Code 404 under HTTP 200)', async () => {
    const answer = await picture('f'.repeat(128));
    expect([answer.status, answer.body.Code]).toEqual([200, ErrorCode.NotFound]);
  });

  it('refuses a FileId of 129 characters with Code 400 on FileId', async () => {
    const answer = await picture('f'.repeat(129));
    expect([answer.status, answer.body.Code]).toEqual([200, ErrorCode.BadRequest]);
    expect((answer.body.Result as unknown as Array<{ Field: string }>)[0]?.Field).toBe('FileId');
  });
});

describe('real answers match the document (checked by the wrapped app.inject)', () => {
  it('an Excel export: its content type and Content-Disposition', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: apiRoutes.devices.exportDeviceToExcel.path,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: {},
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(String(answer.headers['content-disposition'])).toMatch(/^attachment; filename=/);
  });

  it('a refusal envelope, a field error and a 401', async () => {
    const missing = await callRoute(
      t.app,
      apiRoutes.devices.getDeviceAssign,
      { userId: randomUUID() },
      { as: admin },
    );
    expect(missing.Code).not.toBe(0);
    const invalid = await callRoute(t.app, apiRoutes.devices.getDeviceAssign, { userId: 'x' }, { as: admin });
    expect(invalid.Code).toBe(ErrorCode.BadRequest);
    const anonymous = await callRouteResponse(t.app, apiRoutes.orgs.getOrgTree, {});
    expect(anonymous.status).toBe(401);
  });

  it('a tus upload: capabilities, creation, offset, bytes, a wrong offset, termination', async () => {
    const files = '/api/device/v1/Files';
    const tus = (
      method: 'OPTIONS' | 'POST' | 'HEAD' | 'PATCH' | 'DELETE',
      url: string,
      headers = {},
      body?: Buffer,
    ) =>
      t.app.inject({
        method,
        url,
        headers: { 'tus-resumable': '1.0.0', authorization: `Device ${device.key}`, ...headers },
        ...(body ? { payload: body } : {}),
      });
    expect((await tus('OPTIONS', files)).statusCode).toBe(204);
    const metadata = `filename ${Buffer.from('a.png').toString('base64')},kind ${Buffer.from('picture').toString('base64')}`;
    const created = await tus('POST', files, { 'upload-length': '10', 'upload-metadata': metadata });
    expect(created.statusCode).toBe(201);
    const upload = `${files}/${String(created.headers.location).split('/').pop()}`;
    const bytes = { 'content-type': 'application/offset+octet-stream' };
    expect((await tus('PATCH', upload, { ...bytes, 'upload-offset': '0' }, Buffer.alloc(4))).statusCode).toBe(
      204,
    );
    expect((await tus('HEAD', upload)).headers['upload-offset']).toBe('4');
    expect((await tus('PATCH', upload, { ...bytes, 'upload-offset': '1' }, Buffer.alloc(2))).statusCode).toBe(
      409,
    );
    expect((await tus('PATCH', upload, { 'upload-offset': '4' })).statusCode).toBe(403);
    expect((await tus('HEAD', upload, { 'tus-resumable': '' })).statusCode).toBe(412);
    expect((await tus('HEAD', upload, { authorization: 'Device wrong' })).statusCode).toBe(401);
    expect((await tus('DELETE', upload)).statusCode).toBe(204);
    expect((await tus('HEAD', upload)).statusCode).toBe(404);
  });
});

describe('the answer check', () => {
  it('fails the call on a lie, naming the operation, the status and the path of the mismatch', async () => {
    const lying = Fastify();
    lying.get('/api/lie', async () => ({ Code: 0, Message: 'ok', Result: { Name: 7 } }));
    lying.get('/api/teapot', async (_request, reply) => reply.code(418).send({ Code: 0 }));
    lying.get('/api/file', async (_request, reply) => reply.type('text/html').send('<p>'));
    const named = { type: 'object', properties: { Name: { type: 'string' } } };
    const envelope = { type: 'object', properties: { Result: named }, required: ['Result'] };
    const ok = (schema: Record<string, unknown>) => ({
      200: { content: { 'application/json': { schema } } },
    });
    const check = new DocumentCheck({
      paths: {
        '/api/lie': { get: { responses: ok(envelope) } },
        '/api/teapot': { get: { responses: ok(envelope) } },
        '/api/file': {
          get: {
            responses: {
              200: {
                headers: { 'Content-Disposition': { schema: { type: 'string' } } },
                content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
              },
            },
          },
        },
      },
    });
    await lying.ready();
    checkAnswersAgainstDocument(lying, () => check);
    await expect(lying.inject({ method: 'GET', url: '/api/lie' })).rejects.toThrow(
      /GET \/api\/lie answered HTTP 200 \(application\/json\): the body does not match the document at \/Result\/Name must be string/,
    );
    await expect(lying.inject({ method: 'GET', url: '/api/teapot' })).rejects.toThrow(
      /GET \/api\/teapot answered HTTP 418, which the document does not list/,
    );
    await expect(lying.inject({ method: 'GET', url: '/api/file' })).rejects.toThrow(
      /content type text\/html is not one of application\/pdf/,
    );
    await lying.close();
  });

  it('passes every answer this file got (one check per process, schemas compiled once)', () => {
    expect(documentCheck(t.app)).toBe(documentCheck(t.app));
  });
});
