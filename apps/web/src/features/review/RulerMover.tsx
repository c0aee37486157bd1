import type { ReviewReading, ReviewSite, Ruler } from '@measure/contract';
import { Button, InputNumber, Modal, Space, Typography } from 'antd';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../shared/api/download.ts';
import { routes } from '../../shared/api/routes.ts';

const MAX_VALUE = 20_000;

/**
 * The surface a site's picture shows, as the server annotates it (review/picture-annotation.ts): from
 * (0, 0) to the rulers' furthest ends plus 5 %, Y up.
 */
function extentOf(site: ReviewSite): { X: number; Y: number } {
  let x = 1;
  let y = 1;
  for (const reading of site.Readings)
    for (const ruler of reading.Rulers ?? []) {
      x = Math.max(x, ruler.X1, ruler.X2);
      y = Math.max(y, ruler.Y1, ruler.Y2);
    }
  return { X: x * 1.05, Y: y * 1.05 };
}

/** The plain picture fetched with the session (object URL freed on close). */
function usePlainPicture(site: ReviewSite, open: boolean) {
  const [url, setUrl] = useState<string>();
  const fileId = site.Pictures[0]?.FileId;
  const { TaskId, PointIndex } = site;
  useEffect(() => {
    if (!open || !fileId) return undefined;
    let made: string | null = null;
    let cancelled = false;
    void fetchFile(routes.review.getPicture, { TaskId, PointIndex, FileId: fileId }).then(
      ({ blob }) => {
        if (cancelled) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [open, TaskId, PointIndex, fileId]);
  return open ? url : undefined;
}

/**
 * Moving one ruler's ends on the site's picture (drag the two handles) and entering the value it reads
 * there: the uploads carry no surface profile, so the server cannot re-measure a moved ruler and the
 * reviewer types the corrected value. Saved with UpdateWallRuler (value and ruler together).
 */
export function RulerMover(props: {
  site: ReviewSite;
  reading: ReviewReading;
  index: number;
  onSave: (value: number, ruler: Ruler) => Promise<boolean>;
}) {
  const { site, reading, index, onSave } = props;
  const { t } = useTranslation('review');
  const original = reading.Rulers?.[index];
  const [open, setOpen] = useState(false);
  const [ruler, setRuler] = useState<Ruler | undefined>(original);
  const [value, setValue] = useState<number | null>(reading.Values[index] ?? null);
  const [dragging, setDragging] = useState<1 | 2 | null>(null);
  const [saving, setSaving] = useState(false);
  const svg = useRef<SVGSVGElement>(null);
  const url = usePlainPicture(site, open);
  const [loaded, setLoaded] = useState<string>();
  if (!original) return null;
  const extent = extentOf(site);
  // The handles appear once the picture under them has its size (a site without a picture: at once).
  const ready = site.Pictures.length === 0 || (url !== undefined && loaded === url);
  const toMm = (event: PointerEvent) => {
    const box = svg.current?.getBoundingClientRect();
    if (!box) return null;
    const clamp = (v: number, max: number) => Math.round(Math.min(max, Math.max(0, v)));
    return {
      x: clamp(((event.clientX - box.left) / box.width) * extent.X, extent.X),
      y: clamp((1 - (event.clientY - box.top) / box.height) * extent.Y, extent.Y),
    };
  };
  const move = (event: PointerEvent) => {
    if (!dragging || !ruler) return;
    const at = toMm(event);
    if (!at) return;
    setRuler(dragging === 1 ? { ...ruler, X1: at.x, Y1: at.y } : { ...ruler, X2: at.x, Y2: at.y });
  };
  const save = async () => {
    if (value === null || !ruler) return;
    setSaving(true);
    try {
      if (await onSave(value, ruler)) setOpen(false);
    } finally {
      setSaving(false);
    }
  };
  const handle = (end: 1 | 2, x: number, y: number) => (
    <circle
      data-testid={`ruler-end-${end}`}
      cx={x}
      cy={extent.Y - y}
      r={Math.max(extent.X, extent.Y) / 40}
      fill={end === 1 ? '#1677ff' : '#fa541c'}
      fillOpacity={0.75}
      style={{ cursor: 'grab', touchAction: 'none' }}
      onPointerDown={(event) => {
        (event.target as Element).setPointerCapture(event.pointerId);
        setDragging(end);
      }}
    />
  );
  return (
    <>
      <Button
        size="small"
        type="link"
        onClick={() => {
          setRuler(original);
          setValue(reading.Values[index] ?? null);
          setOpen(true);
        }}
      >
        {t('move.button')}
      </Button>
      <Modal
        open={open}
        title={t('move.title', { item: reading.ItemCode, index: index + 1 })}
        onCancel={() => setOpen(false)}
        footer={null}
        width={720}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('move.hint')}</Typography.Text>
          <div style={{ position: 'relative', width: '100%', aspectRatio: url ? undefined : '4 / 3' }}>
            {url && (
              <img
                src={url}
                alt={site.Name}
                onLoad={() => setLoaded(url)}
                style={{ width: '100%', display: 'block' }}
              />
            )}
            {ruler && ready && (
              <svg
                ref={svg}
                data-testid="ruler-mover"
                viewBox={`0 0 ${extent.X} ${extent.Y}`}
                preserveAspectRatio="none"
                style={{
                  position: 'absolute',
                  inset: 0,
                  width: '100%',
                  height: '100%',
                  background: url ? undefined : '#f5f5f5',
                }}
                onPointerMove={move}
                onPointerUp={() => setDragging(null)}
              >
                <line
                  x1={original.X1}
                  y1={extent.Y - original.Y1}
                  x2={original.X2}
                  y2={extent.Y - original.Y2}
                  stroke="#999"
                  strokeDasharray={`${extent.X / 80}`}
                  strokeWidth={extent.X / 300}
                />
                <line
                  x1={ruler.X1}
                  y1={extent.Y - ruler.Y1}
                  x2={ruler.X2}
                  y2={extent.Y - ruler.Y2}
                  stroke="#1677ff"
                  strokeWidth={extent.X / 200}
                />
                {handle(1, ruler.X1, ruler.Y1)}
                {handle(2, ruler.X2, ruler.Y2)}
              </svg>
            )}
          </div>
          {ruler && (
            <Typography.Text data-testid="ruler-ends">
              {t('move.ends', { x1: ruler.X1, y1: ruler.Y1, x2: ruler.X2, y2: ruler.Y2 })}
            </Typography.Text>
          )}
          <Space>
            <InputNumber
              aria-label={t('move.value')}
              addonAfter="mm"
              value={value}
              min={-MAX_VALUE}
              max={MAX_VALUE}
              step={0.1}
              onChange={(next) => setValue(next)}
            />
            <Button type="primary" loading={saving} disabled={value === null} onClick={() => void save()}>
              {t('correct.save')}
            </Button>
          </Space>
        </Space>
      </Modal>
    </>
  );
}
