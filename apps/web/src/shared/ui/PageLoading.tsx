import { useTranslation } from 'react-i18next';
import styles from './controls.module.css';

/** antd's `<Spin fullscreen delay={300} />` look without antd: it is part of every first load. */
export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.overlay} role="status" aria-live="polite" aria-label={t('loading')}>
      <span className={styles.dots}>
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
