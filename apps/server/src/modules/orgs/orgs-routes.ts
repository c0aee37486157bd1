import { orgsRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

export function registerOrgsRoutes(app: FastifyInstance, { orgs }: Services): void {
  registerRoute(app, orgsRoutes.getOrgTree, async ({ user }) => orgs.tree(user));
  registerRoute(app, orgsRoutes.getSubOrgs, async ({ params, user }) => orgs.subOrgs(user, params.id));
  registerRoute(app, orgsRoutes.subUsers, async ({ params, user }) => orgs.subUsers(user, params.id));

  registerRoute(app, orgsRoutes.create, async ({ body, user, setMessage }) => {
    const org = await orgs.save(user, body);
    setMessage('users.saved');
    return org;
  });
  registerRoute(app, orgsRoutes.del, async ({ body, user }) => {
    await orgs.delete(user, body.OrgId);
    return null;
  });
  registerRoute(app, orgsRoutes.addUsers, async ({ body, user }) => {
    await orgs.addUsers(user, body.OrgId, body.UserIds);
    return null;
  });
  registerRoute(app, orgsRoutes.removeUsers, async ({ body, user }) => {
    await orgs.removeUsers(user, body.OrgId, body.UserIds);
    return null;
  });
}
