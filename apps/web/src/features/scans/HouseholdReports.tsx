import type { ApartmentReport } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';
import { ExportButton } from '../../shared/table/ExportButton.tsx';
import { tableLoading } from '../../shared/table/tableLoading.tsx';
import { STATUS_COLOURS } from '../reports/reportStatus.ts';
import { useReportDownload } from '../reports/useReportDownload.tsx';
import { useFigureColumns } from '../review/PlaceFigures.tsx';
import { householdRowKey } from './householdRows.ts';
import './i18n.ts';

/**
 * The task's per-household reports (GetApartmentReports): each measured household with its figures,
 * its report's status (asked again on each `report` live event: the render job raises one as a report
 * is queued, rendering, ready or failed) and, once ready, its PDF through DownloadReport; the table as
 * Excel (ExportApartmentReports). Shown only with the modelling feature on.
 */
export default function HouseholdReports({ taskId }: { taskId: string }) {
  const { t } = useTranslation('scans');
  const places = usePlaceText();
  const figureColumns = useFigureColumns<ApartmentReport>();
  const downloader = useReportDownload();
  const list = useQuery({
    queryKey: ['reports', 'households', taskId],
    queryFn: ({ signal }) => callApi(routes.scans.getApartmentReports, { TaskId: taskId }, { signal }),
  });
  const columns: ColumnsType<ApartmentReport> = [
    { title: t('households.place'), key: 'place', render: (_, row) => places.place(row) },
    {
      title: t('households.sites'),
      key: 'sites',
      width: 80,
      align: 'right',
      render: (_, row) => row.Figures.Sites,
    },
    ...figureColumns,
    {
      title: t('households.status'),
      key: 'status',
      width: 110,
      render: (_, row) => (
        <Tag color={STATUS_COLOURS[row.Status]} data-testid="household-report-status">
          {t(`households.status.${row.Status}`)}
        </Tag>
      ),
    },
    {
      title: t('households.modelView'),
      key: 'modelView',
      width: 90,
      render: (_, row) => (row.HasModelView ? <Tag color="blue">{t('households.hasModelView')}</Tag> : '—'),
    },
    {
      title: t('households.actions'),
      key: 'actions',
      width: 110,
      render: (_, row) => {
        const reportId = row.ReportId;
        return (
          <Button
            size="small"
            data-testid="household-report-download"
            disabled={row.Status !== 'ready' || reportId === null || downloader.busy}
            onClick={() => {
              if (reportId) void downloader.start([{ ReportId: reportId, TaskId: taskId }], 'pdf');
            }}
          >
            {t('households.download')}
          </Button>
        );
      },
    },
  ];
  return (
    <Card
      title={t('households.title')}
      data-testid="household-reports"
      extra={
        <ExportButton
          route={routes.scans.exportApartmentReports}
          input={{ TaskId: taskId }}
          fallbackName={t('households.exportName')}
        />
      }
    >
      <Table<ApartmentReport>
        rowKey={householdRowKey}
        size="small"
        columns={columns}
        dataSource={list.data ?? []}
        {...tableLoading(list, t('households.empty'))}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 1000 }}
      />
      {downloader.element}
    </Card>
  );
}
