import { LANGUAGES, type Language } from '@measure/contract/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import authEnUS from '../../features/auth/locales/en-US.ts';
import authZhCN from '../../features/auth/locales/zh-CN.ts';
import { countedFormat } from './counted.ts';
import { isLanguage, readStoredLanguage, storeLanguage } from './languages.ts';
import commonEnUS from './locales/en-US.ts';
import commonZhCN from './locales/zh-CN.ts';

export { i18next as i18n };

/**
 * The namespaces of the first load: `common` and `auth` (the login page). The shell registers the
 * other static ones (./resources.ts) when it loads, page features theirs (./lazyNamespace.ts),
 * forms the contract's `messages` (./messages.ts).
 */
const firstLoadResources = {
  'zh-CN': { common: commonZhCN, auth: authZhCN },
  'en-US': { common: commonEnUS, auth: authEnUS },
} satisfies Record<Language, Record<string, Record<string, string>>>;

/** Keeps everything outside React that depends on the language in step with i18next. */
function applyLanguage(language: Language): void {
  storeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export async function initI18n(language: Language = readStoredLanguage()): Promise<void> {
  i18next.on('languageChanged', (next) => {
    if (isLanguage(next)) applyLanguage(next);
  });
  await i18next.use(initReactI18next).init({
    resources: firstLoadResources,
    lng: language,
    fallbackLng: false,
    supportedLngs: LANGUAGES,
    ns: Object.keys(firstLoadResources['zh-CN']),
    defaultNS: 'common',
    // Keys are flat dotted strings ('login.usernameTip', 'rules.email'), not nested paths.
    keySeparator: false,
    interpolation: { escapeValue: false },
  });
  // English nouns after a count: {{count, counted(one: # user; other: # users)}}.
  i18next.services.formatter?.add('counted', countedFormat);
  applyLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : readStoredLanguage();
}

export function changeLanguage(language: Language): Promise<unknown> {
  return i18next.changeLanguage(language);
}
