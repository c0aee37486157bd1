import type { QualifiedKey } from '../i18n/types.ts';

/**
 * A page title ('layout:menu.projectList'): route titles, menu entries and page tabs take their
 * keys from these namespaces, so the shell translates them with `useTranslation(['common', 'auth', 'layout'])`.
 */
export type TitleKey = QualifiedKey<'common' | 'auth' | 'layout'>;

/** Route metadata: the page title is the translation of `titleKey` ('namespace:key'). */
export interface RouteHandle {
  titleKey: TitleKey;
  /** Pages that are not destinations (not-found) get no page tab. */
  noTab?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).titleKey === 'string';
}
