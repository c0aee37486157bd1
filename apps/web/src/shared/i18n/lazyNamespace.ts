import type { Language } from '@measure/contract/languages';
import { LANGUAGES } from '@measure/contract/languages';
import { i18n } from './index.ts';
import type { AppNamespace } from './types.ts';

export type NamespaceResources = Record<Language, Record<string, string>>;

/**
 * Adds a page feature's namespace when its module loads, so the texts of pages behind the login
 * travel with those pages instead of the login route's first load. Modules register at import
 * time, before any of their components render.
 */
export function registerNamespace(ns: AppNamespace, resources: NamespaceResources): void {
  if (!i18n.isInitialized) {
    // Imported before start-up finished (tests): register once i18next exists.
    i18n.on('initialized', () => registerNamespace(ns, resources));
    return;
  }
  for (const language of LANGUAGES) {
    if (!i18n.hasResourceBundle(language, ns)) i18n.addResourceBundle(language, ns, resources[language]);
  }
}
