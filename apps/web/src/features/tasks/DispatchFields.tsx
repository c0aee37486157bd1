import type { InspectionKind, MeasureKind, Stage, TaskDetail } from '@measure/contract';
import { Alert, Checkbox, Form, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { deviceOptions, surveyorOptions } from './taskOptions.ts';
import './i18n.ts';

/** The fields every task plan's form has, whatever the task's kind. */
export interface PlanFormValues {
  ProjectId?: string;
  Stage?: Stage;
  MeasureKind: MeasureKind;
  InspectionKind: InspectionKind;
  Name?: string;
  PlannedDate?: Dayjs | null;
  DeviceGuid?: string;
  SurveyorIds?: string[];
}

/** What a re-measure's plan form starts from: the parent's project, stage and inspection kind. */
export const remeasureStart = (parent: TaskDetail): PlanFormValues => ({
  ProjectId: parent.ProjectId,
  Stage: parent.Stage,
  MeasureKind: 're',
  InspectionKind: parent.InspectionKind,
});

/** The notice above a re-measure's plan form, naming the task it re-measures. */
export function RemeasureNotice({ parent }: { parent: TaskDetail }) {
  const { t } = useTranslation('tasks');
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('dispatch.remeasureOf', { name: parent.Name })}
    />
  );
}

/** The fields of `PlanFormValues` a server field error may name. */
export const PLAN_FORM_FIELDS = [
  'ProjectId',
  'Stage',
  'MeasureKind',
  'InspectionKind',
  'Name',
  'PlannedDate',
  'DeviceGuid',
  'SurveyorIds',
] as const;

/** The items a plan would freeze, all checked at first; `unchecked` are those the planner left out. */
export function ItemChoice(props: {
  items: readonly { ItemCode: string; Name: string }[];
  unchecked: string[];
  onUnchecked: (codes: string[]) => void;
}) {
  const { items, unchecked } = props;
  const all = items.map((item) => item.ItemCode);
  return (
    <Checkbox.Group
      value={all.filter((code) => !unchecked.includes(code))}
      onChange={(codes) => props.onUnchecked(all.filter((code) => !codes.includes(code)))}
      options={items.map((item) => ({ value: item.ItemCode, label: `${item.ItemCode} ${item.Name}` }))}
    />
  );
}

/**
 * Device and surveyors of a plan (form fields `DeviceGuid`, `SurveyorIds`), from the project's options;
 * `stacked`: one under the other at full width (a dialog).
 */
export function DevicePeopleFields({
  projectId,
  stacked,
}: {
  projectId: string | undefined;
  stacked?: boolean;
}) {
  const { t } = useTranslation('tasks');
  const options = useQuery({
    queryKey: ['tasks', 'options', projectId],
    queryFn: ({ signal }) =>
      callApi(routes.tasks.getTaskOptions, { ProjectId: projectId as string }, { signal }),
    enabled: Boolean(projectId),
  });
  const fields = (
    <>
      <Form.Item name="DeviceGuid" label={t('field.device')}>
        <Select
          allowClear
          style={stacked ? undefined : { width: 260 }}
          placeholder={t('placeholder.device')}
          loading={options.isLoading}
          options={deviceOptions(options.data)}
        />
      </Form.Item>
      <Form.Item name="SurveyorIds" label={t('field.surveyors')}>
        <Select
          mode="multiple"
          allowClear
          style={stacked ? undefined : { width: 360 }}
          optionFilterProp="label"
          placeholder={t('placeholder.surveyors')}
          loading={options.isLoading}
          options={surveyorOptions(options.data)}
        />
      </Form.Item>
    </>
  );
  return stacked ? (
    fields
  ) : (
    <Space wrap size="large" align="start">
      {fields}
    </Space>
  );
}
