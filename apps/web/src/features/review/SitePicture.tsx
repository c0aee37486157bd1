import type { ReviewSite } from '@measure/contract';
import { Alert, Checkbox, Empty, Image, Segmented, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../shared/api/download.ts';
import { routes } from '../../shared/api/routes.ts';

type Fetched = { key: string; url?: string; failed?: boolean };

/**
 * The object URL of a picture fetched with the session header (an <img> cannot send it), freed when
 * the picture is replaced or the view left. The trail's length is part of the key: a change redraws
 * the annotated picture.
 */
function usePictureUrl(
  site: ReviewSite,
  fileId: string | undefined,
  annotated: boolean,
  show: { vertical: boolean; horizontal: boolean },
  demo: boolean,
) {
  const { vertical, horizontal } = show;
  const key = `${site.TaskId}/${site.PointIndex}/${fileId}/${annotated}/${vertical}/${horizontal}/${site.Changes.length}`;
  const [fetched, setFetched] = useState<Fetched>({ key: '' });
  const { TaskId, PointIndex } = site;
  useEffect(() => {
    if (!fileId) return undefined;
    let url: string | null = null;
    let cancelled = false;
    // All rulers: the annotated picture; some hidden: ShowVerHor draws only the ones shown.
    const fetched = demo
      ? fetchFile(routes.demoArea.getDemoPicture, {
          TaskId,
          PointIndex,
          FileId: fileId,
          ...(annotated ? { Annotated: 'true' } : {}),
        })
      : annotated && !(vertical && horizontal)
        ? fetchFile(routes.review.showVerHor, {
            TaskId,
            PointIndex,
            FileId: fileId,
            Vertical: vertical,
            Horizontal: horizontal,
          })
        : fetchFile(routes.review.getPicture, {
            TaskId,
            PointIndex,
            FileId: fileId,
            ...(annotated ? { Annotated: 'true' } : {}),
          });
    fetched.then(
      ({ blob }) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setFetched({ key, url });
      },
      () => !cancelled && setFetched({ key, failed: true }),
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [key, TaskId, PointIndex, fileId, annotated, vertical, horizontal, demo]);
  const current = fetched.key === key ? fetched : undefined;
  return { url: current?.url, loading: !current, failed: current?.failed ?? false };
}

/**
 * A site's pictures: annotated (rulers and values drawn in) or the original, zoomable in a preview.
 * `demo`: a demo area site's, read through the demo picture route (every ruler drawn).
 */
export function SitePicture({ site, demo = false }: { site: ReviewSite; demo?: boolean }) {
  const { t } = useTranslation('review');
  const [annotated, setAnnotated] = useState(true);
  const [index, setIndex] = useState(0);
  const [vertical, setVertical] = useState(true);
  const [horizontal, setHorizontal] = useState(true);
  const picture = site.Pictures[Math.min(index, site.Pictures.length - 1)];
  const { url, loading, failed } = usePictureUrl(
    site,
    picture?.FileId,
    annotated,
    { vertical, horizontal },
    demo,
  );
  if (site.Pictures.length === 0) return <Empty description={t('picture.none')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Segmented
          value={annotated ? 'annotated' : 'plain'}
          onChange={(value) => setAnnotated(value === 'annotated')}
          options={[
            { value: 'annotated', label: t('picture.annotated') },
            { value: 'plain', label: t('picture.plain') },
          ]}
        />
        {annotated && !demo && (
          <>
            <Checkbox checked={vertical} onChange={(event) => setVertical(event.target.checked)}>
              {t('picture.vertical')}
            </Checkbox>
            <Checkbox checked={horizontal} onChange={(event) => setHorizontal(event.target.checked)}>
              {t('picture.horizontal')}
            </Checkbox>
          </>
        )}
        {site.Pictures.length > 1 && (
          <Segmented
            value={index}
            onChange={(value) => setIndex(Number(value))}
            options={site.Pictures.map((_, n) => ({ value: n, label: String(n + 1) }))}
          />
        )}
        <Typography.Text type="secondary">{t('picture.zoomHint')}</Typography.Text>
      </Space>
      {failed ? (
        <Alert type="warning" showIcon message={t('picture.failed')} />
      ) : loading || !url ? (
        <Spin />
      ) : (
        <div data-testid="review-picture" data-rulers={`${vertical ? 'v' : ''}${horizontal ? 'h' : ''}`}>
          <Image
            src={url}
            alt={site.Name}
            style={{ maxWidth: '100%', maxHeight: 420, objectFit: 'contain' }}
          />
        </div>
      )}
    </Space>
  );
}
