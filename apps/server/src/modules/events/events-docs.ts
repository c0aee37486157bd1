import type { OpenApiResponses } from '../../core/api-responses.ts';

/**
 * What GET /api/events answers, for the OpenAPI document: a Server-Sent Events stream instead of
 * the envelope; a caller without a valid ticket or session gets the 401 envelope.
 */
export const eventStreamResponses: OpenApiResponses = {
  200: {
    description:
      'A text/event-stream: `resync` first, then `task`, `device`, `report`, `workOrder`, `scan` and `message` ' +
      'events (each with an `id`), a comment line every 15 s, and `end` before the server closes it. Shapes: ' +
      'the contract’s `liveEventSchemas` (packages/contract/src/routes/events.ts).',
    headers: {
      'Cache-Control': { required: true, schema: { type: 'string' } },
      'X-Accel-Buffering': { required: true, schema: { type: 'string', enum: ['no'] } },
    },
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  },
  401: {
    description: 'No, a used, an expired or a wrong ticket, and no valid session token.',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  },
};
