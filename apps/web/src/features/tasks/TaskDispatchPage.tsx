import {
  hasFailures,
  INSPECTION_KINDS,
  MEASURE_KINDS,
  STAGES,
  type HouseholdRef,
  type Stage,
  type TaskDetail,
} from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { toApiDate } from '../../shared/forms/dateShortcuts.ts';
import { fieldErrorsFor } from '../../shared/forms/serverErrors.ts';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { PermissionGate } from '../layout/PermissionGate.tsx';
import { HouseholdPicker } from './HouseholdPicker.tsx';
import { taskDetailPath, useStageLabel } from './taskLabels.tsx';
import {
  DevicePeopleFields,
  ItemChoice,
  PLAN_FORM_FIELDS,
  type PlanFormValues,
  RemeasureNotice,
  remeasureStart,
} from './DispatchFields.tsx';
import { useTaskPlanCheck } from './useTaskPlanCheck.ts';

type DispatchValues = PlanFormValues;
const FORM_FIELDS = PLAN_FORM_FIELDS;

/** Task dispatch (`taskManage`): plan a task; `?parentTaskId=` plans a re-measure of a task's failed households. */
export default function TaskDispatchPage() {
  return (
    <PermissionGate permission="project.distribute">
      <TaskDispatch />
    </PermissionGate>
  );
}

/** The households a re-measure covers: those with unqualified or exploded sites, or all when none failed yet. */
function remeasureHouseholds(task: TaskDetail): HouseholdRef[] {
  const failed = new Set(
    task.Sites.filter((site) => hasFailures(site.Figures)).map(
      (site) => `${site.BuildingNumber}|${site.Floor}|${site.Household}`,
    ),
  );
  return task.HouseholdList.filter(
    (row) => failed.size === 0 || failed.has(`${row.BuildingNumber}|${row.Floor}|${row.Household}`),
  ).map(({ BuildingNumber, Floor, Household }) => ({ BuildingNumber, Floor, Household }));
}

function TaskDispatch() {
  const [params] = useSearchParams();
  const parentTaskId = params.get('parentTaskId');
  const parent = useQuery({
    queryKey: ['tasks', 'detail', parentTaskId],
    queryFn: ({ signal }) => callApi(routes.tasks.getTask, { TaskId: parentTaskId as string }, { signal }),
    enabled: Boolean(parentTaskId),
  });
  if (parentTaskId && !parent.data) return parent.isError ? <DispatchForm /> : <PageLoading />;
  return <DispatchForm parent={parent.data} />;
}

/** The plan form; a re-measure (`parent`) starts from the parent's project, stage, kind and failed households. */
function DispatchForm({ parent }: { parent?: TaskDetail }) {
  const { t } = useTranslation(['tasks', 'common', 'messages']);
  const navigate = useNavigate();
  const stageLabel = useStageLabel();
  const [form] = Form.useForm<DispatchValues>();
  const projectId = Form.useWatch('ProjectId', form);
  const stage = Form.useWatch('Stage', form);
  const [households, setHouseholds] = useState<HouseholdRef[]>(() =>
    parent ? remeasureHouseholds(parent) : [],
  );
  const [householdError, setHouseholdError] = useState<string | null>(null);
  const [unchecked, setUnchecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const parentTaskId = parent?.TaskId ?? null;

  const projects = useQuery({
    queryKey: ['projects', 'select'],
    queryFn: ({ signal }) => callApi(routes.projects.getProjectSelectItem, undefined, { signal }),
  });
  const check = useTaskPlanCheck(projectId, stage, households);
  const items = check.data?.Items ?? [];

  const save = async (values: DispatchValues) => {
    if (households.length === 0) {
      setHouseholdError(t('dispatch.householdsRequired'));
      return;
    }
    setSaving(true);
    try {
      const codes = items.map((item) => item.ItemCode).filter((code) => !unchecked.includes(code));
      const taskId = await callApi(routes.tasks.addTask, {
        ProjectId: values.ProjectId as string,
        Stage: values.Stage as Stage,
        MeasureKind: values.MeasureKind,
        InspectionKind: values.InspectionKind,
        Name: values.Name?.trim() || null,
        Households: households,
        ItemCodes: codes.length > 0 ? codes : null,
        DeviceGuid: values.DeviceGuid ?? null,
        SurveyorIds: values.SurveyorIds ?? [],
        PlannedDate: toApiDate(values.PlannedDate) ?? null,
        ParentTaskId: parentTaskId,
      });
      notify.success(t('done.created'));
      void navigate(taskDetailPath(taskId));
    } catch (error) {
      const fields = fieldErrorsFor(error, FORM_FIELDS);
      if (fields.length > 0) form.setFields(fields);
      const households = fieldErrorsFor(error, ['Households'] as const);
      if (households[0]) setHouseholdError(households[0].errors.join(' '));
      if (fields.length === 0 && households.length === 0) showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('dispatch.title')}>
      {parent && <RemeasureNotice parent={parent} />}
      <Form<DispatchValues>
        form={form}
        layout="vertical"
        initialValues={parent ? remeasureStart(parent) : { MeasureKind: 'first', InspectionKind: 'self' }}
        onFinish={(values) => void save(values)}
        onValuesChange={(changed: Partial<DispatchValues>) => {
          if ('ProjectId' in changed && !parentTaskId) {
            setHouseholds([]);
            form.setFieldsValue({ DeviceGuid: undefined, SurveyorIds: [] });
          }
          if ('Stage' in changed) setUnchecked([]);
        }}
      >
        <Typography.Title level={5}>{t('dispatch.basics')}</Typography.Title>
        <Space wrap size="large" align="start">
          <Form.Item
            name="ProjectId"
            label={t('field.project')}
            rules={[{ required: true, message: t('messages:rules.required') }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              style={{ width: 240 }}
              disabled={Boolean(parentTaskId)}
              loading={projects.isLoading}
              options={(projects.data ?? []).map((item) => ({ value: item.ProjectId, label: item.Name }))}
            />
          </Form.Item>
          <Form.Item
            name="Stage"
            label={t('field.stage')}
            rules={[{ required: true, message: t('messages:rules.required') }]}
          >
            <Select
              style={{ width: 140 }}
              disabled={Boolean(parentTaskId)}
              options={STAGES.map((value) => ({ value, label: stageLabel(value) }))}
            />
          </Form.Item>
          <Form.Item name="MeasureKind" label={t('field.measureKind')}>
            <Select
              style={{ width: 120 }}
              options={MEASURE_KINDS.map((value) => ({ value, label: t(`measureKind.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="InspectionKind" label={t('field.inspectionKind')}>
            <Select
              style={{ width: 170 }}
              options={INSPECTION_KINDS.map((value) => ({ value, label: t(`inspectionKind.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="Name" label={t('field.name')}>
            <Input maxLength={64} style={{ width: 300 }} placeholder={t('placeholder.name')} />
          </Form.Item>
          <Form.Item name="PlannedDate" label={t('field.plannedDate')}>
            <DatePicker />
          </Form.Item>
        </Space>

        <Typography.Title level={5}>{t('dispatch.households')}</Typography.Title>
        <Form.Item validateStatus={householdError ? 'error' : undefined} help={householdError ?? undefined}>
          <HouseholdPicker
            projectId={projectId}
            value={households}
            onChange={(next) => {
              setHouseholds(next);
              setHouseholdError(null);
            }}
          />
        </Form.Item>

        <Typography.Title level={5}>{t('dispatch.itemsAndPeople')}</Typography.Title>
        <Form.Item label={t('field.items')} extra={t('dispatch.itemsDefault')}>
          {items.length === 0 ? (
            <Typography.Text type="secondary">
              {households.length === 0 || !stage ? t('dispatch.householdsRequired') : t('dispatch.noItems')}
            </Typography.Text>
          ) : (
            <ItemChoice items={items} unchecked={unchecked} onUnchecked={setUnchecked} />
          )}
        </Form.Item>
        {check.data &&
          (check.data.MissingDesignValues.length > 0 || check.data.WithoutHouseType.length > 0) && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message={t('dispatch.warnings')}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {check.data.WithoutHouseType.length > 0 && (
                    <li>{t('dispatch.withoutHouseType', { count: check.data.WithoutHouseType.length })}</li>
                  )}
                  {check.data.MissingDesignValues.map((entry) => (
                    <li key={entry.ItemCode}>
                      {t('dispatch.missingDesign', {
                        item: entry.ItemName,
                        types: entry.PointTypes.join(', '),
                      })}
                    </li>
                  ))}
                </ul>
              }
            />
          )}
        <DevicePeopleFields projectId={projectId} />
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('action.save')}
          </Button>
          <Button onClick={() => void navigate(-1)}>{t('common:action.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
