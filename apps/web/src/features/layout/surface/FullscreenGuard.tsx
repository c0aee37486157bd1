import { ExpandOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './FullscreenGuard.module.css';
import { useFullscreenReturn } from './useFullscreenReturn.ts';

/** 125 -> "2:05". */
export function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Surface mode's full screen: a screen-covering button while a tap is needed to enter it, and a
 * countdown bar with "Full screen now" during the configuration time after leaving it.
 */
export function FullscreenGuard() {
  const { t } = useTranslation('layout');
  const { phase, secondsLeft, enterNow } = useFullscreenReturn(true);

  if (phase === 'prompt') {
    return (
      // The whole screen is the button: the first tap anywhere is the gesture browsers demand.
      <button
        type="button"
        className={styles.overlay}
        onClick={enterNow}
        autoFocus
        data-testid="surface-enter"
      >
        <ExpandOutlined className={styles.icon} aria-hidden />
        <span className={styles.title}>{t('surface.enterTitle')}</span>
        <span className={styles.hint}>{t('surface.enterHint')}</span>
      </button>
    );
  }
  if (phase === 'countdown') {
    return (
      <div className={styles.countdown} role="status" data-testid="surface-countdown">
        <span>{t('surface.countdown', { time: minutesAndSeconds(secondsLeft) })}</span>
        <Button type="primary" icon={<ExpandOutlined />} onClick={enterNow}>
          {t('surface.returnNow')}
        </Button>
      </div>
    );
  }
  return null;
}
