import type { SelfInfo } from '@measure/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';

/** The signed-in user: profile, roles, permissions and feature flags (POST /api/sys/User/GetSelf). */
export const selfQuery = queryOptions({
  queryKey: ['users', 'self'] as const,
  queryFn: ({ signal }): Promise<SelfInfo> => callApi(routes.account.getSelf, undefined, { signal }),
  staleTime: 5 * 60_000,
});
