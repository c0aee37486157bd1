import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';

/** The company's organisation tree; user management uses it for its filter and form too. */
export const orgTreeQuery = queryOptions({
  queryKey: ['orgs', 'tree'] as const,
  queryFn: ({ signal }) => callApi(routes.orgs.getOrgTree, undefined, { signal }),
});

/** The users directly in one organisation. */
export const orgUsersQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['orgs', 'users', orgId] as const,
    queryFn: ({ signal }) => callApi(routes.orgs.subUsers, { id: orgId }, { signal }),
  });

/** Every user of the company as a light row (for pickers). */
export const companyUsersQuery = queryOptions({
  queryKey: ['userAdmin', 'company'] as const,
  queryFn: () => callApi(routes.userAdmin.getCompanyUserList),
});
