import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import controls from '../shared/ui/controls.module.css';
import styles from './RouteError.module.css';

/**
 * Shown when a page fails to load or render (typically a chunk missing after a new deployment).
 * Plain markup (no antd) on purpose: it is part of every first load, the login route included.
 */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  console.error(error);
  return (
    <div className={styles.box} role="alert">
      <h1>{t('error.title')}</h1>
      <p>{t('error.subTitle')}</p>
      <button type="button" className={controls.primary} onClick={() => window.location.reload()}>
        {t('action.reload')}
      </button>
    </div>
  );
}
