import type { AlgorithmSource, Grinding, ReviewSite } from '@measure/contract';
import { Alert, Descriptions, Image, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../shared/api/download.ts';
import { routes } from '../../shared/api/routes.ts';

type Fetched = {
  key: string;
  url?: string;
  source?: AlgorithmSource;
  /** The rulers a readings map is interpolated from, or the cloud points drawn (response headers). */
  basis?: number;
  failed?: string;
};

/**
 * The algorithm image of one flatness item (GenAlgorithmImage, a PNG fetched with the session into
 * an object URL, freed when replaced). The trail's length is part of the key: a change redraws it.
 */
function useAlgorithmImage(site: ReviewSite, itemCode: string | undefined) {
  const key = `${site.TaskId}/${site.PointIndex}/${itemCode}/${site.Changes.length}`;
  const [fetched, setFetched] = useState<Fetched>({ key: '' });
  const { TaskId, PointIndex } = site;
  useEffect(() => {
    if (!itemCode) return undefined;
    let url: string | null = null;
    let cancelled = false;
    fetchFile(routes.review.genAlgorithmImage, { TaskId, PointIndex, ItemCode: itemCode }).then(
      ({ blob, headers }) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        const source = headers.get('x-algorithm-source') === 'pointcloud' ? 'pointcloud' : 'readings';
        const basis = Number(
          headers.get(source === 'pointcloud' ? 'x-algorithm-points' : 'x-algorithm-rulers'),
        );
        setFetched({ key, url, source, basis });
      },
      (error: unknown) =>
        !cancelled && setFetched({ key, failed: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [key, TaskId, PointIndex, itemCode]);
  return fetched.key === key ? fetched : undefined;
}

/** Grinding of one flatness item at the site (domain.md: area above the standard x mean excess). */
export function GrindingFacts({ grinding }: { grinding: Grinding }) {
  const { t } = useTranslation('review');
  const none = '—';
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid={`grinding-${grinding.ItemCode}`}>
      <Descriptions.Item label={t('grinding.standard')}>{`≤ ${grinding.StandardMm} mm`}</Descriptions.Item>
      <Descriptions.Item label={t('grinding.exceeding')}>
        {t('grinding.exceedingCount', { exceeding: grinding.Exceeding, values: grinding.Values })}
      </Descriptions.Item>
      <Descriptions.Item label={t('grinding.meanExcess')}>{`${grinding.MeanExcessMm} mm`}</Descriptions.Item>
      <Descriptions.Item label={t('grinding.area')}>
        {grinding.GrindingAreaM2 === null ? none : `${grinding.GrindingAreaM2} m²`}
      </Descriptions.Item>
      <Descriptions.Item label={t('grinding.amount')}>
        {grinding.GrindingVolumeL === null ? t('grinding.noArea') : `${grinding.GrindingVolumeL} L`}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The site's flatness items: each one's deviation heatmap with its legend, and its grinding. */
export function AlgorithmImage({ site }: { site: ReviewSite }) {
  const { t } = useTranslation('review');
  const [chosen, setChosen] = useState<string>();
  const grinding = site.Grinding.find((row) => row.ItemCode === chosen) ?? site.Grinding[0];
  const image = useAlgorithmImage(site, grinding?.ItemCode);
  if (!grinding) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {site.Grinding.length > 1 && (
          <Segmented
            value={grinding.ItemCode}
            onChange={(value) => setChosen(String(value))}
            options={site.Grinding.map((row) => ({
              value: row.ItemCode,
              label: `${row.ItemCode} ${row.Name}`,
            }))}
          />
        )}
        {image?.source && (
          <Tag color={image.source === 'pointcloud' ? 'blue' : 'default'} data-testid="algorithm-source">
            {t(`algorithm.source.${image.source}`)}
          </Tag>
        )}
        {image?.source && (
          // What the map stands on, in words (the legend draws it as a ruler or a dot cloud and N).
          <Typography.Text strong data-testid="algorithm-basis">
            {image.source === 'pointcloud'
              ? t('algorithm.basis.pointcloud', { points: image.basis ?? 0 })
              : t('algorithm.basis.readings', { rulers: image.basis ?? 0 })}
          </Typography.Text>
        )}
        <Typography.Text type="secondary">{t('algorithm.hint')}</Typography.Text>
      </Space>
      {!image ? (
        <Spin />
      ) : image.failed ? (
        <Alert type="warning" showIcon message={image.failed} />
      ) : (
        <div data-testid="algorithm-image">
          <Image
            src={image.url}
            alt={t('algorithm.alt', { item: grinding.ItemCode })}
            style={{ maxWidth: '100%', maxHeight: 420, objectFit: 'contain' }}
          />
        </div>
      )}
      <GrindingFacts grinding={grinding} />
    </Space>
  );
}
