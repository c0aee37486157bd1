import { ErrorCode, type Access, type FileAnswer } from '@measure/contract';

/**
 * The responses the OpenAPI document gives each route: what the server really answers (design.md, API
 * conventions), not only its success. Refusals are envelopes under HTTP 200; only 401 (no session or
 * device key), 429 (throttled), 500 (crash) and 503 (shutting down, not ready) are HTTP statuses, and
 * 400/404 for a path the router cannot take apart (bad percent-encoding, a parameter over
 * MAX_PATH_PARAM_LENGTH). Built from the route's contract definition in `api-docs.ts`.
 */

type JsonSchema = Record<string, unknown>;
export type OpenApiResponses = Record<string, JsonSchema>;

/** What the document needs to know about a route besides its schemas (kept in the route's config). */
export interface RouteDocs {
  access: Access;
  file?: FileAnswer;
  throttled?: boolean;
  /** A route of its own protocol (tus) documents its responses itself. */
  responses?: OpenApiResponses;
  /** Who may call, when not what `access` says (the event stream: a session or a stream ticket). */
  security?: Array<Record<string, string[]>>;
}

/**
 * The router's limit for one path parameter. Above every limit a contract puts on a path parameter
 * (the longest, FileId, is 128), so a too long parameter reaches validation (Code 400) instead of
 * matching no route; `api-document.test.ts` checks that the document never allows more.
 */
export const MAX_PATH_PARAM_LENGTH = 1000;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const REFUSAL_CODES = Object.values(ErrorCode).filter((code) => code !== ErrorCode.Success);

/** Shared schemas, added to `components.schemas`. */
export const envelopeComponents: Record<string, JsonSchema> = {
  FieldError: {
    type: 'object',
    properties: { Field: { type: 'string' }, Message: { type: 'string' } },
    required: ['Field', 'Message'],
    additionalProperties: false,
  },
  ErrorEnvelope: {
    type: 'object',
    description:
      'A refusal: Code 400 invalid input (Result lists the fields), 401 no session, 403 not permitted, 404 not ' +
      'found, 409 conflict (Result may name the field), 423 locked, 429 too many attempts, 500 crash. ' +
      'Message is in the request’s language.',
    properties: {
      Code: { type: 'integer', enum: REFUSAL_CODES },
      Message: { type: 'string' },
      Result: { type: 'array', items: ref('FieldError'), nullable: true },
    },
    required: ['Code', 'Message', 'Result'],
    additionalProperties: false,
  },
  FrameworkError: {
    type: 'object',
    description: 'Fastify’s own answer while the server shuts down.',
    properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' } },
    required: ['statusCode', 'error', 'message'],
  },
};

const errorResponse = (description: string) => ({ description, content: json(ref('ErrorEnvelope')) });

const fileHeaders = (file: FileAnswer) => ({
  ...(file.disposition === 'none'
    ? {}
    : {
        'Content-Disposition': {
          description: `${file.disposition}; filename (RFC 6266, UTF-8 name in filename*). Sent with the file only.`,
          schema: { type: 'string', pattern: '^(inline|attachment);' },
        },
      }),
  ...(file.ranges
    ? {
        'Accept-Ranges': {
          ...(file.encodings ? optionalEncoded : {}),
          schema: { type: 'string', enum: ['bytes'] },
        },
        ETag: {
          description: 'Send it back in If-Range to resume.',
          ...(file.encodings ? { required: false } : {}),
          schema: { type: 'string' },
        },
      }
    : {}),
  ...(file.encodings
    ? {
        'Content-Encoding': {
          description:
            'Present when the request’s Accept-Encoding takes it (browsers do, and decode it on ' +
            'their own); otherwise the decoded file is sent, without Content-Length and ranges.',
          required: false,
          schema: { type: 'string', enum: [...file.encodings] },
        },
        Vary: { required: false, schema: { type: 'string', enum: ['Accept-Encoding'] } },
      }
    : {}),
});

/** Ranges of a file that may be sent encoded: only of the encoded bytes. */
const optionalEncoded = {
  description: 'Sent with the encoded file: ranges count its encoded bytes.',
  required: false,
};

function successResponses(success: JsonSchema | undefined, file: FileAnswer | undefined): OpenApiResponses {
  if (file) {
    const binary = { schema: { type: 'string', format: 'binary' } };
    // A file that is itself JSON (a scan's tileset.json) shares its type with the refusal envelope.
    const refusal = file.contentTypes.includes('application/json')
      ? { anyOf: [ref('ErrorEnvelope'), { type: 'object', description: 'The file itself (JSON).' }] }
      : ref('ErrorEnvelope');
    const content = {
      ...Object.fromEntries(file.contentTypes.map((type) => [type, binary])),
      ...json(refusal),
    };
    const headers = fileHeaders(file);
    return {
      200: {
        description: `The file (${file.contentTypes.join(', ')}), or a refusal envelope (application/json).`,
        headers,
        content,
      },
      ...(file.ranges
        ? {
            206: {
              description: 'The requested byte range of the file.',
              headers: { ...headers, 'Content-Range': { required: true, schema: { type: 'string' } } },
              content: Object.fromEntries(file.contentTypes.map((type) => [type, binary])),
            },
            416: {
              description: 'The range lies outside the file (empty body).',
              headers: { 'Content-Range': { required: true, schema: { type: 'string' } } },
            },
          }
        : {}),
    };
  }
  const envelope = success ?? { type: 'object' };
  const properties = (envelope.properties ?? {}) as Record<string, JsonSchema>;
  // Code 0 sets a success apart from a refusal, so `oneOf` picks exactly one.
  const successEnvelope = {
    ...envelope,
    properties: { ...properties, Code: { type: 'integer', enum: [0] } },
  };
  return {
    200: {
      description: 'Success (Code 0), or a refusal (Code 400 with field errors, 403, 404, 409, 423).',
      content: json({ oneOf: [successEnvelope, ref('ErrorEnvelope')] }),
    },
  };
}

/** Every response a route may answer, in the document's words. */
export function routeResponses(
  docs: RouteDocs,
  success: JsonSchema | undefined,
  hasPathParams: boolean,
): OpenApiResponses {
  return {
    ...(hasPathParams
      ? {
          400: errorResponse('A path that cannot be decoded (bad percent-encoding).'),
          404: errorResponse(`A path parameter over ${MAX_PATH_PARAM_LENGTH} characters matches no route.`),
        }
      : {}),
    ...(docs.access === 'public' && !docs.security?.length
      ? {}
      : { 401: errorResponse(unauthorizedText(docs.access)) }),
    ...(docs.throttled
      ? {
          429: {
            description: 'Too many attempts: wait Retry-After seconds.',
            headers: { 'Retry-After': { required: true, schema: { type: 'string', pattern: '^[0-9]+$' } } },
            content: json(ref('ErrorEnvelope')),
          },
        }
      : {}),
    500: errorResponse('An unexpected failure (details only in the server log).'),
    503: {
      description: 'The server is shutting down (or, for /readyz, not ready yet).',
      content: json({ anyOf: [ref('ErrorEnvelope'), ref('FrameworkError')] }),
    },
    // A protocol of its own (tus) says what it answers, over the defaults above.
    ...(docs.responses ?? successResponses(success, docs.file)),
  };
}

const unauthorizedText = (access: Access) =>
  access === 'device'
    ? 'No, a wrong, rotated or revoked device key.'
    : 'No session, or an expired or ended one.';

/** Who may call: a session (bearer token), a device key, or anyone. */
export function routeSecurity(access: Access): Array<Record<string, string[]>> {
  if (access === 'public') return [];
  return access === 'device' ? [{ deviceKey: [] }] : [{ bearerAuth: [] }];
}

export const securitySchemes = {
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'The session token of AuthLogin.' },
  deviceKey: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: '`Device <DeviceKey>`: the key ActivateDevice answered once.',
  },
  eventTicket: {
    type: 'apiKey',
    in: 'query',
    name: 'ticket',
    description: 'A single-use ticket of POST /api/events/Ticket (for EventSource, which sends no headers).',
  },
} as const;
