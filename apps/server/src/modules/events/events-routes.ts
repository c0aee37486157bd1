import { EVENTS_STREAM_PATH, eventsRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../core/app-error.ts';
import { tokenFromRequest } from '../../core/auth-guard.ts';
import { registerProtocolRoute } from '../../core/protocol-route.ts';
import { registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';
import { eventStreamResponses } from './events-docs.ts';
import { EventStream } from './event-stream.ts';

/** The ticket from the query (`ticket`, any case: paths and keys are case-insensitive). */
function ticketOf(query: unknown): string | null {
  if (!query || typeof query !== 'object') return null;
  const entry = Object.entries(query).find(([key]) => key.toLowerCase() === 'ticket');
  return typeof entry?.[1] === 'string' ? entry[1] : null;
}

export function registerEventsRoutes(app: FastifyInstance, { events }: Services): void {
  registerRoute(app, eventsRoutes.createTicket, async ({ user }) => events.createTicket(user));

  // The guard lets the stream through ('public'): it authenticates itself, by ticket or bearer token.
  registerProtocolRoute(
    app,
    {
      methods: ['GET'],
      url: EVENTS_STREAM_PATH,
      access: 'public',
      tag: 'events',
      summary:
        'Live events (Server-Sent Events) of the caller’s scope; `?ticket=` from POST /api/events/Ticket, or ' +
        '`Authorization: Bearer <token>`',
      responses: eventStreamResponses,
      security: [{ bearerAuth: [] }, { eventTicket: [] }],
    },
    async (request, reply) => {
      const caller = await events.caller({
        ticket: ticketOf(request.query),
        token: tokenFromRequest(request),
      });
      if (!caller) throw unauthorized();
      reply.hijack();
      const stream = new EventStream(reply.raw, reply.getHeaders());
      events.subscribe(caller, stream, request.headers['last-event-id'] !== undefined);
    },
  );

  // A closing instance (drain, SIGTERM) ends its streams first, so clients reconnect elsewhere and
  // the server is not held open by them.
  app.addHook('preClose', async () => events.endAll());
}
