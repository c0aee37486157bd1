import type { Language } from '@measure/contract/languages';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from './index.ts';
import { isLanguage } from './languages.ts';

const DAYJS_LOCALES: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

// Dates (antd pickers, tables) follow the language from the moment antd code is loaded.
dayjs.locale(DAYJS_LOCALES[currentLanguage()]);
i18n.on('languageChanged', (next) => {
  if (isLanguage(next)) dayjs.locale(DAYJS_LOCALES[next]);
});

/**
 * antd's ConfigProvider with the antd locale of the current language. Not at the root of the app:
 * the login route renders no antd component, so antd comes with what uses it (the shell, the
 * login dialogs, the message bar, the not-found page), each wrapped in this provider.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={instance.language === 'en-US' ? enUS : zhCN}
      theme={reducedMotion ? REDUCED_MOTION_THEME : undefined}
    >
      {children}
    </ConfigProvider>
  );
}

// People who ask their system for less motion get dialogs, drawers and menus without their zoom and
// slide (WCAG 2.3.3); the browser tests ask for it too, so no click lands on a moving button.
const REDUCED_MOTION_THEME = { token: { motion: false } };
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION_QUERY).matches ?? false,
    () => false,
  );
}
