import type { ModelPreview } from '@measure/contract';
import { Card, Empty, Segmented, Select, Space, Spin, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GradeTag, ScanLegend, ScanStatusTag, SurfaceFigures } from './PreviewParts.tsx';
import { type ColourMode, type PreviewSite, scansToShow } from './viewer/sceneData.ts';
import './i18n.ts';

const loadScanView = () => import('./ScanView.tsx');
const ScanView = lazy(loadScanView);
/** Starts loading the 3D code (three.js, the tiles renderer) while the page still reads its data. */
export const preloadScanView = () => void loadScanView();
const ALL = '';

export interface ScanPreviewProps {
  preview: ModelPreview;
  /** Headers of tile and model requests: the session's, none under a share. */
  headers: Record<string, string>;
  /** The scan to open on (`scanId=` of the page, a share's ScanId); all ready scans otherwise. */
  initialScanId?: string | null;
  /** What a picked site shows below its deviation figures (its readings and pictures). */
  siteDetail?: (site: PreviewSite) => ReactNode;
  /** The picked site, when the page keeps it (the task data page's site review). */
  selected?: number | null;
  onSelect?: (pointIndex: number | null) => void;
  /** Controls beside the colour switch (share button). */
  extra?: ReactNode;
  height?: string;
}

/**
 * A task's scans in 3D with its sites: colour by deviation (the tiles' baked colours) or by grade
 * (surfaces in their site's worst grade over a neutral cloud), the legend, the scans still being
 * processed, and the picked site (from the view or the list) with its deviation figures and detail.
 */
export function ScanPreview(props: ScanPreviewProps) {
  const { preview, headers, siteDetail, extra, height } = props;
  const { t } = useTranslation('scans');
  const [mode, setMode] = useState<ColourMode>('deviation');
  const [scanId, setScanId] = useState<string>(props.initialScanId ?? ALL);
  const [ownSelected, setOwnSelected] = useState<number | null>(null);
  const selected = props.selected !== undefined ? props.selected : ownSelected;
  const select = (pointIndex: number | null) => {
    setOwnSelected(pointIndex);
    props.onSelect?.(pointIndex);
  };
  const ready = useMemo(() => scansToShow(preview.Scans), [preview.Scans]);
  const shown = useMemo(() => scansToShow(preview.Scans, scanId || null), [preview.Scans, scanId]);
  const waiting = preview.Scans.filter((scan) => scan.Status === 'queued' || scan.Status === 'processing');
  const site = preview.Sites.find((candidate) => candidate.PointIndex === selected);
  const siteSurfaces = preview.Surfaces.filter((surface) => surface.PointIndex === selected);

  if (preview.Scans.length === 0) return <Empty description={t('preview.noScans')} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="scan-preview">
      <Space wrap>
        <span>{t('mode.label')}</span>
        <Segmented<ColourMode>
          value={mode}
          onChange={setMode}
          options={[
            { value: 'deviation', label: t('mode.deviation') },
            { value: 'grade', label: t('mode.grade') },
          ]}
        />
        {ready.length > 1 && (
          <Select
            value={scanId}
            onChange={setScanId}
            style={{ minWidth: 200 }}
            aria-label={t('preview.scan')}
            options={[
              { value: ALL, label: t('preview.allScans') },
              ...ready.map((scan) => ({ value: scan.ScanId, label: scan.Name })),
            ]}
          />
        )}
        {extra}
      </Space>
      {waiting.length > 0 && (
        <Space wrap size={[16, 4]} data-testid="scans-waiting">
          <Typography.Text type="secondary">{t('preview.notReady')}</Typography.Text>
          {waiting.map((scan) => (
            <Space key={scan.ScanId} size={6}>
              <span>{scan.Name}</span>
              <ScanStatusTag scan={scan} />
            </Space>
          ))}
        </Space>
      )}
      {shown.length > 0 && (
        <Suspense fallback={<Spin />}>
          <ScanView
            preview={preview}
            scans={shown}
            headers={headers}
            mode={mode}
            selected={selected}
            onPick={select}
            height={height}
          />
        </Suspense>
      )}
      <Typography.Text type="secondary">{t('preview.hint')}</Typography.Text>
      <ScanLegend legend={preview.Legend} />
      <div data-testid="scan-sites">
        <Select
          showSearch
          allowClear
          optionFilterProp="label"
          value={selected ?? undefined}
          onChange={(value: number | undefined) => select(value ?? null)}
          placeholder={t('sites.pick')}
          aria-label={t('sites.choose')}
          style={{ width: '100%', maxWidth: 480 }}
          notFoundContent={t('sites.empty')}
          options={preview.Sites.map((candidate) => ({
            value: candidate.PointIndex,
            label: `#${candidate.PointIndex} ${candidate.Name}`,
          }))}
        />
      </div>
      {site && (
        <Card
          size="small"
          data-testid="scan-site"
          data-point={site.PointIndex}
          title={
            <Space wrap>
              {`#${site.PointIndex} ${site.Name}`}
              <GradeTag grade={site.WorstGrade} legend={preview.Legend} />
            </Space>
          }
        >
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('surface.title')}
          </Typography.Title>
          <SurfaceFigures surfaces={siteSurfaces} />
          {siteDetail?.(site)}
        </Card>
      )}
    </Space>
  );
}
