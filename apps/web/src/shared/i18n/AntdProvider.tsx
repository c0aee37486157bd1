import type { Language } from '@measure/contract/languages';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
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
  return <ConfigProvider locale={instance.language === 'en-US' ? enUS : zhCN}>{children}</ConfigProvider>;
}
