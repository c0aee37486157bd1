import { authRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

export function registerAuthRoutes(app: FastifyInstance, { auth }: Services): void {
  registerRoute(app, authRoutes.authLogin, async ({ body, ip, userAgent, request }) =>
    auth.login({ email: body.Email, password: body.Password }, { ip, userAgent, lang: request.lang }),
  );

  registerRoute(app, authRoutes.getTokenById, async ({ body, ip, userAgent, request }) =>
    auth.loginWithTicket(body.Id, { ip, userAgent, lang: request.lang }),
  );

  registerRoute(app, authRoutes.createLoginTicket, async ({ user }) => {
    const ticket = await auth.createTicket(user);
    return { Id: ticket.id, ExpiresAt: ticket.expiresAt.toISOString() };
  });

  registerRoute(app, authRoutes.logout, async (context) => {
    const { request, ip, setMessage } = context;
    await auth.logout(request.operator ?? context.user, ip);
    setMessage('auth.loggedOut');
    return null;
  });
}
