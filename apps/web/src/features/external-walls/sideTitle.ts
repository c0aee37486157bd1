import type { FacadeElevation } from '@measure/contract';
import { useTranslation } from 'react-i18next';
import './i18n.ts';

/** The title of a side: its Side, with its name when it has one. */
export function useSideTitle() {
  const { t } = useTranslation('external-walls');
  return (side: Pick<FacadeElevation, 'Side' | 'Name'>) =>
    side.Name
      ? t('elevation.sideTitleNamed', { side: side.Side, name: side.Name })
      : t('elevation.sideTitle', { side: side.Side });
}
