import {
  DIMENSIONS,
  JUDGING_MODES,
  STAGES,
  STANDARD_LIMITS,
  type measureItemInputSchema,
  type MeasureItemRow,
  type Stage,
} from '@measure/contract';
import { Checkbox, Col, Form, Input, Row, Select, Switch, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/forms/FormDialog.tsx';
import type { z } from 'zod';
import { callApi } from '../../shared/api/client.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { routes } from '../../shared/api/routes.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { serverFieldErrors } from './formIssues.ts';
import { problemRule } from './problemRule.ts';
import {
  isItemFormPath,
  ITEM_PREFIX,
  itemFormValuesOf,
  itemPayload,
  itemProblems,
  newItemValues,
  type ItemFormValues,
} from './standardForm.ts';
import { StandardsEditor } from './StandardsEditor.tsx';

type ItemInput = z.input<typeof measureItemInputSchema>;

/**
 * Create or edit a library measure item with its standards. Every field is checked with the
 * contract's item schema (messages as the server's); the server's 400 field errors land on their
 * field or standard row, a 409 duplicate on the code.
 */
export default function MeasureItemDialog({
  item,
  defaultStage,
  onClose,
  onSaved,
}: {
  item: MeasureItemRow | null;
  defaultStage: Stage;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('standards');
  const [form] = Form.useForm<ItemFormValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const mode = Form.useWatch('Mode', form);
  const rule = (path: (string | number)[]) => problemRule(form, itemProblems, path);

  async function save() {
    const values = form.getFieldsValue(true) as ItemFormValues;
    setSaving(true);
    setFailure(null);
    try {
      // The form's rules have checked every value against the same schema, so nothing is null here.
      const entry = itemPayload(values, item?.MeasureItemId) as ItemInput;
      await callApi(routes.standards.update, { Classes: [entry] });
      notify.success(item ? t('form.saved') : t('form.created'));
      onSaved();
      onClose();
    } catch (error) {
      const count = values.Standards?.length ?? 0;
      const { fields, other } = serverFieldErrors(error, (path) => isItemFormPath(path, count), ITEM_PREFIX);
      // Server paths are checked against the form (isItemFormPath), antd's typed names cannot say so.
      if (fields.length) (form as FormInstance).setFields(fields);
      if (other.length) setFailure(other.join('; '));
      else if (!fields.length && isApiError(error) && !error.shown) setFailure(error.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      form={form}
      title={item ? t('form.editTitle', { code: item.Code }) : t('form.createTitle')}
      width={1160}
      saving={saving}
      failure={failure}
      onClose={onClose}
    >
      <Form<ItemFormValues>
        form={form}
        layout="vertical"
        initialValues={item ? itemFormValuesOf(item) : newItemValues(defaultStage, t('standard.defaultName'))}
        onFinish={() => void save()}
        onValuesChange={(changed: Partial<ItemFormValues>) => {
          setFailure(null);
          if (changed.Mode === 'deviation') form.setFieldValue('NeedsDesign', true);
        }}
        scrollToFirstError
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="Code"
              label={t('field.Code')}
              extra={t('field.CodeHelp')}
              rules={[rule(['Code'])]}
              required
            >
              <Input maxLength={STANDARD_LIMITS.code} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="NameZh" label={t('field.NameZh')} rules={[rule(['NameZh'])]} required>
              <Input maxLength={STANDARD_LIMITS.name} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="NameEn" label={t('field.NameEn')} rules={[rule(['NameEn'])]} required>
              <Input maxLength={STANDARD_LIMITS.name} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="Stage" label={t('field.Stage')} required>
              <Select
                aria-label={t('field.Stage')}
                options={STAGES.map((value) => ({ value, label: t(`stage.${value}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="Mode" label={t('field.Mode')} required>
              <Select
                aria-label={t('field.Mode')}
                options={JUDGING_MODES.map((value) => ({ value, label: t(`mode.${value}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="Dimension"
              label={t('field.Dimension')}
              getValueProps={(value: ItemFormValues['Dimension']) => ({ value: value ?? undefined })}
              normalize={(value: ItemFormValues['Dimension'] | undefined) => value ?? null}
            >
              <Select
                allowClear
                aria-label={t('field.Dimension')}
                placeholder={t('dimension.none')}
                options={DIMENSIONS.map((value) => ({ value, label: t(`dimension.${value}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="Concrete"
              label={t('field.Concrete')}
              extra={t('field.ConcreteHelp')}
              valuePropName="checked"
            >
              <Switch aria-label={t('field.Concrete')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="NeedsDesign"
              label={t('field.NeedsDesign')}
              extra={t('field.NeedsDesignHelp')}
              valuePropName="checked"
            >
              <Checkbox disabled={mode === 'deviation'}>{t('field.NeedsDesign')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>
        <StandardsEditor form={form} rule={rule} />
      </Form>
    </FormDialog>
  );
}
