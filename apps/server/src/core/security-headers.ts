import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * CSP without inline script (antd's CSS-in-JS needs inline styles), workers from blob: for the
 * PDF and DXF viewers, no framing by other sites, a strict referrer policy, nosniff. connect-src
 * allows blob: because the DXF viewer's worker fetches the plan from an object URL (the plan is
 * fetched with the session header first; the worker's own fetch cannot send it).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  });
}
