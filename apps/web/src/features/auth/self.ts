import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { alreadyShown } from '../../shared/api/errors.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { selfQuery } from './selfQuery.ts';

/** The signed-in user's info; a failure shows F00624 (spec section 8) unless the client already spoke. */
export function useSelf(enabled = true) {
  const { t } = useTranslation('auth');
  const query = useQuery({ ...selfQuery, enabled });
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error && !alreadyShown(error)) notify.error(t('F00624'));
  }, [error, errorUpdatedAt, t]);
  return query;
}
