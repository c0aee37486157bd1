/**
 * Malformed input on every route (issue 10): each route of the OpenAPI document is called as the
 * demo company administrator with bodies and queries built from its schema and then broken: NUL
 * characters and lone surrogates in every string field (one at a time, so the rest still passes
 * validation and the bad text reaches the service), wrong types, huge numbers, arrays for objects,
 * broken JSON, and for POST routes multipart bodies without a boundary or cut short. No answer may
 * be HTTP 500; the failure lists every route and payload that got one.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, encodeLogin, login, type TestApp } from '../../test/app.ts';
import { multipartBody } from '../../test/multipart.ts';
import { pngBytes } from '../../test/plan-files.ts';
import { sql } from 'drizzle-orm';

interface JsonSchema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  minLength?: number;
  additionalProperties?: JsonSchema | boolean;
}

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema; required?: boolean }>;
}

interface FuzzRoute {
  method: 'GET' | 'POST';
  url: string;
  body?: JsonSchema;
  query?: Record<string, JsonSchema>;
}

type Payload =
  | { label: string; kind: 'json'; body?: unknown; query?: Record<string, unknown> }
  | {
      label: string;
      kind: 'raw';
      payload: string | Buffer;
      contentType: string;
      query?: Record<string, unknown>;
    };

const NUL = 'a\u0000b';
const HIGH = 'Q\ud800';
const LOW = '\udc00x';
/** Text that is no date, number or id but passes as text: it must be refused before any query. */
const ODD_TEXT = "😀' OR '1'='1";
/** Keys many routes read, sent with bad text to every route (unknown keys must not hurt either). */
const GENERIC_KEYS = [
  'Name',
  'Id',
  'Keyword',
  'Content',
  'ProjectName',
  'Code',
  'Remark',
  'Address',
  'Stage',
  'guid',
  'detail',
];

let t: TestApp;
let token = '';
const ids = new Map<string, string>();

/**
 * A project of its own with a building, a house type (PNG plan) and a site type, and the ids of
 * the demo data around it, so that most routes get past "not found" and the bad text reaches the
 * database.
 */
async function prepare(): Promise<void> {
  const post = async (url: string, body: unknown) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    });
    const json = response.json<{ Code: number; Result: Record<string, unknown> }>();
    if (json.Code !== 0) throw new Error(`${url}: ${response.body}`);
    return json.Result;
  };
  const project = await post('/api/ms/Project/Add', {
    Name: 'Fuzz',
    DetailsInfo: [{ BuildingNumber: '1#', Stories: 3, Households: 2, DeliveryStandard: 'fine' }],
  });
  const projectId = String(project.ProjectId);
  const plan = multipartBody([{ name: 'plan.png', data: pngBytes(), type: 'image/png' }], {
    ProjectId: projectId,
    Name: 'Fuzz',
    FloorArea: '88',
  });
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/ms/Project/HouseMapUpdate',
    payload: plan.payload,
    headers: { ...plan.headers, authorization: `Bearer ${token}` },
  });
  ids.set('houseMap', uploaded.json<{ Result: { HouseMapId: string } }>().Result.HouseMapId);
  const pointType = await post('/api/ms/Project/SavePointType', { ProjectGuid: projectId, Name: 'Fuzz' });
  ids.set('pointType', String(pointType.Id));
  await post('/api/ms/Project/GetMeasureItemTemplate', { ProjectGuid: projectId });
  ids.set('project', projectId);

  const one = async (query: string) => {
    const result = await t.db.execute(sql.raw(query));
    return (result.rows[0]?.id as string | undefined) ?? randomUUID();
  };
  const company = `(select company_id from users where email = '${DEMO.admin.login}')`;
  ids.set('measureItem', await one(`select id from measure_items where company_id = ${company} limit 1`));
  ids.set(
    'projectStandard',
    await one(`select id from project_standards where project_id = '${projectId}' limit 1`),
  );
  ids.set(
    'designTemplate',
    await one(`select id from design_templates where project_id = '${projectId}' limit 1`),
  );
  ids.set(
    'algorithmTemplate',
    await one(`select id from algorithm_templates where company_id = ${company} limit 1`),
  );
  ids.set(
    'org',
    await one(`select id from orgs where company_id = ${company} and parent_id is not null limit 1`),
  );
  ids.set('self', await one(`select id from users where email = '${DEMO.admin.login}'`));
  ids.set('user', await one(`select id from users where email = '${DEMO.surveyor.login}'`));
}

function idFor(key: string, url: string): string {
  const name = key.toLowerCase();
  const byKey: Array<[RegExp, string]> = [
    [/housemap/, 'houseMap'],
    [/pointtype/, 'pointType'],
    [/measureitem/, 'measureItem'],
    [/projectstandard/, 'projectStandard'],
    [/template/, 'designTemplate'],
    [/^guid$/, 'algorithmTemplate'],
    [/org|parent/, 'org'],
    [/user/, url.toLowerCase().includes('editme') ? 'self' : 'user'],
    [/project/, 'project'],
  ];
  for (const [pattern, kind] of byKey) if (pattern.test(name)) return ids.get(kind) ?? randomUUID();
  const path = url.toLowerCase();
  if (path.includes('housemap')) return ids.get('houseMap') ?? randomUUID();
  if (path.includes('pointtype') || path.includes('ponittype')) return ids.get('pointType') ?? randomUUID();
  if (path.includes('/standard/')) return ids.get('measureItem') ?? randomUUID();
  if (path.includes('algo')) return ids.get('algorithmTemplate') ?? randomUUID();
  if (path.includes('template')) return ids.get('designTemplate') ?? randomUUID();
  if (path.includes('/org')) return ids.get('org') ?? randomUUID();
  if (path.includes('/user')) return ids.get('user') ?? randomUUID();
  return ids.get('project') ?? randomUUID();
}

const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;

/** A plausible value for a schema (valid where it is easy to be). */
function sample(schema: JsonSchema | undefined, key: string, url: string, depth = 0): unknown {
  if (!schema || depth > 8) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) {
    const option =
      options.find((item) => typeOf(item) === 'object') ?? options.find((item) => item.type !== 'null');
    return sample(option ?? options[0], key, url, depth + 1);
  }
  switch (typeOf(schema)) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(schema.properties ?? {})) {
        result[name] = sample(child, name, url, depth + 1);
      }
      return result;
    }
    case 'array': {
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: Math.min(count, 3) }, () => sample(schema.items, key, url, depth + 1));
    }
    case 'integer':
    case 'number':
      return schema.minimum !== undefined ? Math.max(schema.minimum, 0) : 0;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'uuid' || /id$|guid$/i.test(key)) return idFor(key, url);
      // EditMe changes the caller: keep the administrator's login names.
      if (/editme/i.test(url) && /email|^code$/i.test(key)) return DEMO.admin.login;
      if (/editme/i.test(url) && /phone/i.test(key)) return '13800000001';
      if (/email|^code$/i.test(key)) return `fz${Math.random().toString(36).slice(2, 7)}@example.com`;
      if (/phone/i.test(key)) return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      if (/password/i.test(key)) return 'Fuzz@12345';
      if (/buildingnumber/i.test(key)) return '1#';
      // A valid date, so the other fields' bad text gets past the date filters to the database.
      if (/date(from|to)?$/i.test(key)) return '2024-01-01';
      return `fz${Math.random().toString(36).slice(2, 7)}`;
    default:
      return 'x';
  }
}

type Path = Array<string | number>;

/** Paths of the leaves of a sample (strings and numbers separately). */
function leaves(
  value: unknown,
  path: Path = [],
  found: { strings: Path[]; numbers: Path[] } = { strings: [], numbers: [] },
) {
  if (typeof value === 'string') found.strings.push(path);
  else if (typeof value === 'number') found.numbers.push(path);
  else if (Array.isArray(value)) value.forEach((item, index) => leaves(item, [...path, index], found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) leaves(item, [...path, key], found);
  }
  return found;
}

function withValue(value: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let current: Record<string | number, unknown> = copy;
  for (const part of path.slice(0, -1)) current = current[part] as Record<string | number, unknown>;
  const last = path.at(-1);
  if (last === undefined) return replacement;
  current[last] = replacement;
  return copy;
}

/** Where the schema alone does not make a body that passes the route's own checks. */
const OVERRIDES: Record<string, Record<string, unknown>> = {
  '/api/ms/measureRule/Update': {
    BaseboardStartHeight: null,
    BaseboardEndHeight: null,
    DoorCoverStartMargin: null,
    DoorCoverEndMargin: null,
  },
  '/api/sys/SysOrg/Create': { OrgId: undefined, Id: undefined },
};

const label = (path: Path) => path.join('.') || '(root)';

function payloadsFor(route: FuzzRoute): Payload[] {
  const payloads: Payload[] = [];
  const inQuery = route.method === 'GET';
  const base = inQuery
    ? (sample({ type: 'object', properties: route.query ?? {} }, '', route.url) as Record<string, unknown>)
    : route.body
      ? sample(route.body, '', route.url)
      : {};
  const override = OVERRIDES[route.url];
  if (override && base && typeof base === 'object') {
    for (const [key, value] of Object.entries(override)) {
      if (value === undefined) delete (base as Record<string, unknown>)[key];
      else (base as Record<string, unknown>)[key] = value;
    }
  }
  const send = (name: string, value: unknown): Payload =>
    inQuery
      ? { label: name, kind: 'json', query: value as Record<string, unknown> }
      : { label: name, kind: 'json', body: value };

  const { strings, numbers } = leaves(base);
  for (const path of strings.slice(0, 14)) {
    payloads.push(send(`NUL in ${label(path)}`, withValue(base, path, NUL)));
    payloads.push(send(`lone high surrogate in ${label(path)}`, withValue(base, path, HIGH)));
    if (!inQuery) payloads.push(send(`lone low surrogate in ${label(path)}`, withValue(base, path, LOW)));
    payloads.push(send(`emoji and SQL in ${label(path)}`, withValue(base, path, ODD_TEXT)));
  }
  for (const path of numbers.slice(0, 6)) {
    payloads.push(send(`2^31 in ${label(path)}`, withValue(base, path, 2 ** 31)));
    if (!inQuery) payloads.push(send(`1e308 in ${label(path)}`, withValue(base, path, 1e308)));
    payloads.push(send(`-2^63 in ${label(path)}`, withValue(base, path, -(2 ** 63))));
  }
  const generic = Object.fromEntries(GENERIC_KEYS.map((key) => [key, NUL]));
  const genericSurrogate = Object.fromEntries(GENERIC_KEYS.map((key) => [key, HIGH]));
  const merge = (extra: Record<string, unknown>) =>
    base && typeof base === 'object' && !Array.isArray(base) ? { ...base, ...extra } : extra;
  payloads.push(send('generic keys with NUL', merge(generic)));
  payloads.push(send('generic keys with a lone surrogate', merge(genericSurrogate)));
  payloads.push(send('a key with NUL', merge({ ['K\u0000ey']: 'x' })));

  if (/AuthLogin$/i.test(route.url)) {
    // The sign-in fields are encrypted: the bad text is inside, after decryption.
    const texts: Array<[string, string]> = [
      ['NUL', NUL],
      ['a lone surrogate', HIGH],
    ];
    for (const [name, value] of texts) {
      payloads.push(
        send(`encrypted Email with ${name}`, {
          Email: encodeLogin(`${value}@example.com`),
          Password: encodeLogin('x'),
        }),
      );
      payloads.push(
        send(`encrypted Password with ${name}`, {
          Email: encodeLogin(DEMO.surveyor.login),
          Password: encodeLogin(value),
        }),
      );
    }
  }
  if (!inQuery) {
    const topKeys = base && typeof base === 'object' && !Array.isArray(base) ? Object.keys(base) : [];
    const every = (value: unknown) => Object.fromEntries(topKeys.map((key) => [key, value]));
    payloads.push(send('every field an array', every([1, 'x'])));
    payloads.push(send('every field an object', every({ a: 1 })));
    payloads.push(send('every field a number', every(Number.MAX_SAFE_INTEGER * 4)));
    payloads.push(send('every field a long string', every('9'.repeat(5000))));
    payloads.push(send('every field true', every(true)));
    // The same keys again in lower case with other types (the last spelling wins when keys are renamed).
    const repeated = (value: unknown) =>
      merge(Object.fromEntries(topKeys.map((key) => [key.toLowerCase(), value])));
    payloads.push(send('keys repeated in lower case with odd text', repeated(ODD_TEXT)));
    payloads.push(send('keys repeated in lower case with numbers', repeated(-1)));
    payloads.push(send('body an array', [base]));
    payloads.push(send('PostData with NUL', { PostData: JSON.stringify(merge(generic)) }));
    payloads.push(send('PostData not JSON', { PostData: '{"a":' }));
    payloads.push({
      label: 'broken JSON',
      kind: 'raw',
      payload: '{"Name": "x",',
      contentType: 'application/json',
    });
    payloads.push({
      label: 'JSON string',
      kind: 'raw',
      payload: '"x\\u0000"',
      contentType: 'application/json',
    });
    payloads.push({ label: 'JSON null', kind: 'raw', payload: 'null', contentType: 'application/json' });
    payloads.push({
      label: 'deeply nested JSON',
      kind: 'raw',
      payload: `{"Name":${'['.repeat(3000)}${']'.repeat(3000)}}`,
      contentType: 'application/json',
    });
    payloads.push({
      label: 'invalid UTF-8 bytes',
      kind: 'raw',
      payload: Buffer.concat([
        Buffer.from('{"Name":"'),
        Buffer.from([0xed, 0xa0, 0x80, 0xff]),
        Buffer.from('"}'),
      ]),
      contentType: 'application/json',
    });
    // Multipart: no boundary, cut short, and fields with bad text.
    const boundary = '----fuzzboundary';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const file =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
      `Content-Type: image/png\r\n\r\n\u0089PNG\r\n\u001a\n`;
    payloads.push({
      label: 'multipart without boundary',
      kind: 'raw',
      payload: part('Name', 'x'),
      contentType: 'multipart/form-data',
    });
    payloads.push({
      label: 'multipart cut short',
      kind: 'raw',
      payload: `${part('ProjectId', ids.get('project') ?? '')}${file}`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
    payloads.push({
      label: 'multipart with NUL and lone surrogates in fields',
      kind: 'raw',
      payload: `${part('ProjectId', ids.get('project') ?? '')}${part('Name', NUL)}${part('FloorArea', HIGH)}--${boundary}--\r\n`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
    const png = pngBytes();
    const planFile = (name: string) =>
      Buffer.concat([
        Buffer.from(
          `${part('ProjectId', ids.get('project') ?? '')}${part('Name', name)}${part('FloorArea', '88')}` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    payloads.push({
      label: 'multipart plan named with NUL',
      kind: 'raw',
      payload: planFile(NUL),
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
    payloads.push({
      label: 'multipart plan named with a lone surrogate',
      kind: 'raw',
      payload: planFile(HIGH),
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
    payloads.push({
      label: 'multipart with an empty boundary',
      kind: 'raw',
      payload: '--\r\n\r\n',
      contentType: 'multipart/form-data; boundary=',
    });
  } else {
    payloads.push({
      label: 'malformed percent escape',
      kind: 'raw',
      payload: '',
      contentType: '',
      query: { __raw: '%E0%A4%A' },
    });
    payloads.push({
      label: 'query with NUL escape',
      kind: 'raw',
      payload: '',
      contentType: '',
      query: { __raw: 'Name=a%00b&Id=%00' },
    });
    payloads.push({
      label: 'query with encoded lone surrogate',
      kind: 'raw',
      payload: '',
      contentType: '',
      query: { __raw: 'Name=%ED%A0%80&Id=%ED%A0%80' },
    });
    payloads.push(
      send(
        'every field a huge number',
        Object.fromEntries(Object.keys(route.query ?? {}).map((key) => [key, '9'.repeat(400)])),
      ),
    );
  }
  return payloads;
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  if (typeof query.__raw === 'string') return `?${query.__raw}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function send(route: FuzzRoute, payload: Payload) {
  const url = route.url + queryString(payload.query);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (payload.kind === 'raw') {
    if (route.method === 'GET') return t.app.inject({ method: 'GET', url, headers });
    return t.app.inject({
      method: route.method,
      url,
      headers: { ...headers, 'content-type': payload.contentType },
      payload: payload.payload,
    });
  }
  if (route.method === 'GET' || payload.body === undefined)
    return t.app.inject({ method: route.method, url, headers });
  return t.app.inject({
    method: route.method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload.body),
  });
}

/** Routes that end the session or remove the demo data go last, so they do not starve the others. */
const DESTRUCTIVE = /logout|delete|remove|del$|publice|changepassword|resetpassword|updateuserstatus/i;

async function readRoutes(): Promise<FuzzRoute[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const document = response.json<{ paths: Record<string, Record<string, Operation>> }>();
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    // The event stream stays open (inject would wait for ever); its refusals: events/events.test.ts.
    if (path === '/api/events') continue;
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST') continue;
      const query: Record<string, JsonSchema> = {};
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query') query[parameter.name] = parameter.schema ?? { type: 'string' };
      }
      routes.push({
        method: upper,
        url: path,
        body: operation.requestBody?.content?.['application/json']?.schema,
        query,
      });
    }
  }
  return routes.sort((a, b) => Number(DESTRUCTIVE.test(a.url)) - Number(DESTRUCTIVE.test(b.url)));
}

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, DEMO.admin.login, DEMO.admin.password);
  await prepare();
});
afterAll(async () => t?.close());

describe('fuzzing every route with malformed input', () => {
  it('never answers HTTP 500', { timeout: 120_000 }, async () => {
    const routes = await readRoutes();
    expect(routes.length).toBeGreaterThan(80);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const payload of payloadsFor(route)) {
        const response = await send(route, payload);
        sent += 1;
        if (response.statusCode >= 500) {
          failures.push(
            `${route.method} ${route.url} [${payload.label}] -> ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        } else if (
          response.statusCode !== 401 &&
          response.headers['content-type']?.toString().includes('json')
        ) {
          // Every refusal still comes in the envelope.
          const body = response.json<{ Code?: unknown }>();
          if (typeof body.Code !== 'number')
            failures.push(`${route.method} ${route.url} [${payload.label}] -> no envelope`);
        }
        if (response.statusCode === 401) token = await login(t.app, DEMO.admin.login, DEMO.admin.password);
      }
    }
    expect(sent).toBeGreaterThan(2500);
    expect(failures, `${failures.length} of ${sent} requests to ${routes.length} routes`).toEqual([]);
  });
});
