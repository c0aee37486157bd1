import { QueryCache, QueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n/index.ts';
import { isApiError } from './errors.ts';
import { showError } from './showError.ts';
import { onSessionEnd } from './unauthorized.ts';

export const queryClient = new QueryClient({
  // A read refused with Code 403 (a permission taken away, a feature switched off while the page is
  // open) says why, instead of leaving the page looking empty; other failures are the page's to show.
  queryCache: new QueryCache({
    onError: (error) => {
      if (isApiError(error) && error.code === 403) showError(error);
    },
  }),
  defaultOptions: {
    queries: {
      // Business answers (403, 404, 401...) do not get better by asking again.
      retry: (failures, error) => !isApiError(error) && failures < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

// A page's queries must not outlive the session that started them: cancel what is in flight, then
// drop every cached answer (the next user must not see them).
// Answers carry texts in the language of the request (company name, project log, seeded names):
// a language switch asks again, so everything on screen follows it at once.
i18n.on('languageChanged', () => void queryClient.invalidateQueries());

onSessionEnd(() => {
  void queryClient.cancelQueries();
  queryClient.clear();
});
