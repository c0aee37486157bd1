import { ROLE_PERMISSIONS, ROLES, type Role } from '@measure/contract/permissions';
import { MENU, mayOpen } from '../layout/menu.ts';

/** Every company feature switched on: a page behind a feature says so beside its roles. */
const ALL_FEATURES = {
  EnabledRobotTask: true,
  EnabledModeling: true,
  EnabledExternalWall: true,
  EnabledGj: true,
} as const;

/**
 * The roles that may open a page below /measurerobot, decided as the shell decides it (the menu
 * entry's permission, a child page's permission), so the manual cannot disagree with the app.
 */
export function rolesOpening(page: string): Role[] {
  return ROLES.filter((role) => mayOpen(page, { Permissions: [...ROLE_PERMISSIONS[role]], ...ALL_FEATURES }));
}

/** Whether a page is shown only to companies with a feature switched on. */
export function needsFeature(page: string): boolean {
  return MENU.some((entry) => entry.path === page && entry.feature !== undefined);
}

/** Whether a page has its own menu entry (then the manual links to it). */
export function isMenuPage(page: string): boolean {
  return MENU.some((entry) => entry.path === page);
}
