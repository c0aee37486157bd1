import { SUBSYSTEM } from '../../shared/routing/paths.ts';
import { useSelf } from '../auth/self.ts';
import { MENU, menuKeyOf, visibleMenu } from '../layout/menu.ts';

/**
 * Where "back to the project list" leads: the menu page the project pages open from for this user,
 * as the breadcrumbs choose it (the project list with `project.list`, else data reports, which lists
 * the projects of a project administrator or surveyor). Never a page the user may not open.
 */
export function useProjectListPath(): string {
  const self = useSelf();
  const visible = visibleMenu(MENU, self.data).map((entry) => entry.path);
  return `/${SUBSYSTEM.cloud}/${menuKeyOf('projectDetail', visible)}`;
}
