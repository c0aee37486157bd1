import type { SelfInfo } from '@measure/contract';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SUBSYSTEM } from '../../shared/routing/paths.ts';
import type { TitleKey } from '../../shared/routing/handle.ts';
import { useCurrentTrail } from './breadcrumbTrail.ts';
import { isChildPage, MENU, menuKeyOf, visibleMenu } from './menu.ts';

/**
 * Breadcrumbs of a child page: the menu page it opens from (the one the user has), the records it
 * lies under as the page names them (useBreadcrumbTrail), and its own title. Menu pages have none.
 */
export function ShellBreadcrumb({
  page,
  titleKey,
  self,
}: {
  page: string;
  titleKey: TitleKey | undefined;
  self: SelfInfo | undefined;
}) {
  const { t } = useTranslation(['layout', 'common', 'auth']);
  const trail = useCurrentTrail();
  if (!isChildPage(page) || !titleKey) return null;
  const visible = visibleMenu(MENU, self).map((entry) => entry.path);
  const parent = MENU.find((entry) => entry.path === menuKeyOf(page, visible));
  const items = [
    ...(parent
      ? [
          {
            key: 'parent',
            title: <Link to={`/${SUBSYSTEM.cloud}/${parent.path}`}>{t(parent.titleKey)}</Link>,
          },
        ]
      : []),
    ...trail.map((crumb, index) => ({
      key: `trail-${index}`,
      title: crumb.to ? <Link to={crumb.to}>{crumb.title}</Link> : crumb.title,
    })),
    { key: 'page', title: t(titleKey) },
  ];
  return <Breadcrumb style={{ marginBottom: 12 }} items={items} />;
}
