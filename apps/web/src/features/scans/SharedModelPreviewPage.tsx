import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SharedPreviewLayout, useSharedModelPreview } from './SharedPreview.tsx';
import './i18n.ts';

/**
 * `/supplement/modelTaskPreview/:shareId` (no sign-in): the shared task's point clouds and models with
 * its sites and grades, tiles and models read under the share's addresses.
 */
export default function SharedModelPreviewPage() {
  const { t, i18n } = useTranslation('scans');
  const { shareId = '' } = useParams();
  const loaded = useSharedModelPreview(shareId, i18n.language);
  return <SharedPreviewLayout shareId={shareId} title={t('preview.title')} loaded={loaded} />;
}
