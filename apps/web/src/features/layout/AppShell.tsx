import { Card, Layout, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useSelf } from '../auth/self.ts';
import { useVersionNotice } from '../notifications/useVersionNotice.tsx';
import { ModalProvider } from '../../shared/feedback/modal.tsx';
import { isRouteHandle } from '../../shared/routing/handle.ts';
import { useSession } from '../../shared/storage/useSession.ts';
import { mayOpen } from './menu.ts';
import { PageTabs } from './PageTabs.tsx';
import { NoAccess } from './PermissionGate.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';
import { useConnectivityProbe } from './useConnectivityProbe.ts';
import { visitedPages } from './visitedStore.ts';

/**
 * Spec section 2 app shell: its route requires a session and the login page lies outside it, so the
 * top bar shows only when signed in and not on login.
 */
export default function AppShell() {
  return (
    <ModalProvider>
      <Shell />
    </ModalProvider>
  );
}

function Shell() {
  const session = useSession();
  // No calls without a session: after a 401 the page stays for 2 s while the message shows.
  const self = useSelf(session !== null);
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const [collapsed, setCollapsed] = useState(false);
  const handle = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
  const tabTitleKey = handle && !handle.noTab ? handle.titleKey : undefined;

  useConnectivityProbe();
  useVersionNotice();

  useEffect(() => {
    if (tabTitleKey) visitedPages.add({ path: pathname, search: search || undefined, titleKey: tabTitleKey });
  }, [pathname, search, tabTitleKey]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        theme="light"
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={208}
        style={{ borderInlineEnd: '1px solid #f0f0f0' }}
      >
        <Typography.Text strong style={{ display: 'block', padding: '20px 24px', whiteSpace: 'nowrap' }}>
          {collapsed ? 'MC' : (self.data?.CompanyName ?? '')}
        </Typography.Text>
        <SideMenu self={self.data} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', paddingInline: 24, borderBottom: '1px solid #f0f0f0' }}>
          <TopBar userName={self.data?.Name ?? session?.userName ?? ''} />
        </Layout.Header>
        <PageTabs />
        <Layout.Content style={{ margin: 16 }}>
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
  if (mayOpen(page, undefined)) return <Outlet />;
  if (!self.data) return <Card>{self.isError ? null : <Skeleton active />}</Card>;
  return mayOpen(page, self.data) ? <Outlet /> : <NoAccess />;
}
