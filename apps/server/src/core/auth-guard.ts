import type { Access } from '@measure/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditRepository } from '../modules/audit/audit-repository.ts';
import { isOperator } from '../modules/auth/auth-context.ts';
import type { SessionService } from '../modules/auth/session-service.ts';
import { deviceKeyFromHeader } from '../modules/devices/device-context.ts';
import { deviceKeyInvalid, type DevicesService } from '../modules/devices/devices-service.ts';
import { forbidden, unauthorized } from './app-error.ts';
import './request-context.ts';

/** `Authorization: Bearer <token>`, or a bare token (design.md). */
export function tokenFromRequest(request: FastifyRequest): string | null {
  const header = request.headers.authorization?.trim();
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return (match ? match[1] : header)?.trim() || null;
}

/**
 * Deny by default: runs before the body is parsed or validated, so a caller without the
 * permission gets 403 whatever it sends. A route that declares no access is refused.
 */
export function registerAuthGuard(
  app: FastifyInstance,
  services: {
    sessions: SessionService;
    audit: AuditRepository;
    /** Resolves device keys (access 'device'); without it device routes answer 401. */
    devices?: Pick<DevicesService, 'authenticate'>;
  },
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('device', null);
  app.decorateRequest('operator', null);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url) return; // not-found handler
    const access: Access | undefined = request.routeOptions.config.access;
    if (access === 'public') return;
    // A route without a declaration is a programming error; refuse rather than expose it.
    if (access === undefined) throw forbidden();
    // The device API: `Authorization: Device <key>`; a missing, wrong, rotated or revoked key is 401.
    if (access === 'device') {
      const key = deviceKeyFromHeader(request.headers.authorization);
      const device = key && services.devices ? await services.devices.authenticate(key) : null;
      if (!device) throw deviceKeyInvalid();
      request.device = device;
      return;
    }

    const token = tokenFromRequest(request);
    const caller = token ? await services.sessions.authenticateCaller(token) : null;
    if (!caller) throw unauthorized();
    // The operator has no company: it passes only its console and its own session's routes, and
    // never becomes `request.auth`, so no company-scoped handler can run for it.
    if (isOperator(caller)) {
      request.operator = caller;
      if (access === 'operator' || access === 'signedIn') return;
      await services.audit.record({
        event: 'permission.denied',
        ip: request.ip,
        detail: {
          route: `${request.method} ${request.routeOptions.url}`,
          permission: access,
          operator: caller.operatorId,
        },
      });
      throw forbidden();
    }
    const auth = caller;
    request.auth = auth;
    if (
      access === 'authenticated' ||
      access === 'signedIn' ||
      (access !== 'operator' && auth.permissions.has(access))
    )
      return;

    await services.audit.record({
      event: 'permission.denied',
      companyId: auth.companyId,
      userId: auth.userId,
      ip: request.ip,
      detail: {
        route: `${request.method} ${request.routeOptions.url}`,
        permission: access,
        role: auth.roles[0] ?? null,
      },
    });
    throw forbidden();
  });
  // A call that ended sessions or changed permissions answers once the change has reached every
  // instance's session cache (see modules/auth/auth-events.ts); other calls pass straight through.
  app.addHook('onSend', (_request, _reply, payload, done) => {
    if (services.sessions.pendingAnnouncements === 0) {
      done(null, payload);
      return;
    }
    services.sessions.settle().then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
}
