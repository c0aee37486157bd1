import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { isRouteHandle } from '../shared/routing/handle.ts';
import { PageLoading } from '../shared/ui/PageLoading.tsx';

/** Sets the page title from the deepest route's metadata and covers lazy page loads with an overlay. */
export function RootLayout() {
  const { t } = useTranslation(['common', 'auth', 'layout']);
  const matches = useMatches();
  const navigation = useNavigation();
  const titleKey = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1)?.titleKey;

  useEffect(() => {
    const app = t('appName');
    document.title = titleKey ? `${t(titleKey)} - ${app}` : app;
  }, [t, titleKey]);

  return (
    <>
      <Outlet />
      {navigation.state === 'loading' && <PageLoading />}
    </>
  );
}

export function InitialLoading() {
  return <PageLoading />;
}
