import type { OpenApiResponses } from '../../core/api-responses.ts';

/**
 * What the tus routes (`/api/device/v1/Files`, answered by @tus/server) answer, for the OpenAPI
 * document: tus statuses and headers instead of the envelope. Refusals are one line of text; the
 * guard's 401 (a missing or wrong device key) is the envelope, as on every device call.
 */
const header = (description: string, schema: Record<string, unknown> = { type: 'string' }) => ({
  required: true,
  description,
  schema,
});
const tusResumable = header('The protocol version.', { type: 'string', enum: ['1.0.0'] });
const offset = header('Bytes stored so far.', { type: 'string', pattern: '^[0-9]+$' });
const text = (description: string) => ({
  description,
  headers: { 'Tus-Resumable': tusResumable },
  content: { 'text/plain': { schema: { type: 'string' } } },
});

const refusals = {
  400: text('A header with an invalid value, or a termination of a completed upload.'),
  404: text('No such upload of this device (another device’s or company’s is unknown too).'),
  410: text('The upload expired (partial uploads are removed after 24 hours).'),
  412: text('Tus-Resumable missing or not 1.0.0.'),
};

export const tusOptionsResponses: OpenApiResponses = {
  204: {
    description: 'The server’s tus capabilities.',
    headers: {
      'Tus-Resumable': tusResumable,
      'Tus-Version': header('Supported versions.'),
      'Tus-Extension': header('creation, creation-with-upload, termination, expiration...'),
      'Tus-Max-Size': header('The largest upload in bytes (2 GB, a point cloud).'),
    },
  },
};

export const tusCreateResponses: OpenApiResponses = {
  201: {
    description: 'Created: Location is the upload’s address, its last segment the FileId results name.',
    headers: {
      'Tus-Resumable': tusResumable,
      Location: header('The upload’s address, `/api/device/v1/Files/{FileId}`.'),
    },
  },
  400: text('No Upload-Length, an unknown kind, no file name, or an invalid header.'),
  401: {
    description: 'No or a wrong device key (the envelope), or one revoked while the request ran (text).',
    content: {
      'text/plain': { schema: { type: 'string' } },
      'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } },
    },
  },
  412: refusals[412],
  413: text(
    'Upload-Length over the limit of the kind (picture 20 MB, model and other 500 MB, point cloud 2 GB).',
  ),
  501: text('Upload-Defer-Length or concatenation (not supported).'),
};

export const tusHeadResponses: OpenApiResponses = {
  200: {
    description: 'The upload’s offset, to resume from.',
    headers: {
      'Tus-Resumable': tusResumable,
      'Upload-Offset': offset,
      'Upload-Length': header('The upload’s size.', { type: 'string', pattern: '^[0-9]+$' }),
      'Cache-Control': header('no-store'),
    },
  },
  ...refusals,
};

export const tusPatchResponses: OpenApiResponses = {
  204: {
    description: 'Bytes stored.',
    headers: { 'Tus-Resumable': tusResumable, 'Upload-Offset': offset },
  },
  ...refusals,
  403: text('Content-Type application/offset+octet-stream or Upload-Offset missing.'),
  409: text('Upload-Offset is not the stored offset.'),
  413: text('More bytes than Upload-Length.'),
};

export const tusDeleteResponses: OpenApiResponses = {
  204: { description: 'Terminated: the bytes are removed.', headers: { 'Tus-Resumable': tusResumable } },
  ...refusals,
};
