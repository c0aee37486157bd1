import { accountRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

export function registerAccountRoutes(app: FastifyInstance, { account, passwordReset }: Services): void {
  // `context.user` is read only for a company user: the operator has none (reading it answers 401).
  registerRoute(app, accountRoutes.getSelf, async (context) =>
    context.request.operator
      ? account.getOperatorSelf(context.request.operator)
      : account.getSelf(context.user, context.request.lang),
  );

  registerRoute(app, accountRoutes.editMe, async ({ body, user, request, setMessage }) => {
    const self = await account.editMe(user, body, request.lang);
    setMessage('users.saved');
    return self;
  });

  registerRoute(app, accountRoutes.changePassword, async ({ body, user, ip, setMessage }) => {
    await account.changePassword(user, body.OldPassword, body.NewPassword, ip);
    setMessage('auth.passwordChanged');
    return null;
  });

  registerRoute(app, accountRoutes.verifyCodeGet, async ({ body, ip, request, setMessage }) => {
    await passwordReset.sendCode(body, { ip, lang: request.lang });
    setMessage('auth.verifyCodeSent');
    return null;
  });

  registerRoute(app, accountRoutes.resetPassword, async ({ body, ip, request, setMessage }) => {
    await passwordReset.reset(body, { ip, lang: request.lang });
    setMessage('auth.passwordReset');
    return null;
  });
}
