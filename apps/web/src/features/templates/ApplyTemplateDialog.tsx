import type { DesignTemplate, HouseMapRow } from '@measure/contract';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/forms/FormDialog.tsx';
import { callApi } from '../../shared/api/client.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { routes } from '../../shared/api/routes.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { templateOfHouseType } from './designTemplateForm.ts';

interface Values {
  TemplateId: string;
  HouseMapIds: string[];
}

/**
 * Apply a design value template to house types of the project (updateHouseTypeTemplate, one call
 * per house type: KeyAndName.Key is the template, null for the default, which house types fall
 * back to).
 */
export default function ApplyTemplateDialog({
  templates,
  houseTypes,
  initial,
  onClose,
}: {
  templates: DesignTemplate[];
  houseTypes: HouseMapRow[];
  initial: { templateId?: string; houseMapIds: string[] };
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation('templates');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** House types changed before a failure: the page must refresh even if the dialog is cancelled. */
  const [appliedSome, setAppliedSome] = useState(false);

  async function apply(values: Values) {
    const template = templates.find((item) => item.TemplateId === values.TemplateId);
    if (!template) return;
    setSaving(true);
    setFailure(null);
    let done = 0;
    try {
      for (const houseMapId of values.HouseMapIds) {
        await callApi(routes.measureTemplates.updateHouseTypeTemplate, {
          HouseMapId: houseMapId,
          KeyAndName: { Key: template.IsDefault ? null : template.TemplateId, Name: template.Name },
        });
        done += 1;
      }
      notify.success(t('apply.done', { count: done, name: template.Name }));
      onClose(true);
    } catch (error) {
      // 423 (published) and the like: the server's message; the ones applied before stay applied.
      if (isApiError(error) && !error.shown) setFailure(error.message);
      if (done > 0) {
        notify.success(t('apply.done', { count: done, name: template.Name }));
        setAppliedSome(true);
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      form={form}
      title={t('apply.title')}
      width={600}
      okText={t('apply.ok')}
      saving={saving}
      failure={failure}
      onClose={() => onClose(appliedSome)}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ TemplateId: initial.templateId, HouseMapIds: initial.houseMapIds }}
        onFinish={(values) => void apply(values)}
        onValuesChange={() => setFailure(null)}
      >
        <Form.Item
          name="TemplateId"
          label={t('apply.template')}
          rules={[{ required: true, message: t('apply.templateRequired') }]}
        >
          <Select
            aria-label={t('apply.template')}
            options={templates.map((template) => ({
              value: template.TemplateId,
              label: template.IsDefault ? t('apply.defaultOption', { name: template.Name }) : template.Name,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="HouseMapIds"
          label={t('apply.houseTypes')}
          rules={[{ required: true, message: t('apply.houseTypesRequired') }]}
          extra={t('apply.houseTypesHelp')}
        >
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('apply.houseTypes')}
            options={houseTypes.map((houseType) => ({
              value: houseType.HouseMapId,
              label: t('apply.houseTypeOption', {
                name: houseType.Name,
                template: templateOfHouseType(templates, houseType.HouseMapId)?.Name ?? '-',
              }),
            }))}
          />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
