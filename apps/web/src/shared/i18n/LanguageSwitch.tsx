import { LANGUAGES, type Language } from '@measure/contract/languages';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from './index.ts';

const LABELS: Record<Language, string> = { 'zh-CN': '中文', 'en-US': 'English' };

/** Each language is labelled in itself, so a reader of either can find theirs. */
export function LanguageSwitch({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t, i18n } = useTranslation('common');
  return (
    <Space.Compact size={size} role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => {
        const active = i18n.language === language;
        return (
          <Button
            key={language}
            size={size}
            lang={language}
            autoInsertSpace={false}
            type={active ? 'primary' : 'default'}
            aria-pressed={active}
            onClick={() => void changeLanguage(language)}
          >
            {LABELS[language]}
          </Button>
        );
      })}
    </Space.Compact>
  );
}
