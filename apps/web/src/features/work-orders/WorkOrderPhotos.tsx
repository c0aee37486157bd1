import { Image, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../shared/api/download.ts';
import { routes } from '../../shared/api/routes.ts';
import './i18n.ts';

/**
 * The completion photos of a work order as thumbnails (a click enlarges them, with the others to
 * browse), each fetched with the session header (an <img> cannot send it) and freed when left.
 */
export function WorkOrderPhotos({ workOrderId, fileIds }: { workOrderId: string; fileIds: string[] }) {
  const { t } = useTranslation('work-orders');
  const key = `${workOrderId}/${fileIds.join(',')}`;
  const [fetched, setFetched] = useState<{ key: string; urls: (string | null)[] }>({ key: '', urls: [] });
  useEffect(() => {
    let cancelled = false;
    const urls: string[] = [];
    void Promise.all(
      fileIds.map((FileId) =>
        fetchFile(routes.workOrders.getPicture, { WorkOrderId: workOrderId, FileId }).then(
          ({ blob }) => {
            const url = URL.createObjectURL(blob);
            urls.push(url);
            return url;
          },
          () => null,
        ),
      ),
    ).then((result) => {
      if (!cancelled) setFetched({ key, urls: result });
    });
    return () => {
      cancelled = true;
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
    // `key` names the work order and its photos.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (fileIds.length === 0) return <Typography.Text type="secondary">{t('photos.none')}</Typography.Text>;
  const urls = fetched.key === key ? fetched.urls : [];
  return (
    <Image.PreviewGroup>
      <Space wrap size={8} data-testid="work-order-photos">
        {fileIds.map((fileId, index) => (
          <Image
            key={fileId}
            width={88}
            height={88}
            style={{ objectFit: 'cover' }}
            src={urls[index] ?? undefined}
            alt={t('photos.alt', { index: index + 1 })}
            placeholder
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
