import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useModal } from '../../shared/feedback/modal.tsx';

/**
 * While there are unsaved changes: leaving inside the app asks first (react-router's blocker),
 * closing or reloading the tab gets the browser's own warning (beforeunload).
 */
export function useUnsavedGuard(dirty: boolean): void {
  const { t } = useTranslation('house-maps');
  const modal = useModal();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  // One dialog per blocked navigation, whatever else re-renders meanwhile.
  const latest = useRef({ blocker, modal, t });
  useEffect(() => {
    latest.current = { blocker, modal, t };
  });

  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    const { modal: dialogs, t: text } = latest.current;
    const dialog = dialogs.confirm({
      title: text('leave.title'),
      content: text('leave.content'),
      okText: text('leave.ok'),
      cancelText: text('leave.cancel'),
      okButtonProps: { danger: true },
      onOk: () => latest.current.blocker.proceed?.(),
      onCancel: () => latest.current.blocker.reset?.(),
    });
    return () => dialog.destroy();
  }, [blocked]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only with a return value.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
