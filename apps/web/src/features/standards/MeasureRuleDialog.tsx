import { PlusOutlined } from '@ant-design/icons';
import { STANDARD_LIMITS, type measureRuleInputSchema, type MeasureItemRow } from '@measure/contract';
import {
  Button,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Switch,
  Table,
  Typography,
  type FormInstance,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removeRowColumn } from '../../shared/forms/removeRowColumn.tsx';
import { FormDialog } from '../../shared/forms/FormDialog.tsx';
import type { z } from 'zod';
import { callApi } from '../../shared/api/client.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { routes } from '../../shared/api/routes.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { serverFieldErrors } from './formIssues.ts';
import { problemRule, type ProblemRule } from './problemRule.ts';
import {
  canAddRulerPosition,
  isRuleFormPath,
  newRulerPosition,
  POSITION_FIELDS,
  ruleDependencies,
  ruleFormValuesOf,
  rulePayload,
  ruleProblems,
  type RuleFormValues,
} from './ruleForm.ts';

type RuleInput = z.input<typeof measureRuleInputSchema>;
type NumberField = Exclude<keyof RuleFormValues, 'RulerPositions' | 'ManualEntry'>;

/**
 * Edit the measure rule of one library item. The rules are the contract's (readings 1..20,000 with
 * min <= initial <= max, the ruler, the 50 mm gap and order of the baseboard and door cover lines,
 * each both or neither); the server's field errors land on their fields.
 */
export default function MeasureRuleDialog({
  item,
  onClose,
  onSaved,
}: {
  item: MeasureItemRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('standards');
  const [form] = Form.useForm<RuleFormValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const rule = (path: (string | number)[]) => problemRule(form, ruleProblems, path);

  async function save() {
    const values = form.getFieldsValue(true) as RuleFormValues;
    setSaving(true);
    setFailure(null);
    try {
      // The form's rules have checked every value against the same schema, so nothing required is null.
      await callApi(routes.measureRules.update, rulePayload(values, item.MeasureItemId) as RuleInput);
      notify.success(t('rules.saved'));
      onSaved();
      onClose();
    } catch (error) {
      const count = values.RulerPositions?.length ?? 0;
      const { fields, other } = serverFieldErrors(error, (path) => isRuleFormPath(path, count));
      // Server paths are checked against the form (isRuleFormPath), antd's typed names cannot say so.
      if (fields.length) (form as FormInstance).setFields(fields);
      if (other.length) setFailure(other.join('; '));
      else if (!fields.length && isApiError(error) && !error.shown) setFailure(error.message);
    } finally {
      setSaving(false);
    }
  }

  const numberItem = (field: NumberField, span: number, suffix?: string) => (
    <Col xs={24} md={span}>
      <Form.Item
        name={field}
        label={t(`ruleField.${field}`)}
        rules={[rule([field])]}
        dependencies={ruleDependencies(field).map((other) => [other])}
      >
        <InputNumber aria-label={t(`ruleField.${field}`)} suffix={suffix} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );

  return (
    <FormDialog
      form={form}
      title={t('rules.editTitle', { code: item.Code, name: item.Name })}
      width={920}
      saving={saving}
      failure={failure}
      onClose={onClose}
    >
      <Form<RuleFormValues>
        form={form}
        layout="vertical"
        initialValues={ruleFormValuesOf(item.Rule)}
        onFinish={() => void save()}
        onValuesChange={() => setFailure(null)}
        scrollToFirstError
      >
        <Typography.Title level={5}>{t('ruleField.readings')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('ruleField.readingsHelp')}</Typography.Paragraph>
        <Row gutter={16}>
          {numberItem('MinReadings', 6)}
          {numberItem('InitialReadings', 6)}
          {numberItem('MaxReadings', 6)}
        </Row>
        <Row gutter={16}>
          {numberItem('RulerLength', 6, 'mm')}
          <Col xs={24} md={6}>
            <Form.Item name="ManualEntry" label={t('ruleField.ManualEntry')} valuePropName="checked">
              <Switch aria-label={t('ruleField.ManualEntry')} />
            </Form.Item>
          </Col>
        </Row>
        <RulerPositionsEditor rule={rule} />
        <Typography.Title level={5}>{t('ruleField.baseboard')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('ruleField.baseboardHelp')}</Typography.Paragraph>
        <Row gutter={16}>
          {numberItem('BaseboardStartHeight', 12, 'mm')}
          {numberItem('BaseboardEndHeight', 12, 'mm')}
        </Row>
        <Typography.Title level={5}>{t('ruleField.doorCover')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('ruleField.doorCoverHelp')}</Typography.Paragraph>
        <Row gutter={16}>
          {numberItem('DoorCoverStartMargin', 12, 'mm')}
          {numberItem('DoorCoverEndMargin', 12, 'mm')}
        </Row>
      </Form>
    </FormDialog>
  );
}

/** The ruler positions of the rule, an editable table up to the contract's limit. */
function RulerPositionsEditor({ rule }: { rule: (path: (string | number)[]) => ProblemRule }) {
  const { t } = useTranslation('standards');
  return (
    <Form.List name="RulerPositions">
      {(fields, { add, remove }) => {
        const label = (row: number, field: (typeof POSITION_FIELDS)[number]) =>
          t('ruleField.positionOf', {
            row: row + 1,
            field: t(field === 'Name' ? 'ruleField.positionName' : `ruleField.${field}`),
          });
        return (
          <Form.Item label={t('ruleField.RulerPositions')} extra={t('ruleField.positionsHelp')}>
            <Table<(typeof fields)[number]>
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={fields}
              columns={[
                ...POSITION_FIELDS.map((field) => ({
                  title: t(field === 'Name' ? 'ruleField.positionName' : `ruleField.${field}`),
                  key: field,
                  render: (_value: unknown, position: (typeof fields)[number]) => (
                    <Form.Item
                      name={[position.name, field]}
                      rules={[rule(['RulerPositions', position.name, field])]}
                      style={{ marginBottom: 0 }}
                    >
                      {field === 'Name' ? (
                        <Input maxLength={16} aria-label={label(position.name, field)} />
                      ) : (
                        <InputNumber aria-label={label(position.name, field)} style={{ width: '100%' }} />
                      )}
                    </Form.Item>
                  ),
                })),
                removeRowColumn((row) => t('ruleField.removePosition', { row }), remove, { width: 48 }),
              ]}
            />
            <Flex align="center" gap={12} style={{ marginTop: 8 }}>
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={!canAddRulerPosition(fields.length)}
                onClick={() => add(newRulerPosition())}
              >
                {t('ruleField.addPosition')}
              </Button>
              <Typography.Text type="secondary">
                {t('ruleField.positionCount', {
                  count: fields.length,
                  max: STANDARD_LIMITS.maxRulerPositions,
                })}
              </Typography.Text>
            </Flex>
          </Form.Item>
        );
      }}
    </Form.List>
  );
}
