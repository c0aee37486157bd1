import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AntdProvider } from '../../shared/i18n/AntdProvider.tsx';
import { hasReadyScans, SharedPreviewLayout, useSharedModelPreview } from './SharedPreview.tsx';
import '../reports/i18n.ts';
import './i18n.ts';

/** The box-per-room view: what the 3D report shows of a task without ready scans. */
const RoomBoxes = lazy(() => import('../reports/SharedPlan3dPage.tsx'));

/**
 * `/supplement/taskReportThreeDimensional/:shareId` (no sign-in, spec "3D task report"): the shared
 * task's real scans and models with its sites when it has ready ones; otherwise (no scans, none ready,
 * or modelling off) its households as rooms coloured by grade, as before.
 */
export default function SharedThreeDimensionalPage() {
  const { t, i18n } = useTranslation('reports');
  const { shareId = '' } = useParams();
  const loaded = useSharedModelPreview(shareId, i18n.language, false);
  if (loaded.state === 'loading')
    return (
      <AntdProvider>
        <div style={{ padding: 24, textAlign: 'center' }}>
          <Spin />
        </div>
      </AntdProvider>
    );
  if (loaded.state === 'ready' && hasReadyScans(loaded.preview))
    return <SharedPreviewLayout shareId={shareId} title={t('plan3d.title')} loaded={loaded} />;
  return (
    <Suspense fallback={null}>
      <RoomBoxes />
    </Suspense>
  );
}
