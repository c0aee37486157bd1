import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LANDING_PATH } from '../../shared/routing/paths.ts';
import { locationOf, neighbourOf } from './visitedPages.ts';
import { useSurfaceMode } from './surface/surfaceMode.ts';
import { useTabsFit } from './useTabsFit.ts';
import { useVisitedPages, visitedPages } from './visitedStore.ts';

/** Tabs of the visited pages, closable one by one, all but the current, or all. */
export function PageTabs() {
  const { t } = useTranslation(['layout', 'common', 'auth']);
  const pages = useVisitedPages();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // A finger cannot hover: in surface mode the tab actions open by tap and the tabs take its size.
  const touch = useSurfaceMode();

  // The landing page alone is the last tab: it stays, so the tab bar is never empty.
  const isLastLanding = (path: string) => pages.length === 1 && path === LANDING_PATH;
  const close = (path: string) => {
    if (isLastLanding(path)) return;
    if (path === pathname) {
      const neighbour = neighbourOf(pages, path);
      navigate(neighbour ? locationOf(neighbour) : LANDING_PATH);
    }
    visitedPages.remove(path);
  };
  // Tabs that no longer fit close, oldest first, so none is ever cut short at the bar's edge.
  const barRef = useTabsFit(pages, pathname, (path) => visitedPages.remove(path));
  const closeOthers = () => visitedPages.keepOnly(pathname);
  const closeAll = () => {
    // The landing page opens again (or stays), so there is always one tab.
    if (pathname === LANDING_PATH) {
      visitedPages.keepOnly(LANDING_PATH);
      return;
    }
    visitedPages.removeAll();
    navigate(LANDING_PATH);
  };

  return (
    <div ref={barRef}>
      <Tabs
        type="editable-card"
        hideAdd
        size={touch ? undefined : 'small'}
        activeKey={pathname}
        onChange={(path) => {
          const page = pages.find((item) => item.path === path);
          navigate(page ? locationOf(page) : path);
        }}
        onEdit={(target, action) => {
          if (action === 'remove' && typeof target === 'string') close(target);
        }}
        items={pages.map((page) => ({
          key: page.path,
          label: t(page.titleKey),
          closable: !isLastLanding(page.path),
        }))}
        tabBarStyle={{ margin: 0, padding: '6px 16px 0', background: '#fff' }}
        tabBarExtraContent={{
          right: (
            <Dropdown
              trigger={touch ? ['click'] : undefined}
              menu={{
                items: [
                  { key: 'this', label: t('tabs.closeThis') },
                  { key: 'others', label: t('tabs.closeOthers') },
                  { key: 'all', label: t('tabs.closeAll') },
                ],
                onClick: ({ key }) => {
                  if (key === 'this') close(pathname);
                  if (key === 'others') closeOthers();
                  if (key === 'all') closeAll();
                },
              }}
            >
              <Button size={touch ? undefined : 'small'} type="text" aria-label={t('tabs.actions')}>
                {t('tabs.actions')} <DownOutlined />
              </Button>
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
