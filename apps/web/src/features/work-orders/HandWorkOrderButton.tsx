import { STAGES, type Stage, WORK_ORDER_LIMITS, type WorkOrderType } from '@measure/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { useStageLabel } from '../tasks/taskLabels.tsx';
import type { PlanPoint } from './PinPlan.tsx';
import { PinPicker } from './PinPicker.tsx';
import './i18n.ts';

interface Values {
  ProjectId?: string;
  Type: WorkOrderType;
  Process?: Stage;
  BuildingNumber?: string;
  Floor?: number;
  Household?: number;
  AssigneeId?: string;
  Remark?: string;
}

/** The form of a work order made by hand: project, type, stage, place from the project's buildings, pin. */
function HandWorkOrderDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('work-orders');
  const stageLabel = useStageLabel();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [pin, setPin] = useState<PlanPoint | null>(null);
  const projectId = Form.useWatch('ProjectId', form);
  const buildingNumber = Form.useWatch('BuildingNumber', form);
  const floor = Form.useWatch('Floor', form);
  const household = Form.useWatch('Household', form);
  const projects = useQuery({
    queryKey: ['projects', 'selectItems'],
    queryFn: ({ signal }) => callApi(routes.projects.getProjectSelectItem, undefined, { signal }),
  });
  const tree = useQuery({
    queryKey: ['projects', 'floorTree', projectId],
    queryFn: ({ signal }) =>
      callApi(routes.projects.getBuildingFloorTreeDataByProjectId, { id: projectId as string }, { signal }),
    enabled: Boolean(projectId),
  });
  const people = useQuery({
    queryKey: ['tasks', 'options', projectId],
    queryFn: ({ signal }) =>
      callApi(routes.tasks.getTaskOptions, { ProjectId: projectId as string }, { signal }),
    enabled: Boolean(projectId),
  });
  const building = (tree.data ?? []).find((item) => item.BuildingNumber === buildingNumber);
  const floorNode = building?.Floors.find((item) => item.Floor === floor);

  const create = async (values: Values) => {
    setSaving(true);
    try {
      await callApi(routes.workOrders.add, {
        ProjectId: values.ProjectId as string,
        Type: values.Type,
        Process: values.Process as Stage,
        BuildingNumber: values.BuildingNumber as string,
        Floor: values.Floor as number,
        Household: values.Household ?? null,
        AssigneeId: values.AssigneeId ?? null,
        Remark: values.Remark,
        X: values.Household ? pin?.X : undefined,
        Y: values.Household ? pin?.Y : undefined,
      });
      notify.success(t('action.created'));
      onClose();
      await client.invalidateQueries({ queryKey: ['workOrders'] });
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };
  const required = [{ required: true, message: t('hand.required') }];
  return (
    <Modal
      open
      width={640}
      title={t('dialog.newTitle')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(create)}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ Type: 'rectify' }}
        onValuesChange={(changed: Partial<Values>) => {
          // A new project, building or floor clears what was chosen inside the old one.
          if ('ProjectId' in changed) {
            form.setFieldsValue({
              BuildingNumber: undefined,
              Floor: undefined,
              Household: undefined,
              AssigneeId: undefined,
            });
          } else if ('BuildingNumber' in changed) {
            form.setFieldsValue({ Floor: undefined, Household: undefined });
          } else if ('Floor' in changed) {
            form.setFieldsValue({ Household: undefined });
          }
          if (['ProjectId', 'BuildingNumber', 'Floor', 'Household'].some((key) => key in changed))
            setPin(null);
        }}
      >
        <Form.Item name="ProjectId" label={t('field.project')} rules={required}>
          <Select
            data-testid="hand-project"
            showSearch={{ optionFilterProp: 'label' }}
            loading={projects.isLoading}
            options={(projects.data ?? []).map((item) => ({ value: item.ProjectId, label: item.Name }))}
          />
        </Form.Item>
        <Space wrap size={16}>
          <Form.Item name="Type" label={t('field.type')}>
            <Radio.Group
              options={[
                { value: 'rectify', label: t('type.rectify') },
                { value: 'remeasure', label: t('type.remeasure') },
              ]}
            />
          </Form.Item>
          <Form.Item name="Process" label={t('field.process')} rules={required}>
            <Select
              data-testid="hand-process"
              style={{ width: 160 }}
              options={STAGES.map((stage) => ({ value: stage, label: stageLabel(stage) }))}
            />
          </Form.Item>
        </Space>
        <Space wrap size={16}>
          <Form.Item name="BuildingNumber" label={t('hand.building')} rules={required}>
            <Select
              data-testid="hand-building"
              style={{ width: 140 }}
              disabled={!projectId}
              loading={tree.isLoading && Boolean(projectId)}
              notFoundContent={t('hand.noBuildings')}
              options={(tree.data ?? []).map((item) => ({
                value: item.BuildingNumber,
                label: item.BuildingNumber,
              }))}
            />
          </Form.Item>
          <Form.Item name="Floor" label={t('hand.floor')} rules={required}>
            <Select
              data-testid="hand-floor"
              style={{ width: 120 }}
              disabled={!building}
              options={(building?.Floors ?? []).map((item) => ({
                value: item.Floor,
                label: t('hand.floorOption', { floor: item.Floor }),
              }))}
            />
          </Form.Item>
          <Form.Item name="Household" label={t('hand.household')}>
            <Select
              data-testid="hand-household"
              style={{ width: 160 }}
              allowClear
              placeholder={t('hand.wholeFloor')}
              disabled={!floorNode}
              options={(floorNode?.Households ?? []).map((item) => ({
                value: item.Household,
                label: t('hand.householdOption', { household: item.Household }),
              }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="AssigneeId" label={t('field.assignee')} extra={t('hand.assigneeHint')}>
          <Select
            data-testid="hand-assignee"
            allowClear
            disabled={!projectId}
            showSearch={{ optionFilterProp: 'label' }}
            loading={people.isLoading && Boolean(projectId)}
            options={(people.data?.Surveyors ?? []).map((person) => ({
              value: person.UserId,
              label: person.Name,
            }))}
          />
        </Form.Item>
        <Form.Item name="Remark" label={t('field.remark')} rules={[{ max: WORK_ORDER_LIMITS.remark }]}>
          <Input.TextArea rows={2} maxLength={WORK_ORDER_LIMITS.remark} showCount />
        </Form.Item>
        {projectId && buildingNumber && floor && household ? (
          <PinPicker
            place={{
              ProjectId: projectId,
              BuildingNumber: buildingNumber,
              Floor: floor,
              Household: household,
            }}
            pin={pin}
            onPin={setPin}
          />
        ) : (
          <Form.Item label={t('plan.title')}>
            <Typography.Text type="secondary">{t('hand.pickHousehold')}</Typography.Text>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** A work order made by hand on the work order page (for who may add work orders). */
export function HandWorkOrderButton() {
  const { t } = useTranslation('work-orders');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" data-testid="hand-work-order" onClick={() => setOpen(true)}>
        {t('action.new')}
      </Button>
      {open && <HandWorkOrderDialog onClose={() => setOpen(false)} />}
    </>
  );
}
