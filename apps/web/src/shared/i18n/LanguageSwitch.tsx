import { LANGUAGES, type Language } from '@measure/contract/languages';
import { useTranslation } from 'react-i18next';
import controls from '../ui/controls.module.css';
import { changeLanguage } from './index.ts';

const LABELS: Record<Language, string> = { 'zh-CN': '中文', 'en-US': 'English' };

/**
 * Each language is labelled in itself, so a reader of either can find theirs. Plain buttons with
 * antd's look (a compact group, the active one primary): the login page shows it before antd loads.
 */
export function LanguageSwitch({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t, i18n } = useTranslation('common');
  return (
    <div className={controls.compact} role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => {
        const active = i18n.language === language;
        const classes = [active ? controls.primary : controls.button, size === 'small' && controls.small];
        return (
          <button
            key={language}
            type="button"
            lang={language}
            className={classes.filter(Boolean).join(' ')}
            aria-pressed={active}
            onClick={() => void changeLanguage(language)}
          >
            {LABELS[language]}
          </button>
        );
      })}
    </div>
  );
}
