import type { Dayjs } from 'dayjs';
import { DATA_BACKUP_LIMITS, type DataBackup, type DataBackupCounts } from '@measure/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { downloadFile } from '../../shared/api/download.ts';
import { useProjectOptions, useTaskOptions } from '../../shared/api/pickerOptions.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { dateShortcuts, toApiDate } from '../../shared/forms/dateShortcuts.ts';
import { fieldErrorsFor } from '../../shared/forms/serverErrors.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { fileSizeText } from '../projects/projectForm.ts';
import { ConfirmedAction, MultiPick, RunState, running } from './BackupParts.tsx';
import './i18n.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

interface BackupForm {
  backupDir: string;
  ProjectIds?: string[];
  TaskIds?: string[];
  Dates?: [Dayjs | null, Dayjs | null] | null;
}
const FIELDS = ['backupDir', 'ProjectIds', 'TaskIds'] as const;
/**
 * Progress and state come as live `backup` events (shared/live); while a backup or restore runs the
 * list is also read now and then, as a fallback when the live stream is down.
 */
const FALLBACK_POLL_MS = 15_000;

/**
 * Data backup (`taskDataBackup`): a company administrator backs up chosen projects, tasks or a date
 * range into an archive (`POST /api/sys/Vision/Backup`), follows its progress, downloads it, restores
 * it into the company (confirmed; idempotent on the server) or deletes it.
 */
export default function DataBackupPage() {
  const { t } = useTranslation(['data-backup', 'common']);
  const { t: tc } = useTranslation('common');
  const client = useQueryClient();
  const [form] = Form.useForm<BackupForm>();
  const [starting, setStarting] = useState(false);
  const chosenProjects = Form.useWatch('ProjectIds', form);

  const projectOptions = useProjectOptions();
  const taskOptions = useTaskOptions(chosenProjects?.length === 1 ? chosenProjects[0] : undefined);
  const backups = useQuery({
    queryKey: ['data-backup', 'list'],
    queryFn: ({ signal }) => callApi(routes.dataBackup.getBackupList, {}, { signal }),
    refetchInterval: (query) =>
      query.state.data?.List.some((row) => running(row.State) || running(row.LastRestore?.State))
        ? FALLBACK_POLL_MS
        : false,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['data-backup'] });

  const start = async (values: BackupForm) => {
    setStarting(true);
    try {
      await callApi(routes.dataBackup.startBackup, {
        backupDir: values.backupDir?.trim() ?? '',
        ProjectIds: values.ProjectIds?.length ? values.ProjectIds : undefined,
        TaskIds: values.TaskIds?.length ? values.TaskIds : undefined,
        StartDate: toApiDate(values.Dates?.[0]),
        EndDate: toApiDate(values.Dates?.[1]),
      });
      notify.success(t('form.started'));
      form.resetFields();
      await refresh();
    } catch (error) {
      const fields = fieldErrorsFor(error, FIELDS);
      if (fields.length) form.setFields(fields);
      else showError(error);
    } finally {
      setStarting(false);
    }
  };
  const act = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (error) {
      showError(error);
    } finally {
      await refresh();
    }
  };
  const countsText = (counts: DataBackupCounts) =>
    t('list.counts', {
      tasks: counts.Tasks,
      sites: counts.Sites,
      readings: counts.Readings,
      pictures: counts.Pictures,
      scans: counts.Scans,
      reports: counts.Reports,
      plans: counts.Plans,
      standards: counts.Standards,
    });

  const columns: ColumnsType<DataBackup> = [
    { title: t('list.backupDir'), dataIndex: 'backupDir', width: 160, ellipsis: true },
    {
      title: t('list.state'),
      key: 'state',
      width: 200,
      render: (_, row) => <RunState run={row} />,
    },
    {
      title: t('list.contents'),
      key: 'counts',
      width: 260,
      render: (_, row) => (row.Counts ? countsText(row.Counts) : '—'),
    },
    {
      title: t('list.size'),
      dataIndex: 'Size',
      width: 90,
      align: 'right',
      render: (size: number | null) => (size === null ? '—' : fileSizeText(size)),
    },
    { title: t('list.createdBy'), dataIndex: 'CreatedByName', width: 110, ellipsis: true },
    {
      title: t('list.createdAt'),
      dataIndex: 'CreatedAt',
      width: 160,
      render: (value: string) => showDateTime(value),
    },
    {
      title: t('list.lastRestore'),
      key: 'restore',
      width: 240,
      render: (_, row) =>
        row.LastRestore ? (
          <RunState run={row.LastRestore} testId="last-restore">
            {row.LastRestore.Added && (
              <span>{t('list.added', { counts: countsText(row.LastRestore.Added) })}</span>
            )}
          </RunState>
        ) : (
          '—'
        ),
    },
    {
      title: '',
      key: 'actions',
      width: 220,
      render: (_, row) => (
        <Space size={4} wrap>
          {row.State === 'ready' && (
            <Button
              size="small"
              onClick={() =>
                void act(() =>
                  downloadFile(routes.dataBackup.downloadBackup, row.FileName, { BackupId: row.BackupId }),
                )
              }
            >
              {t('list.download')}
            </Button>
          )}
          {row.State === 'ready' && !running(row.LastRestore?.State) && (
            <ConfirmedAction
              title={t('list.restoreConfirm')}
              label={t('list.restore')}
              onConfirm={() =>
                act(() => callApi(routes.dataBackup.restoreBackup, { BackupId: row.BackupId }))
              }
            />
          )}
          {!running(row.State) && !running(row.LastRestore?.State) && (
            <ConfirmedAction
              danger
              title={t('list.deleteConfirm')}
              label={t('list.delete')}
              onConfirm={() => act(() => callApi(routes.dataBackup.deleteBackup, { BackupId: row.BackupId }))}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('form.title')}>
        <Typography.Paragraph type="secondary">{t('form.hint')}</Typography.Paragraph>
        <Form<BackupForm>
          form={form}
          layout="vertical"
          onFinish={(values) => void start(values)}
          style={{ maxWidth: 640 }}
        >
          <Form.Item
            name="backupDir"
            label={t('form.backupDir')}
            extra={t('form.backupDirTip', { max: DATA_BACKUP_LIMITS.dirLength })}
            rules={[{ required: true, whitespace: true, message: t('form.backupDirRequired') }]}
          >
            <Input maxLength={DATA_BACKUP_LIMITS.dirLength} />
          </Form.Item>
          <MultiPick name="ProjectIds" label={t('form.projects')} options={projectOptions} />
          <MultiPick name="TaskIds" label={t('form.tasks')} options={taskOptions} />
          <Form.Item name="Dates" label={t('form.dates')}>
            <DatePicker.RangePicker presets={dateShortcuts(tc)} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={starting}>
            {t('form.start')}
          </Button>
        </Form>
      </Card>
      <Card title={t('list.title')}>
        <Table<DataBackup>
          rowKey="BackupId"
          size="small"
          columns={columns}
          dataSource={backups.data?.List ?? []}
          pagination={false}
          scroll={{ x: 1400 }}
          {...tableLoading(backups, t('list.empty'))}
        />
      </Card>
    </Space>
  );
}
