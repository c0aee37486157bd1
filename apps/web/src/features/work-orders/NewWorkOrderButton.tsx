import type { ReviewSite, Stage } from '@measure/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import type { PlanPoint } from './PinPlan.tsx';
import { PinPicker } from './PinPicker.tsx';
import './i18n.ts';

interface Props {
  projectId: string;
  stage: Stage;
  taskId: string;
  site: ReviewSite;
}

/**
 * From a site under review to a work order at that site: one click, a type, a remark, and a pin placed
 * on the household's plan (a click places it, another moves it; it can be cleared), sent in plan units.
 */
export function NewWorkOrderButton({ projectId, stage, taskId, site }: Props) {
  const { t } = useTranslation('work-orders');
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ Type: 'rectify' | 'remeasure'; Remark?: string }>();
  const [pin, setPin] = useState<PlanPoint | null>(null);
  const place = {
    ProjectId: projectId,
    BuildingNumber: site.BuildingNumber,
    Floor: site.Floor,
    Household: site.Household,
  };
  const failing = site.Readings.find((reading) =>
    reading.Grades.some((grade) => grade === 'exploded' || grade === 'unqualified'),
  );
  const create = async (values: { Type: 'rectify' | 'remeasure'; Remark?: string }) => {
    setSaving(true);
    try {
      await callApi(routes.workOrders.add, {
        ProjectId: projectId,
        Type: values.Type,
        Process: stage,
        BuildingNumber: site.BuildingNumber,
        Floor: site.Floor,
        Household: site.Household,
        TaskId: taskId,
        PointIndex: site.PointIndex,
        ItemCode: failing?.ItemCode,
        Remark: values.Remark,
        X: pin?.X,
        Y: pin?.Y,
      });
      notify.success(t('action.created'));
      setOpen(false);
      await client.invalidateQueries({ queryKey: ['workOrders'] });
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button
        danger={Boolean(failing)}
        onClick={() => {
          setPin(null);
          setOpen(true);
        }}
      >
        {t('action.new')}
      </Button>
      <Link to="/measurerobot/workOrder">{t('action.openList')}</Link>
      {open && (
        <Modal
          open
          width={640}
          title={t('dialog.newTitle')}
          confirmLoading={saving}
          onCancel={() => setOpen(false)}
          onOk={() => void form.validateFields().then(create)}
        >
          <Form form={form} layout="vertical" initialValues={{ Type: 'rectify' }}>
            <Form.Item name="Type" label={t('field.type')}>
              <Radio.Group
                options={[
                  { value: 'rectify', label: t('type.rectify') },
                  { value: 'remeasure', label: t('type.remeasure') },
                ]}
              />
            </Form.Item>
            <Form.Item name="Remark" label={t('field.remark')} rules={[{ max: 200 }]}>
              <Input.TextArea rows={3} maxLength={200} showCount />
            </Form.Item>
            <PinPicker place={place} pin={pin} onPin={setPin} />
          </Form>
        </Modal>
      )}
    </>
  );
}
