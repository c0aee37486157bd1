import { PlusOutlined } from '@ant-design/icons';
import { designValue, rules, STANDARD_LIMITS, TEMPLATE_LIMITS, type DesignTemplate } from '@measure/contract';
import { Alert, Button, Form, Input, InputNumber, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removeRowColumn } from '../../shared/forms/removeRowColumn.tsx';
import { FormDialog } from '../../shared/forms/FormDialog.tsx';
import { callApi } from '../../shared/api/client.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { routes } from '../../shared/api/routes.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { zodRule } from '../../shared/forms/zodRule.ts';
import {
  extraNetHeightRows,
  isDuplicateItem,
  missingDesignItems,
  templateFormValues,
  templatePayload,
  type TemplateFormValues,
  type TemplateItemOption,
} from './designTemplateForm.ts';
import { templateFieldErrors } from './serverFieldPaths.ts';

const nameSchema = rules.requiredText(TEMPLATE_LIMITS.name);
const DESIGN_MAX = STANDARD_LIMITS.designValueMax.toLocaleString('en-US');

/**
 * Create or edit a design value template: a name and measure items of the project's standards with
 * their design values. The rules are the contract's (at least one item, 0..20,000 mm, one net
 * height value); the server's refusals (409 name, 423 published) are shown in the dialog.
 */
export default function DesignTemplateDialog({
  projectId,
  template,
  options,
  onClose,
}: {
  projectId: string;
  template: DesignTemplate | null;
  options: TemplateItemOption[];
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation(['templates', 'messages']);
  const [form] = Form.useForm<TemplateFormValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const rows = Form.useWatch('Items', form);

  // Options grouped by stage; an item chosen in another row cannot be chosen again.
  const stages = [...new Set(options.map((option) => option.StageName))];
  const selectOptions = (index: number) =>
    stages.map((stage) => ({
      label: stage,
      title: stage,
      options: options
        .filter((option) => option.StageName === stage)
        .map((option) => ({
          value: option.MeasureItemId,
          label: `${option.Code} ${option.Name}`,
          disabled: (rows ?? []).some(
            (row, other) => other !== index && row?.MeasureItemId === option.MeasureItemId,
          ),
        })),
    }));
  const missing = missingDesignItems(options, rows);

  async function save(values: TemplateFormValues) {
    setSaving(true);
    setFailure(null);
    try {
      await callApi(
        routes.measureTemplates.updateMeasureTemplate,
        templatePayload(projectId, template?.TemplateId ?? null, values),
      );
      notify.success(template ? t('template.saved') : t('template.created'));
      onClose(true);
    } catch (error) {
      const fields = templateFieldErrors(error, ['Name', 'Items']);
      // Row paths (Items[2].DesignValue) are only known at run time.
      if (fields.length) form.setFields(fields as Parameters<typeof form.setFields>[0]);
      // 423 (published), 404 (an item no longer in the project) and the like: in the dialog.
      if (isApiError(error) && !error.shown && !fields.length) setFailure(error.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      form={form}
      title={template ? t('template.editTitle', { name: template.Name }) : t('template.createTitle')}
      width={820}
      saving={saving}
      failure={failure}
      onClose={() => onClose(false)}
    >
      <Form<TemplateFormValues>
        form={form}
        layout="vertical"
        initialValues={templateFormValues(template)}
        onFinish={(values) => void save(values)}
        onValuesChange={() => setFailure(null)}
        scrollToFirstError
      >
        <Form.Item
          name="Name"
          label={t('template.name')}
          rules={[zodRule(nameSchema)]}
          extra={t('template.nameHelp', { max: TEMPLATE_LIMITS.name })}
          required
        >
          <Input maxLength={TEMPLATE_LIMITS.name} showCount disabled={template?.IsDefault} />
        </Form.Item>
        <Form.List
          name="Items"
          rules={[
            {
              validator: async (_rule, items: unknown[] | undefined) => {
                if (!items?.length) throw new Error(t('messages:templates.itemRequired'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              <Table<(typeof fields)[number]>
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={fields}
                title={() => t('template.items')}
                locale={{ emptyText: t('template.noItems') }}
                scroll={{ y: 320 }}
                columns={[
                  {
                    title: t('template.item'),
                    key: 'item',
                    render: (_value, field) => (
                      <Form.Item
                        name={[field.name, 'MeasureItemId']}
                        rules={[
                          { required: true, message: t('template.itemMissing') },
                          {
                            validator: async () => {
                              if (isDuplicateItem(form.getFieldValue('Items'), field.name))
                                throw new Error(t('messages:standards.duplicateItem'));
                            },
                          },
                        ]}
                        style={{ marginBottom: 0 }}
                      >
                        <Select
                          showSearch={{ optionFilterProp: 'label' }}
                          options={selectOptions(field.name)}
                          placeholder={t('template.itemPlaceholder')}
                          aria-label={t('template.itemOf', { row: field.name + 1 })}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('template.designValue', { max: DESIGN_MAX }),
                    key: 'designValue',
                    width: 230,
                    render: (_value, field) => (
                      <Form.Item
                        name={[field.name, 'DesignValue']}
                        validateFirst
                        rules={[
                          { required: true, message: t('template.designValueMissing') },
                          zodRule(designValue),
                          {
                            validator: async () => {
                              if (
                                extraNetHeightRows(form.getFieldValue('Items'), options).includes(field.name)
                              )
                                throw new Error(t('messages:standards.oneNetHeight'));
                            },
                          },
                        ]}
                        dependencies={fields.map((other) => ['Items', other.name, 'MeasureItemId'])}
                        style={{ marginBottom: 0 }}
                      >
                        <InputNumber
                          suffix="mm"
                          style={{ width: '100%' }}
                          aria-label={t('template.designValueOf', { row: field.name + 1 })}
                        />
                      </Form.Item>
                    ),
                  },
                  removeRowColumn((row) => t('template.removeItem', { row }), remove),
                ]}
              />
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                style={{ marginTop: 8 }}
                disabled={fields.length >= Math.min(TEMPLATE_LIMITS.maxItems, options.length)}
                onClick={() => add({})}
              >
                {t('template.addItem')}
              </Button>
              <Form.ErrorList errors={errors} />
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                {t('template.rules', { max: DESIGN_MAX })}
              </Typography.Paragraph>
            </>
          )}
        </Form.List>
      </Form>
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={t('template.missingDesign')}
          description={missing.map((item) => `${item.Code} ${item.Name}`).join(', ')}
        />
      )}
    </FormDialog>
  );
}
