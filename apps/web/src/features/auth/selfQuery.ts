import type { SelfInfo } from '@measure/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { setCompanyTimeZone } from '../../shared/i18n/dates.ts';

/** The signed-in user: profile, roles, permissions and feature flags (POST /api/sys/User/GetSelf). */
export const selfQuery = queryOptions({
  queryKey: ['users', 'self'] as const,
  queryFn: async ({ signal }): Promise<SelfInfo> => {
    const self = await callApi(routes.account.getSelf, undefined, { signal });
    // Every date and time is shown in the company's zone from here on.
    setCompanyTimeZone(self.TimeZone);
    return self;
  },
  staleTime: 5 * 60_000,
});
