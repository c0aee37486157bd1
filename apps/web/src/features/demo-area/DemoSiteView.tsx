import type { ReviewReading } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';
import { SitePicture } from '../review/SitePicture.tsx';
import '../review/i18n.ts';
import { formatRate } from '../tasks/taskLabels.tsx';

/**
 * A demo site as the review's site view shows it, read-only: its wall picture (annotated or plain,
 * through the demo picture route) and its readings with their grades, without the review's tools.
 */
export function DemoSiteView({ taskId, pointIndex }: { taskId: string; pointIndex: number }) {
  const { t } = useTranslation(['demo-area', 'tasks']);
  const site = useQuery({
    queryKey: ['demo-area', 'site', taskId, pointIndex],
    queryFn: ({ signal }) =>
      callApi(routes.demoArea.getDemoSite, { TaskId: taskId, PointIndex: pointIndex }, { signal }),
  });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="demo-site-view">
      {site.data && <SitePicture site={site.data} demo />}
      <Table<ReviewReading>
        size="small"
        rowKey="ItemCode"
        {...tableLoading(site)}
        pagination={false}
        data-testid="demo-readings"
        dataSource={site.data?.Readings ?? []}
        columns={[
          { title: t('detail.items'), key: 'item', render: (_, row) => `${row.ItemCode} ${row.Name}` },
          { title: t('detail.readings'), key: 'values', render: (_, row) => row.Values.join(', ') },
          {
            title: t('tasks:field.passRate'),
            key: 'rate',
            align: 'right',
            render: (_, row) => formatRate(row.Figures.PassRate),
          },
        ]}
      />
    </Space>
  );
}
