import { LANGUAGES, type Language } from '@measure/contract/languages';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, readStoredLanguage, storeLanguage } from './languages.ts';
import { NAMESPACES, resources } from './resources.ts';

export { i18next as i18n };

const DAYJS_LOCALES: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/** Keeps everything outside React that depends on the language in step with i18next. */
function applyLanguage(language: Language): void {
  storeLanguage(language);
  dayjs.locale(DAYJS_LOCALES[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export async function initI18n(language: Language = readStoredLanguage()): Promise<void> {
  i18next.on('languageChanged', (next) => {
    if (isLanguage(next)) applyLanguage(next);
  });
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: false,
    supportedLngs: LANGUAGES,
    ns: NAMESPACES,
    defaultNS: 'common',
    // Keys are flat dotted strings ('login.usernameTip', 'rules.email'), not nested paths.
    keySeparator: false,
    interpolation: { escapeValue: false },
  });
  applyLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : readStoredLanguage();
}

export function changeLanguage(language: Language): Promise<unknown> {
  return i18next.changeLanguage(language);
}
