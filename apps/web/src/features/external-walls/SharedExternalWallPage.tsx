import type { ExternalWallTask } from '@measure/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { LanguageSwitch } from '../../shared/i18n/LanguageSwitch.tsx';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { ElevationDrawing, ElevationLegend } from './ElevationDrawing.tsx';
import { externalWallSharePath } from './paths.ts';
import { SideFigures } from './SideFigures.tsx';
import { useSideTitle } from './sideTitle.ts';
import './i18n.ts';

const sharedSitePath = (shareId: string, pointIndex: number) =>
  `/supplement/taskReportDetail/${encodeURIComponent(shareId)}/${pointIndex}`;

const box = { maxWidth: 720, margin: '0 auto', padding: 12, fontSize: 14 } as const;

/**
 * `/supplement/externalWallTaskPreview/:shareId/:index` (no sign-in, phones first): one side of a
 * shared external-wall task as an elevation with its figures; a panel opens the shared site page,
 * and the other sides are a tap away. Closed or unknown shares say so.
 */
export default function SharedExternalWallPage() {
  const { t, i18n } = useTranslation('external-walls');
  const sideTitle = useSideTitle();
  const navigate = useNavigate();
  const { shareId = '', index = '' } = useParams();
  const key = `${i18n.language}:${shareId}`;
  const [fetched, setFetched] = useState<{ key: string; task: ExternalWallTask | null } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    callApi(
      routes.externalWalls.getSharedExternalWall,
      { ShareId: shareId },
      { signal: controller.signal, quiet: true },
    )
      .then((answer) => setFetched({ key, task: answer }))
      .catch(() => {
        if (!controller.signal.aborted) setFetched({ key, task: null });
      });
    return () => controller.abort();
  }, [key, shareId]);
  const current = fetched?.key === key ? fetched : undefined;
  const task = current?.task ?? null;
  const position = Number(index);
  const side = task?.Sides.find((item) => item.Index === position);

  return (
    <div style={box} data-testid="facade-share">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
        <strong>{t('share.title')}</strong>
        <LanguageSwitch size="small" />
      </div>
      {current === undefined ? (
        <PageLoading />
      ) : !task || !side ? (
        <p role="alert" style={{ color: '#d4380d' }}>
          {t('share.failed')}
        </p>
      ) : (
        <>
          <h1 style={{ fontSize: 18, margin: '12px 0 4px' }}>{task.Name}</h1>
          <div style={{ color: '#8c8c8c' }}>
            {`${task.ProjectName} · ${task.BuildingNumber} · ${t('field.floorsValue', {
              from: task.FloorFrom,
              to: task.FloorTo,
            })}`}
          </div>
          <h2 style={{ fontSize: 16, margin: '12px 0 4px' }} data-testid="facade-share-side">
            {`${sideTitle(side)} · ${t('elevation.widthValue', { width: side.WidthM })}`}
          </h2>
          <div style={{ color: '#8c8c8c', marginBottom: 8 }}>
            {t('share.sideOf', { index: position + 1, count: task.Sides.length })}
          </div>
          <SideFigures figures={side.Figures} />
          <div style={{ margin: '8px 0' }}>
            <ElevationLegend />
          </div>
          {side.Panels.length === 0 && <p>{t('elevation.noPanels')}</p>}
          <ElevationDrawing
            side={side}
            onPanel={(panel) => void navigate(sharedSitePath(shareId, panel.PointIndex))}
          />
          <nav style={{ display: 'flex', justifyContent: 'space-between', marginTop: 12 }}>
            {position > 0 ? (
              <Link to={externalWallSharePath(shareId, position - 1)}>{t('share.previous')}</Link>
            ) : (
              <span />
            )}
            {position < task.Sides.length - 1 && (
              <Link to={externalWallSharePath(shareId, position + 1)}>{t('share.next')}</Link>
            )}
          </nav>
        </>
      )}
    </div>
  );
}
