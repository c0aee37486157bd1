import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { currentLanguage } from '../../shared/i18n/index.ts';

/** Query keys of the console: every console write refreshes everything under it. */
export const CONSOLE_KEY = ['operatorConsole'] as const;

export function useRefreshConsole() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: CONSOLE_KEY });
}

/** The customer companies as select options (name in the page's language). */
export function useCompanyOptions() {
  const language = currentLanguage();
  const query = useQuery({
    queryKey: [...CONSOLE_KEY, 'companyOptions'],
    queryFn: ({ signal }) => callApi(routes.operatorConsole.getCompanyList, { PageSize: 200 }, { signal }),
  });
  const options = (query.data?.Items ?? []).map((company) => ({
    value: company.CompanyId,
    label: `${language === 'en-US' ? company.NameEn : company.NameZh} (${company.Code})`,
  }));
  return { options, loading: query.isLoading };
}
