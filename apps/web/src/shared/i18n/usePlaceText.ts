import { formatPlace, formatSitePlace, type Place, type PlaceFill } from '@measure/contract/places';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type PanelRange = { X0?: number | null; X1?: number | null; Z0?: number | null; Z1?: number | null };

/**
 * Places and sites as every page shows them (the contract's places.ts with the `common` words):
 * `place` for a building, floor or household, `site` for a site with its name, each part once;
 * `panel` for a facade panel's rectangle on its side (empty for indoor sites).
 */
export function usePlaceText() {
  const { t } = useTranslation('common');
  return useMemo(() => {
    const fill: PlaceFill = (key, params) => t(`place.${key}`, params);
    return {
      place: (place: Place) => formatPlace(place, fill),
      site: (site: Place & { Name?: string | null }) => formatSitePlace(site, fill),
      panel: ({ X0, X1, Z0, Z1 }: PanelRange) =>
        [X0, X1, Z0, Z1].every((value) => typeof value === 'number')
          ? t('place.panel', { x0: X0, x1: X1, z0: Z0, z1: Z1 })
          : '',
    };
  }, [t]);
}
