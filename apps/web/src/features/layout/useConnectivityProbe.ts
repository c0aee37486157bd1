import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/feedback/notify.ts';
import {
  nextConnectivity,
  probe,
  PROBE_INTERVAL_MS,
  type Announcement,
  type ProbeResult,
} from './connectivity.ts';

/** Spec sections 7 and 9: fetch the favicon every 5 s; announce time-outs, network loss and return. */
export function useConnectivityProbe(): void {
  const { t } = useTranslation('layout');

  useEffect(() => {
    const url = new URL('favicon.ico', document.baseURI).toString();
    let online = navigator.onLine;
    let running = false;

    const announce = (what: Announcement) => {
      if (what === 'timeout') notify.error(t('probe.timeout'));
      if (what === 'lost') notify.error(t('probe.lost'));
      if (what === 'back') notify.success(t('probe.back'));
    };
    const apply = (result: ProbeResult) => {
      const next = nextConnectivity(online, result);
      online = next.online;
      announce(next.announce);
    };
    const tick = async () => {
      // One probe at a time: a slow one must not pile up behind the interval.
      if (running) return;
      running = true;
      try {
        apply(await probe(url));
      } finally {
        running = false;
      }
    };
    const onOffline = () => apply('offline');
    const onOnline = () => void tick();

    const timer = window.setInterval(() => void tick(), PROBE_INTERVAL_MS);
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [t]);
}
