import { QueryClientProvider } from '@tanstack/react-query';
import { Card, Layout, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useSelf } from '../auth/self.ts';
import { OPERATOR_ENTRY_ROUTE } from '../auth/signIn.ts';
import { useLiveEvents } from '../../shared/live/useLiveEvents.ts';
import { useVersionNotice } from '../notifications/useVersionNotice.tsx';
import { queryClient } from '../../shared/api/queryClient.ts';
import { ModalProvider } from '../../shared/feedback/modal.tsx';
import { preloadMessageBar } from '../../shared/feedback/notify.ts';
import { AntdProvider } from '../../shared/i18n/AntdProvider.tsx';
import { registerShellNamespaces } from '../../shared/i18n/resources.ts';
import { isRouteHandle } from '../../shared/routing/handle.ts';
import { useSession } from '../../shared/storage/useSession.ts';
import { mayOpen } from './menu.ts';
import { PageTabs } from './PageTabs.tsx';
import { NoAccess } from './PermissionGate.tsx';
import { ShellBreadcrumb } from './ShellBreadcrumb.tsx';
import { SideMenu } from './SideMenu.tsx';
import { SurfaceProvider } from './surface/SurfaceProvider.tsx';
import { useSurfaceMode } from './surface/surfaceMode.ts';
import { TopBar } from './TopBar.tsx';
import { useConnectivityProbe } from './useConnectivityProbe.ts';

// The texts of the shell and its own pages (the login route loads only `common` and `auth`).
registerShellNamespaces();

/**
 * Spec section 2 app shell: its route requires a session and the login page lies outside it, so the
 * top bar shows only when signed in and not on login. It brings what the signed-in pages share and
 * the login route does without: antd's provider with the locale, the query client, the dialogs.
 */
export default function AppShell() {
  // Messages of the signed-in pages (a 401 above all) show at once, without loading first.
  useEffect(preloadMessageBar, []);
  return (
    <AntdProvider>
      <SurfaceProvider>
        <QueryClientProvider client={queryClient}>
          <ModalProvider>
            <Shell />
          </ModalProvider>
        </QueryClientProvider>
      </SurfaceProvider>
    </AntdProvider>
  );
}

function Shell() {
  const session = useSession();
  // No calls without a session: after a 401 the page stays for 2 s while the message shows.
  const self = useSelf(session !== null);
  const { pathname } = useLocation();
  const matches = useMatches();
  const [collapsed, setCollapsed] = useState(false);
  // Surface mode's larger menu text needs a wider menu.
  const surface = useSurfaceMode();
  const handle = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);

  // The platform operator has no company: no version notice, messages or live company events.
  const operator = self.data?.IsOperator ?? session?.entry === OPERATOR_ENTRY_ROUTE;
  useConnectivityProbe();
  useVersionNotice(!operator);
  // Open pages follow changes made elsewhere (robots, other users, other instances).
  useLiveEvents(operator ? null : (session?.token ?? null));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        theme="light"
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={surface ? 248 : 208}
        style={{ borderInlineEnd: '1px solid #f0f0f0' }}
      >
        <Typography.Text strong style={{ display: 'block', padding: '20px 24px', whiteSpace: 'nowrap' }}>
          {collapsed ? 'MC' : (self.data?.CompanyName ?? '')}
        </Typography.Text>
        <SideMenu self={self.data} />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: '#fff', paddingInline: surface ? 16 : 24, borderBottom: '1px solid #f0f0f0' }}
        >
          <TopBar userName={self.data?.Name ?? session?.userName ?? ''} operator={operator} />
        </Layout.Header>
        <PageTabs />
        <Layout.Content style={{ margin: 16 }}>
          <ShellBreadcrumb page={pathname.split('/')[2] ?? ''} titleKey={handle?.titleKey} self={self.data} />
          <PageAccess page={pathname.split('/')[2] ?? ''} self={self} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/**
 * Every page a role may open is in its menu (or is a child page it may use); any other page opened
 * by address shows "no access" instead of a read-only dead end.
 */
function PageAccess({ page, self }: { page: string; self: ReturnType<typeof useSelf> }) {
  // The operator opens no company page, even an unguarded one (its calls would all answer 403).
  if (!self.data?.IsOperator && mayOpen(page, undefined)) return <Outlet />;
  if (!self.data) return <Card>{self.isError ? null : <Skeleton active />}</Card>;
  return mayOpen(page, self.data) ? <Outlet /> : <NoAccess />;
}
