import { formatPlace, formatSitePlace, type Place, type PlaceFill } from '@measure/contract/places';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Places and sites as every page shows them (the contract's places.ts with the `common` words):
 * `place` for a building, floor or household, `site` for a site with its name, each part once.
 */
export function usePlaceText() {
  const { t } = useTranslation('common');
  return useMemo(() => {
    const fill: PlaceFill = (key, params) => t(`place.${key}`, params);
    return {
      place: (place: Place) => formatPlace(place, fill),
      site: (site: Place & { Name?: string | null }) => formatSitePlace(site, fill),
    };
  }, [t]);
}
