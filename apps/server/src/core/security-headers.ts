import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * CSP without inline script (antd's CSS-in-JS needs inline styles), workers from blob: for the
 * PDF and DXF viewers, no framing by other sites, a strict referrer policy, nosniff. connect-src
 * allows blob: because the DXF viewer's worker fetches the plan from an object URL (the plan is
 * fetched with the session header first; the worker's own fetch cannot send it).
 */
const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: false,
};

/**
 * helmet's headers, computed once on a throw-away instance: they depend on nothing of the request
 * (no CSP nonces), and building them per request, as @fastify/helmet does, was a noticeable share
 * of every API call.
 */
export async function securityHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  let headers: Record<string, string> = {};
  await probe.register(fastifyHelmet, HELMET_OPTIONS);
  probe.addHook('onRequest', (_request, reply, done) => {
    headers = Object.fromEntries(
      Object.entries(reply.getHeaders()).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(', ') : String(value),
      ]),
    );
    done();
  });
  probe.get('/', async () => '');
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
