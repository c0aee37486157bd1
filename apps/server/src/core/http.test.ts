import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { buildAdmin } from '../../test/factories.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await buildAdmin(t)).token;
});
afterAll(async () => t.close());

describe('health', () => {
  it('answers /livez and /readyz with 200 JSON', async () => {
    for (const url of ['/livez', '/readyz']) {
      const response = await call(t.app, 'GET', url);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ Code: 0, Result: { Status: 'ok' } });
    }
  });
});

describe('envelope and input handling', () => {
  const getPage = (body: unknown, lang?: string) =>
    call<{ Items: unknown[]; PageSize: number }>(t.app, 'POST', '/api/ms/Project/GetPage', {
      token,
      body,
      lang,
    });

  it('matches paths and body keys case-insensitively', async () => {
    const response = await call<{ PageSize: number; CurrentPage: number }>(
      t.app,
      'POST',
      '/API/MS/project/getpage',
      {
        token,
        body: { pagesize: 1, CURRENTPAGE: 2 },
      },
    );
    expect(response.body.Code).toBe(0);
    expect(response.body.Result).toMatchObject({ PageSize: 1, CurrentPage: 2 });
  });

  it('unwraps PostData and refuses a PostData that is not JSON', async () => {
    const ok = await getPage({ PostData: JSON.stringify({ PageSize: 1 }) });
    expect(ok.body.Result.PageSize).toBe(1);
    const bad = await getPage({ PostData: '{not json' }, 'en-US');
    expect(bad.status).toBe(200);
    expect(bad.body).toEqual({ Code: 400, Message: 'PostData is not a valid JSON string', Result: null });
  });

  it('ignores unknown keys and rejects wrong types with translated field messages', async () => {
    expect((await getPage({ Unknown: 1, PageSize: 2 })).body.Code).toBe(0);
    const bad = await getPage({ PageSize: 'many', AscDesc: 'sideways' }, 'en-US');
    expect(bad.body.Code).toBe(400);
    expect(bad.body.Result).toEqual([
      { Field: 'PageSize', Message: 'Wrong type; expected a number' },
      { Field: 'AscDesc', Message: 'Invalid value' },
    ]);
    const wrongType = await getPage({ PageSize: 'many' });
    expect(wrongType.body.Result).toEqual([{ Field: 'PageSize', Message: '类型不正确，应为数字' }]);
    const chinese = await getPage({ ProjectName: 'x'.repeat(21) });
    expect(chinese.body.Result).toEqual([{ Field: 'ProjectName', Message: '不能超过 20 个字符' }]);
  });

  it('answers malformed JSON, wrong media types and bodies over 1 MB with Code 400, never 500', async () => {
    const malformed = await call(t.app, 'POST', '/api/ms/Project/GetPage', { token, body: '{"PageSize": ' });
    expect(malformed.status).toBe(200);
    expect(malformed.body.Code).toBe(400);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/ms/Project/GetPage',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.json()).toMatchObject({ Code: 400 });
    const huge = await call(t.app, 'POST', '/api/ms/Project/GetPage', {
      token,
      body: { ProjectName: 'x'.repeat(1_100_000) },
      lang: 'en-US',
    });
    expect(huge.body).toEqual({
      Code: 400,
      Message: 'The request is too large; the limit is 1 MB',
      Result: null,
    });
  });

  it('names the route’s own limit when a route accepts larger bodies', async () => {
    const huge = await call(t.app, 'POST', '/api/ms/Project/SaveMeasurePoints', {
      token,
      body: { HouseMapId: 'x', Padding: 'x'.repeat(9 * 1024 * 1024) },
      lang: 'en-US',
    });
    expect(huge.body).toEqual({
      Code: 400,
      Message: 'The request is too large; the limit is 8 MB',
      Result: null,
    });
  });

  it('accepts an empty JSON body as no body', async () => {
    const response = await call(t.app, 'POST', '/api/ms/Project/GetPage', { token, body: '' });
    expect(response.body.Code).toBe(0);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const response = await call(t.app, 'POST', '/api/sys/Nothing/Here', { lang: 'en-US' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ Code: 404, Message: 'No such API: /api/sys/Nothing/Here', Result: null });
  });

  it('picks the message language from Accept-Language, zh-CN by default', async () => {
    const chinese = await call(t.app, 'POST', '/api/sys/User/GetSelf');
    expect(chinese.body.Message).toBe('认证信息已失效或账号已被禁用，请重新登录');
    const english = await call(t.app, 'POST', '/api/sys/User/GetSelf', { lang: 'en-US,en;q=0.9' });
    expect(english.body.Message).toBe(
      'Your sign-in has expired or the account is disabled; please sign in again',
    );
  });
});

describe('security headers and API docs', () => {
  it('sends CSP without inline script, nosniff, frame-ancestors and a referrer policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/livez' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves an OpenAPI document built from the contract schemas, and its UI', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const openapi = document.json<{ paths: Record<string, { post?: { requestBody?: unknown } }> }>();
    const login = openapi.paths['/api/sys/Auth/AuthLogin']?.post;
    expect(JSON.stringify(login?.requestBody)).toContain('"maxLength":1024');
    expect(Object.keys(openapi.paths)).toContain('/api/ms/Project/GetPage');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
