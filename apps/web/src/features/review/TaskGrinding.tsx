import type { GrindingTotals, TaskGrinding as TaskGrindingData } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';

type Row = GrindingTotals & { ItemCode: string; Name: string; StandardMm: number | null };

/**
 * The task's grinding amount and area (GetTaskGrinding): per flatness item and in total. Shown with
 * the task's figures; refetched with the other review data after every change.
 */
export function TaskGrinding({ taskId }: { taskId: string }) {
  const { t } = useTranslation('review');
  const query = useQuery({
    queryKey: ['review', 'grinding', taskId],
    queryFn: ({ signal }) => callApi(routes.review.getTaskGrinding, { TaskId: taskId }, { signal }),
  });
  const data: TaskGrindingData | undefined = query.data;
  if (!data || data.Items.length === 0) return null;
  const rows: Row[] = [
    ...data.Items,
    { ...data.Total, ItemCode: 'total', Name: t('grinding.total'), StandardMm: null },
  ];
  const columns: ColumnsType<Row> = [
    {
      title: t('figures.item'),
      key: 'item',
      render: (_, row) => (row.ItemCode === 'total' ? row.Name : `${row.ItemCode} ${row.Name}`),
    },
    {
      title: t('grinding.standard'),
      key: 'standard',
      align: 'right',
      render: (_, row) => (row.StandardMm === null ? '' : `≤ ${row.StandardMm} mm`),
    },
    { title: t('grinding.sites'), dataIndex: 'Sites', align: 'right' },
    { title: t('grinding.sitesToGrind'), dataIndex: 'SitesToGrind', align: 'right' },
    { title: t('grinding.siteArea'), dataIndex: 'AreaM2', align: 'right' },
    { title: t('grinding.area'), dataIndex: 'GrindingAreaM2', align: 'right' },
    { title: t('grinding.amount'), dataIndex: 'GrindingVolumeL', align: 'right' },
  ];
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('grinding.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('grinding.definition')}</Typography.Paragraph>
      <Table<Row>
        data-testid="task-grinding"
        rowKey="ItemCode"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 700 }}
      />
    </>
  );
}
