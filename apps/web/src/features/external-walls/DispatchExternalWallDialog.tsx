import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  apiRoutes,
  facadeSideSchema,
  INSPECTION_KINDS,
  MEASURE_KINDS,
  STAGES,
  type FacadeSide,
  type Stage,
  type TaskDetail,
} from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyFieldRule } from '../../shared/forms/bodyRule.ts';
import { toApiDate } from '../../shared/forms/dateShortcuts.ts';
import { FormDialog } from '../../shared/forms/FormDialog.tsx';
import { nestedFieldErrors } from '../../shared/forms/serverErrors.ts';
import { zodRule } from '../../shared/forms/zodRule.ts';
import { useStageLabel } from '../tasks/taskLabels.tsx';
import {
  DevicePeopleFields,
  ItemChoice,
  PLAN_FORM_FIELDS,
  type PlanFormValues,
  RemeasureNotice,
  remeasureStart,
} from '../tasks/DispatchFields.tsx';
import { facadeRemeasurePlan } from './facadeRemeasure.ts';
import './i18n.ts';

interface DispatchValues extends PlanFormValues {
  BuildingNumber?: string;
  Sides: Partial<FacadeSide>[];
  FloorFrom?: number | null;
  FloorTo?: number | null;
}

const FORM_FIELDS = new Set<string>([...PLAN_FORM_FIELDS, 'BuildingNumber', 'Sides', 'FloorFrom', 'FloorTo']);
const DEFAULT_SIDES: Partial<FacadeSide>[] = ['N', 'E', 'S', 'W'].map((Side) => ({ Side }));
const route = apiRoutes.tasks.addTask;

/**
 * Dispatching an external-wall task (measurement-api.md section 9): project, stage, building, its
 * sides with widths, the floor band, the stage's external-wall items (CheckTask), device, surveyors
 * and date. The form checks what the server checks; the server's field errors land on their fields.
 * A re-measure (`parent`) starts from the parent's project, stage and building, the sides with
 * failing panels and the floors they span (facadeRemeasure.ts).
 */
export default function DispatchExternalWallDialog(props: {
  parent?: TaskDetail;
  onClose: () => void;
  onCreated: (taskId: string) => void;
}) {
  const { parent } = props;
  const { t } = useTranslation(['external-walls', 'tasks', 'messages']);
  const stageLabel = useStageLabel();
  const [form] = Form.useForm<DispatchValues>();
  const projectId = Form.useWatch('ProjectId', form);
  const stage = Form.useWatch('Stage', form);
  const building = Form.useWatch('BuildingNumber', form);
  const [unchecked, setUnchecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const projects = useQuery({
    queryKey: ['projects', 'select'],
    queryFn: ({ signal }) => callApi(routes.projects.getProjectSelectItem, undefined, { signal }),
  });
  const buildings = useQuery({
    queryKey: ['projects', 'floorTree', projectId],
    queryFn: ({ signal }) =>
      callApi(routes.projects.getBuildingFloorTreeDataByProjectId, { id: projectId as string }, { signal }),
    enabled: Boolean(projectId),
  });
  const floors = buildings.data?.find((item) => item.BuildingNumber === building)?.Floors.length;
  // The items an external-wall task of this stage would freeze (the band does not change them).
  const check = useQuery({
    queryKey: ['tasks', 'check', 'externalWall', projectId, stage, building],
    queryFn: ({ signal }) =>
      callApi(
        routes.tasks.checkTask,
        {
          ProjectId: projectId as string,
          Stage: stage as Stage,
          TaskKind: 'externalWall',
          BuildingNumber: building as string,
          Sides: [{ Side: 'N', WidthM: 1 }],
          FloorFrom: 1,
          FloorTo: 1,
        },
        { signal, quiet: true },
      ),
    enabled: Boolean(projectId && stage && building),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const items = projectId && stage && building ? (check.data?.Items ?? []) : [];

  const save = async (values: DispatchValues) => {
    setSaving(true);
    setFailure(null);
    try {
      const codes = items.map((item) => item.ItemCode).filter((code) => !unchecked.includes(code));
      const taskId = await callApi(routes.tasks.addTask, {
        ProjectId: values.ProjectId as string,
        Stage: values.Stage as Stage,
        TaskKind: 'externalWall',
        BuildingNumber: values.BuildingNumber ?? null,
        Sides: values.Sides.map((side) => ({
          Side: side.Side ?? '',
          Name: side.Name?.trim() || null,
          WidthM: side.WidthM ?? 0,
        })),
        FloorFrom: values.FloorFrom ?? null,
        FloorTo: values.FloorTo ?? null,
        MeasureKind: values.MeasureKind,
        InspectionKind: values.InspectionKind,
        Name: values.Name?.trim() || null,
        ItemCodes: codes.length > 0 ? codes : null,
        DeviceGuid: values.DeviceGuid ?? null,
        SurveyorIds: values.SurveyorIds ?? [],
        PlannedDate: toApiDate(values.PlannedDate) ?? null,
        ParentTaskId: parent?.TaskId ?? null,
      });
      notify.success(t('tasks:done.created'));
      props.onCreated(taskId);
    } catch (error) {
      const errors = nestedFieldErrors(error, (path) =>
        // A list-wide error (no side at all) has no field of its own: it goes above the form.
        typeof path[0] === 'string' && FORM_FIELDS.has(path[0]) && (path[0] !== 'Sides' || path.length > 1)
          ? path
          : null,
      );
      if (errors.fields.length > 0) form.setFields(errors.fields as Parameters<typeof form.setFields>[0]);
      if (errors.other.length > 0) setFailure(errors.other.join(' '));
      if (errors.fields.length === 0 && errors.other.length === 0) showError(error);
    } finally {
      setSaving(false);
    }
  };

  const required = [{ required: true, message: t('messages:rules.required') }];
  return (
    <FormDialog
      form={form}
      title={t('dispatch.title')}
      width={760}
      saving={saving}
      failure={failure}
      onClose={props.onClose}
    >
      {parent && <RemeasureNotice parent={parent} />}
      <Form<DispatchValues>
        form={form}
        layout="vertical"
        initialValues={
          parent
            ? { ...remeasureStart(parent), ...facadeRemeasurePlan(parent) }
            : { MeasureKind: 'first', InspectionKind: 'self', Sides: DEFAULT_SIDES }
        }
        onFinish={(values) => void save(values)}
        onValuesChange={(changed: Partial<DispatchValues>) => {
          if ('ProjectId' in changed) {
            form.setFieldsValue({ BuildingNumber: undefined, DeviceGuid: undefined, SurveyorIds: [] });
          }
          if ('Stage' in changed || 'ProjectId' in changed) setUnchecked([]);
        }}
      >
        <Space wrap size="middle" align="start">
          <Form.Item name="ProjectId" label={t('tasks:field.project')} rules={required}>
            <Select
              showSearch
              optionFilterProp="label"
              style={{ width: 220 }}
              loading={projects.isLoading}
              options={(projects.data ?? []).map((item) => ({ value: item.ProjectId, label: item.Name }))}
            />
          </Form.Item>
          <Form.Item name="Stage" label={t('tasks:field.stage')} rules={required}>
            <Select
              style={{ width: 140 }}
              options={STAGES.map((value) => ({ value, label: stageLabel(value) }))}
            />
          </Form.Item>
          <Form.Item name="BuildingNumber" label={t('field.building')} rules={required}>
            <Select
              style={{ width: 140 }}
              loading={buildings.isLoading}
              options={(buildings.data ?? []).map((item) => ({
                value: item.BuildingNumber,
                label: item.BuildingNumber,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="FloorFrom"
            label={t('field.floorFrom')}
            rules={[...required, bodyFieldRule(route, 'FloorFrom')]}
          >
            <InputNumber precision={0} min={1} max={floors} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item
            name="FloorTo"
            label={t('field.floorTo')}
            rules={[...required, bodyFieldRule(route, 'FloorTo')]}
          >
            <InputNumber precision={0} min={1} max={floors} style={{ width: 110 }} />
          </Form.Item>
        </Space>
        <Typography.Title level={5}>{t('field.sides')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('dispatch.sidesHint')}</Typography.Paragraph>
        <Form.List name="Sides">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row) => (
                <Space key={row.key} align="start" wrap data-testid="facade-side-row">
                  <Form.Item
                    name={[row.name, 'Side']}
                    rules={[zodRule(facadeSideSchema.shape.Side, { required: true })]}
                  >
                    <Input
                      placeholder={t('field.side')}
                      aria-label={t('field.side')}
                      style={{ width: 120 }}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'Name']} rules={[zodRule(facadeSideSchema.shape.Name)]}>
                    <Input
                      placeholder={t('field.sideName')}
                      aria-label={t('field.sideName')}
                      style={{ width: 180 }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[row.name, 'WidthM']}
                    rules={[zodRule(facadeSideSchema.shape.WidthM, { required: true })]}
                  >
                    <InputNumber
                      placeholder={t('field.width')}
                      aria-label={t('field.width')}
                      step={0.1}
                      style={{ width: 130 }}
                    />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('action.removeSide')}
                    disabled={rows.length <= 1}
                    onClick={() => remove(row.name)}
                  />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({})} style={{ marginBottom: 16 }}>
                {t('action.addSide')}
              </Button>
            </>
          )}
        </Form.List>
        <Form.Item label={t('tasks:field.items')} extra={t('dispatch.itemsHint')}>
          {items.length === 0 ? (
            <Typography.Text type="secondary">
              {check.error ? String((check.error as Error).message) : t('dispatch.noItems')}
            </Typography.Text>
          ) : (
            <ItemChoice items={items} unchecked={unchecked} onUnchecked={setUnchecked} />
          )}
        </Form.Item>
        <Space wrap size="middle" align="start">
          <Form.Item name="MeasureKind" label={t('tasks:field.measureKind')}>
            <Select
              style={{ width: 120 }}
              options={MEASURE_KINDS.map((value) => ({ value, label: t(`tasks:measureKind.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="InspectionKind" label={t('tasks:field.inspectionKind')}>
            <Select
              style={{ width: 170 }}
              options={INSPECTION_KINDS.map((value) => ({
                value,
                label: t(`tasks:inspectionKind.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="Name" label={t('tasks:field.name')} rules={[bodyFieldRule(route, 'Name')]}>
            <Input maxLength={64} style={{ width: 240 }} placeholder={t('tasks:placeholder.name')} />
          </Form.Item>
          <Form.Item name="PlannedDate" label={t('tasks:field.plannedDate')}>
            <DatePicker />
          </Form.Item>
        </Space>
        <DevicePeopleFields projectId={projectId} />
      </Form>
    </FormDialog>
  );
}
