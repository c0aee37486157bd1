import type { DataBackupState } from '@measure/contract';
import { Button, Form, Popconfirm, Progress, Select, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerOption } from '../../shared/api/pickerOptions.ts';
import './i18n.ts';

/** Whether a backup or restore is still under way (its progress moves). */
export const running = (state: DataBackupState | undefined) => state === 'queued' || state === 'running';

const STATE_COLOURS = {
  queued: 'default',
  running: 'processing',
  ready: 'success',
  failed: 'error',
} as const;

/** A backup's or restore's state: a progress bar while it runs, then its state, error and `children`. */
export function RunState(props: {
  run: { State: DataBackupState; Progress: number; Error: string | null };
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('data-backup');
  const { run } = props;
  if (running(run.State))
    return (
      <Progress percent={run.Progress} size="small" status="active" aria-label={t(`state.${run.State}`)} />
    );
  return (
    <Space direction="vertical" size={0} data-testid={props.testId}>
      <Tag color={STATE_COLOURS[run.State]}>{t(`state.${run.State}`)}</Tag>
      {props.children}
      {run.Error && <Typography.Text type="danger">{run.Error}</Typography.Text>}
    </Space>
  );
}

/** A multiple choice of the backup form (projects, tasks), searched by label. */
export function MultiPick({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: PickerOption[];
}) {
  return (
    <Form.Item name={name} label={label}>
      <Select mode="multiple" allowClear optionFilterProp="label" options={options} />
    </Form.Item>
  );
}

/** A small button whose action runs once the popconfirm is confirmed. */
export function ConfirmedAction(props: {
  title: string;
  label: string;
  danger?: boolean;
  onConfirm: () => Promise<void>;
}) {
  const { t: tc } = useTranslation('common');
  return (
    <Popconfirm
      title={props.title}
      okText={tc('action.ok')}
      cancelText={tc('action.cancel')}
      onConfirm={() => void props.onConfirm()}
    >
      <Button size="small" danger={props.danger}>
        {props.label}
      </Button>
    </Popconfirm>
  );
}
