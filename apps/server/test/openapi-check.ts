/**
 * Holds every answer of the API tests to the OpenAPI document (`/api/docs/json`): `createTestApp`
 * wraps `app.inject`, so each answer to a documented operation must have a documented status, a
 * documented content type, the documented headers and a body that matches the schema. A lie fails
 * the test that met it, naming the operation, the status and the path of the mismatch.
 * Schemas are compiled once per process (per operation, status and content type) and on first use.
 */
import fs from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';

type JsonSchema = Record<string, unknown>;
interface DocumentedResponse {
  headers?: Record<string, { required?: boolean; schema?: JsonSchema }>;
  content?: Record<string, { schema?: JsonSchema }>;
}
interface Operation {
  responses: Record<string, DocumentedResponse>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: JsonSchema;
}
interface DocumentedPath {
  path: string;
  pattern: RegExp;
  /** Static paths win over parameterised ones, as in the router. */
  parameters: number;
  methods: Record<string, Operation>;
}
/** What was asked and answered, as `app.inject` saw it. */
export interface Answer {
  method: string;
  url: string;
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

const DOCUMENT_ID = 'openapi.json';
const ERROR_ENVELOPE = '#/components/schemas/ErrorEnvelope';
const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/** OpenAPI 3.0's `nullable` as JSON Schema: `null` joins the type (or the schema becomes an anyOf). */
function jsonSchemaOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonSchemaOf);
  if (value === null || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as JsonSchema;
  const schema = Object.fromEntries(Object.entries(rest).map(([key, child]) => [key, jsonSchemaOf(child)]));
  if (nullable !== true) return schema;
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

function toPattern(path: string): RegExp {
  const parts = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}/?$`, 'i');
}

const describe = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 5)
    .map((error) => `at ${error.instancePath || '/'} ${error.message ?? ''} (${error.schemaPath})`)
    .join('; ');

export class DocumentCheck {
  private readonly paths: DocumentedPath[];
  private readonly ajv = new Ajv({
    strict: false,
    validateSchema: false,
    inlineRefs: false,
    code: { optimize: false },
  });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    formats.default(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: jsonSchemaOf(document.components) });
    this.paths = Object.entries(document.paths)
      .map(([path, methods]) => ({
        path,
        pattern: toPattern(path),
        parameters: (path.match(/\{/g) ?? []).length,
        methods,
      }))
      .sort((a, b) => a.parameters - b.parameters);
  }

  /** The problems of one answer; none for an answer to no documented operation (web app, unknown path). */
  problems(answer: Answer): string[] {
    const pathname = answer.url.split('?')[0] ?? '';
    const method = answer.method.toLowerCase();
    const documented = this.paths.find((entry) => entry.pattern.test(pathname) && entry.methods[method]);
    const operation = documented?.methods[method];
    if (!documented || !operation) return [];
    const name = `${answer.method.toUpperCase()} ${documented.path}`;
    const status = String(answer.status);
    const response = operation.responses[status] ?? operation.responses.default;
    if (!response) {
      return [
        `${name} answered HTTP ${status}, which the document does not list (${Object.keys(operation.responses).join(', ')})`,
      ];
    }
    const mediaType =
      String(answer.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase() ?? '';
    const where = `${name} answered HTTP ${status}${mediaType ? ` (${mediaType})` : ''}`;
    const problems: string[] = [];
    const isFile = mediaType !== '' && !isJson(mediaType);
    for (const [header, spec] of Object.entries(response.headers ?? {})) {
      const value = answer.headers[header.toLowerCase()];
      if (value === undefined) {
        // A file's headers come with it unless the document says they may not (`required: false`).
        if (spec.required || (isFile && spec.required !== false))
          problems.push(`${where} without the documented header ${header}`);
        continue;
      }
      const validate = spec.schema && this.validator(`${name} ${status} header ${header}`, spec.schema);
      if (validate && !validate(String(value))) {
        problems.push(`${where}: header ${header} "${String(value)}" ${describe(validate.errors)}`);
      }
    }
    const content = response.content;
    const empty = answer.body.length === 0;
    if (!content) {
      if (!empty) problems.push(`${where} with a body where the document promises none`);
      return problems;
    }
    if (empty && answer.method.toUpperCase() === 'HEAD') return problems;
    const documentedType = Object.keys(content).find((type) => type.toLowerCase() === mediaType);
    if (!documentedType) {
      problems.push(
        `${where}: content type ${mediaType || '(none)'} is not one of ${Object.keys(content).join(', ')}`,
      );
      return problems;
    }
    const schema = content[documentedType]?.schema;
    if (!isJson(mediaType) || !schema) return problems;
    let body: unknown;
    try {
      body = JSON.parse(answer.body.toString('utf8'));
    } catch {
      return [...problems, `${where}: the body is no JSON`];
    }
    const key = `${name} ${status} ${documentedType}`;
    const validate = this.envelopeBranch(key, schema, body) ?? this.validator(key, schema);
    if (!validate(body))
      problems.push(`${where}: the body does not match the document ${describe(validate.errors)}`);
    return problems;
  }

  /**
   * `oneOf: [success (Code 0), ErrorEnvelope]` is decided by Code alone, so only the branch the Code
   * names is compiled: a refusal never compiles the operation's success schema (the access matrix and
   * the fuzz test meet many operations only through refusals), and ErrorEnvelope is compiled once.
   */
  private envelopeBranch(key: string, schema: JsonSchema, body: unknown): ValidateFunction | undefined {
    const branches = schema.oneOf as JsonSchema[] | undefined;
    const refusal = branches?.[1];
    const code = (body as { Code?: unknown } | null)?.Code;
    if (branches?.length !== 2 || refusal?.$ref !== ERROR_ENVELOPE || typeof code !== 'number')
      return undefined;
    if (code !== 0) return this.validator(ERROR_ENVELOPE, refusal);
    return this.validator(`${key} success`, branches[0] ?? {});
  }

  private validator(key: string, schema: JsonSchema): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      const text = JSON.stringify(jsonSchemaOf(schema)).replaceAll(
        '"#/components/',
        `"${DOCUMENT_ID}#/components/`,
      );
      validate = this.ajv.compile(JSON.parse(text) as JsonSchema);
      this.validators.set(key, validate);
    }
    return validate;
  }
}

/**
 * The document of this test run: generating it takes about a second, so the first test file writes
 * it where global-setup.ts said and the others read it (the same code serves the same document).
 */
function documentOf(app: FastifyInstance): OpenApiDocument {
  const file = inject('openapiDocumentFile');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as OpenApiDocument;
  } catch {
    const document = app.swagger() as unknown as OpenApiDocument;
    const written = `${file}.${process.pid}`;
    fs.writeFileSync(written, JSON.stringify(document));
    fs.renameSync(written, file);
    return document;
  }
}

/** One check per process: every test app of a file serves the same document. */
let shared: DocumentCheck | undefined;
export function documentCheck(app: FastifyInstance): DocumentCheck {
  shared ??= new DocumentCheck(documentOf(app));
  return shared;
}

/** What the check cost this process so far; `OPENAPI_CHECK_STATS=1` prints it as each test app closes. */
const stats = { answers: 0, ms: 0 };
export function reportCheckCost(): void {
  if (!process.env.OPENAPI_CHECK_STATS) return;
  console.warn(`openapi-check: ${stats.answers} answers checked in ${Math.round(stats.ms)} ms`);
}

function answerOf(options: InjectOptions | string, response: LightMyRequestResponse): Answer {
  const request = typeof options === 'string' ? { url: options } : options;
  const url = request.url ?? request.path ?? '/';
  return {
    method: String(request.method ?? 'GET'),
    url: typeof url === 'string' ? url : String(url.pathname ?? '/'),
    status: response.statusCode,
    headers: response.headers,
    body: response.rawPayload,
  };
}

/** Wraps `app.inject` (its promise form) so every answer is checked against the document. */
export function checkAnswersAgainstDocument(
  app: FastifyInstance,
  check: () => DocumentCheck = () => documentCheck(app),
): void {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const checked = (options?: InjectOptions | string, ...rest: unknown[]) => {
    if (options === undefined || rest.length > 0) return inject(options, ...rest);
    return (inject(options) as Promise<LightMyRequestResponse>).then((response) => {
      const started = performance.now();
      const problems = check().problems(answerOf(options, response));
      stats.answers += 1;
      stats.ms += performance.now() - started;
      if (problems.length > 0) throw new Error(`The OpenAPI document lies:\n- ${problems.join('\n- ')}`);
      return response;
    });
  };
  (app as unknown as { inject: typeof checked }).inject = checked;
}
