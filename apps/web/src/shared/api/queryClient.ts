import { QueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n/index.ts';
import { isApiError } from './errors.ts';
import { onSessionEnd } from './unauthorized.ts';

export const queryClient = new QueryClient({
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
