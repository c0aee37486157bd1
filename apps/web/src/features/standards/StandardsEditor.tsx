import { PlusOutlined } from '@ant-design/icons';
import { STANDARD_LIMITS } from '@measure/contract';
import { Button, Flex, Form, Input, InputNumber, Table, Typography, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { removeRowColumn } from '../../shared/forms/removeRowColumn.tsx';
import { problemText, type ProblemRule } from './problemRule.ts';
import {
  canAddStandard,
  newStandard,
  STANDARD_VALUE_FIELDS,
  type ItemFormValues,
  type StandardFormValues,
} from './standardForm.ts';

type NumberField = (typeof STANDARD_VALUE_FIELDS)[number] | 'Exploded';

/**
 * The standards of a measure item as an editable table (one row per variant), up to the contract's
 * limit. Values are typed freely (no clamping), so an out-of-range value shows its message.
 */
export function StandardsEditor({
  form,
  rule,
}: {
  form: FormInstance<ItemFormValues>;
  rule: (path: (string | number)[]) => ProblemRule;
}) {
  const { t } = useTranslation('standards');
  const max = STANDARD_LIMITS.maxStandardsPerItem;

  return (
    <Form.List name="Standards" rules={[rule(['Standards'])]}>
      {(fields, { add, remove }, { errors }) => {
        const label = (row: number, field: NumberField | 'Name' | 'NameEn') =>
          t('standardField.of', { row: row + 1, field: t(`standardField.${field}`) });
        /** The other fields whose rules read this one: the row's values and Concrete (or other names). */
        const dependencies = (row: number, field: keyof StandardFormValues) =>
          field === 'Name'
            ? fields.filter((other) => other.name !== row).map((other) => ['Standards', other.name, 'Name'])
            : [
                ['Concrete'],
                ...STANDARD_VALUE_FIELDS.filter((other) => other !== field).map((other) => [
                  'Standards',
                  row,
                  other,
                ]),
              ];
        const cell = (row: number, field: keyof StandardFormValues, input: ReactNode) => (
          <Form.Item
            name={[row, field]}
            rules={[rule(['Standards', row, field])]}
            dependencies={field === 'Exploded' || field === 'NameEn' ? [] : dependencies(row, field)}
            style={{ marginBottom: 0 }}
          >
            {input}
          </Form.Item>
        );
        const numberColumn = (field: NumberField) => ({
          title: t(`standardField.${field}`),
          key: field,
          render: (_value: unknown, item: (typeof fields)[number]) =>
            cell(
              item.name,
              field,
              <InputNumber
                aria-label={label(item.name, field)}
                placeholder={field === 'Exploded' ? t('standardField.ExplodedPlaceholder') : undefined}
                style={{ width: '100%' }}
              />,
            ),
        });
        return (
          <Form.Item label={t('field.Standards')} extra={t('field.StandardsHelp')} required>
            <Table<(typeof fields)[number]>
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={fields}
              columns={[
                {
                  title: t('standardField.Name'),
                  key: 'Name',
                  width: 150,
                  render: (_value, item) =>
                    cell(
                      item.name,
                      'Name',
                      <Input
                        maxLength={STANDARD_LIMITS.standardName}
                        aria-label={label(item.name, 'Name')}
                      />,
                    ),
                },
                {
                  title: t('standardField.NameEn'),
                  key: 'NameEn',
                  width: 150,
                  render: (_value, item) =>
                    cell(
                      item.name,
                      'NameEn',
                      <Input
                        maxLength={STANDARD_LIMITS.standardName}
                        aria-label={label(item.name, 'NameEn')}
                      />,
                    ),
                },
                numberColumn('Left'),
                numberColumn('Right'),
                numberColumn('WarnLeft'),
                numberColumn('WarnRight'),
                numberColumn('Exploded'),
                removeRowColumn((row) => t('standard.remove', { row }), remove, {
                  width: 48,
                  disabled: fields.length <= 1,
                }),
              ]}
            />
            <Form.ErrorList errors={errors} />
            <Flex align="center" gap={12} style={{ marginTop: 8 }}>
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={!canAddStandard(fields.length)}
                onClick={() => {
                  const existing = (form.getFieldValue('Standards') ?? []) as StandardFormValues[];
                  add(newStandard(existing, t('standard.defaultName')));
                }}
              >
                {t('standard.add')}
              </Button>
              <Typography.Text type={canAddStandard(fields.length) ? 'secondary' : 'warning'}>
                {t('standard.count', { count: fields.length, max })}
                {/* At the limit: the contract's own message says why the button is disabled. */}
                {!canAddStandard(fields.length) &&
                  ` · ${problemText({ key: 'standards.tooManyStandards', params: {} })}`}
              </Typography.Text>
            </Flex>
          </Form.Item>
        );
      }}
    </Form.List>
  );
}
