import type { ModelPreview } from '@measure/contract';
import { Alert } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { webGlAvailable } from '../reports/planViewer.ts';
import {
  absoluteUrl,
  type ColourMode,
  rulerShapes,
  type ScanItemLike,
  surfaceShapes,
} from './viewer/sceneData.ts';
import { createScanViewer, type ScanViewer, type ViewerAsset } from './viewer/scanViewer.ts';
import './i18n.ts';

export interface ScanViewProps {
  preview: ModelPreview;
  /** The ready scans to draw. */
  scans: readonly ScanItemLike[];
  /** Headers of tile and model requests (the session's; none under a share). */
  headers: Record<string, string>;
  mode: ColourMode;
  selected: number | null;
  onPick: (pointIndex: number | null) => void;
  /** CSS height of the view. */
  height?: string;
}

/** The 3D view (three.js and 3d-tiles-renderer live in this module's chunk only). */
export default function ScanView({ preview, scans, headers, mode, selected, onPick, height }: ScanViewProps) {
  const { t } = useTranslation('scans');
  const holder = useRef<HTMLDivElement>(null);
  const viewer = useRef<ScanViewer | null>(null);
  const [failed, setFailed] = useState(false);
  const [webgl] = useState(webGlAvailable);
  const pick = useRef(onPick);
  const modeRef = useRef(mode);
  // The viewer calls the latest handler and starts in the current mode without being made again.
  useEffect(() => {
    pick.current = onPick;
    modeRef.current = mode;
  });
  const headerKey = JSON.stringify(headers);
  const shown = useMemo(() => new Set(scans.map((scan) => scan.ScanId)), [scans]);
  const fresh = useMemo(
    () => ({
      assets: scans.map<ViewerAsset>((scan) =>
        scan.TilesetUrl
          ? {
              scanId: scan.ScanId,
              url: absoluteUrl(scan.TilesetUrl, window.location.origin),
              kind: 'tileset',
            }
          : {
              scanId: scan.ScanId,
              url: absoluteUrl(scan.ModelUrl ?? '', window.location.origin),
              kind: 'model',
            },
      ),
      surfaces: surfaceShapes(preview.Surfaces, preview.Sites, preview.Legend, shown),
      rulers: rulerShapes(
        preview.Rulers.filter((ruler) =>
          preview.Surfaces.some(
            (surface) => shown.has(surface.ScanId) && surface.PointIndex === ruler.PointIndex,
          ),
        ),
        preview.Legend,
        (ruler) =>
          t('rulers.value', { item: ruler.ItemCode, index: ruler.ValueIndex + 1, value: ruler.ValueMm }),
      ),
    }),
    [preview, scans, shown, t],
  );

  // A live refresh of the preview (a scan's progress) answers equal data: keep the viewer as it is.
  const signature = JSON.stringify(fresh, (_key, value: unknown) =>
    value instanceof Float32Array ? Array.from(value) : value,
  );
  const [drawn, setDrawn] = useState({ signature, drawing: fresh });
  if (drawn.signature !== signature) setDrawn({ signature, drawing: fresh });
  const drawing = drawn.signature === signature ? drawn.drawing : fresh;
  useEffect(() => {
    const element = holder.current;
    if (!element || !webgl) return;
    setFailed(false);
    const created = createScanViewer(element, {
      ...drawing,
      headers: JSON.parse(headerKey) as Record<string, string>,
      mode: modeRef.current,
      onPick: (pointIndex) => pick.current(pointIndex),
      onError: () => setFailed(true),
    });
    viewer.current = created;
    element.dataset.rendered = 'true';
    return () => {
      created.dispose();
      viewer.current = null;
      delete element.dataset.rendered;
      delete element.dataset.points;
    };
  }, [drawing, headerKey, webgl]);
  useEffect(() => viewer.current?.setMode(mode), [mode]);
  useEffect(() => viewer.current?.select(selected), [selected, drawing]);

  if (!webgl) return <Alert type="warning" showIcon message={t('preview.noWebgl')} />;
  return (
    <>
      {failed && (
        <Alert type="error" showIcon message={t('preview.loadFailed')} style={{ marginBottom: 8 }} />
      )}
      <div
        ref={holder}
        data-testid="scan-view"
        data-surfaces={drawing.surfaces.length}
        data-selected={selected ?? ''}
        style={{
          width: '100%',
          height: height ?? 'min(64vh, 620px)',
          minHeight: 280,
          border: '1px solid #d9d9d9',
          borderRadius: 6,
          overflow: 'hidden',
        }}
      />
    </>
  );
}
