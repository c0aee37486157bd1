import { hasFailures, type ReviewReading, type ReviewSite, type Stage } from '@measure/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
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

interface Values {
  Type: 'rectify' | 'remeasure';
  ItemCodes: string[];
  ItemsByHand: boolean;
  Remark?: string;
}

/** The worst grade of an item's valid values at the site. */
const worstGrade = ({ Figures }: ReviewReading) =>
  Figures.Exploded > 0
    ? 'exploded'
    : Figures.Unqualified > 0
      ? 'unqualified'
      : Figures.Warning > 0
        ? 'warning'
        : Figures.Qualified > 0
          ? 'qualified'
          : 'none';

/** An item failed at the site when one of its valid values is unqualified or exploded (as the server says). */
const failed = (reading: ReviewReading) => hasFailures(reading.Figures);

/**
 * From a site under review to a work order at that site: one click, a type, the item(s) (those that
 * failed there, preselected; another only when ticked as typed by hand, which the order then shows),
 * a remark, and a pin placed on the household's plan (a click places it, another moves it; it can be
 * cleared), sent in plan units.
 */
export function NewWorkOrderButton({ projectId, stage, taskId, site }: Props) {
  const { t } = useTranslation('work-orders');
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const byHand = Form.useWatch('ItemsByHand', form) ?? false;
  const [pin, setPin] = useState<PlanPoint | null>(null);
  const place = {
    ProjectId: projectId,
    BuildingNumber: site.BuildingNumber,
    Floor: site.Floor,
    Household: site.Household,
  };
  const failedItems = site.Readings.filter(failed).map((reading) => reading.ItemCode);
  const itemOptions = site.Readings.map((reading) => ({
    value: reading.ItemCode,
    label: t('items.option', {
      code: reading.ItemCode,
      name: reading.Name,
      grade: t(`grade.${worstGrade(reading)}`),
    }),
    disabled: !byHand && !failed(reading),
  }));
  const create = async (values: Values) => {
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
        ItemCodes: values.ItemCodes,
        ItemsByHand: values.ItemsByHand,
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
        danger={failedItems.length > 0}
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
          <Form
            form={form}
            layout="vertical"
            initialValues={{ Type: 'rectify', ItemCodes: failedItems, ItemsByHand: false }}
          >
            <Form.Item name="Type" label={t('field.type')}>
              <Radio.Group
                options={[
                  { value: 'rectify', label: t('type.rectify') },
                  { value: 'remeasure', label: t('type.remeasure') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="ItemCodes"
              label={t('field.items')}
              extra={failedItems.length > 0 ? t('items.failedHint') : t('items.noneFailed')}
            >
              <Select
                mode="multiple"
                data-testid="work-order-items"
                placeholder={t('items.pick')}
                options={itemOptions}
              />
            </Form.Item>
            <Form.Item name="ItemsByHand" valuePropName="checked">
              <Checkbox
                onChange={(event) => {
                  // Unticking drops the items only a hand could choose: none is taken silently.
                  if (!event.target.checked) {
                    const chosen: string[] = form.getFieldValue('ItemCodes') ?? [];
                    form.setFieldValue(
                      'ItemCodes',
                      chosen.filter((code) => failedItems.includes(code)),
                    );
                  }
                }}
              >
                {t('items.byHandChoice')}
              </Checkbox>
            </Form.Item>
            <Form.Item name="Remark" label={t('field.remark')} rules={[{ max: 200 }]}>
              <Input.TextArea rows={3} maxLength={200} showCount />
            </Form.Item>
            {/* A facade panel has no household plan to pin on. */}
            {place.Household !== null && (
              <PinPicker place={{ ...place, Household: place.Household }} pin={pin} onPin={setPin} />
            )}
          </Form>
        </Modal>
      )}
    </>
  );
}
