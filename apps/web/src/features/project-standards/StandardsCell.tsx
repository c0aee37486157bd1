import { standardValueSchema, type MeasureItemRow } from '@measure/contract';
import type { MessageKey } from '@measure/contract/i18n/index';
import type { Rule } from 'antd/es/form';
import { Flex, Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../shared/forms/zodRule.ts';
import { STANDARD_FIELDS, standardFieldProblem, standardName, type StandardField } from './stageForm.ts';

const NAME_WIDTH = 72;
const INPUT_WIDTH = 80;
const VALUE_FIELDS = [...STANDARD_FIELDS, 'Exploded'] as const;

/** The column title: the value names above the inputs of every standard line. */
export function StandardsHeader() {
  const { t } = useTranslation('project-standards');
  return (
    <Flex vertical gap={4}>
      {t('stage.column.standards')}
      <Flex gap={8}>
        <span style={{ width: NAME_WIDTH }} />
        {VALUE_FIELDS.map((field) => (
          <Typography.Text key={field} type="secondary" style={{ width: INPUT_WIDTH, fontWeight: 'normal' }}>
            {t(`standard.${field}`)}
          </Typography.Text>
        ))}
      </Flex>
    </Flex>
  );
}

/**
 * The contract's check of a standard for one field (range, concrete range, left <= right, warning
 * inside), read from the whole standard so each message lands on the field the server names.
 */
const crossRule =
  (
    path: (string | number)[],
    concrete: boolean,
    field: StandardField,
    translate: (key: MessageKey) => string,
  ): Rule =>
  ({ getFieldValue }) => ({
    validator: async () => {
      const key = standardFieldProblem(getFieldValue(path) as never, concrete, field);
      if (key) throw new Error(translate(key));
    },
  });

/** One line per standard of an item: its name and its Left, Right, warning and exploded values. */
export function StandardsCell({ item, index }: { item: MeasureItemRow; index: number }) {
  const { t, i18n } = useTranslation('project-standards');
  const translate = (key: MessageKey) => t(key, { ns: 'messages' });
  return (
    <Flex vertical gap={6}>
      {item.Standards.map((standard, position) => {
        const path = ['items', index, 'Standards', position];
        const name = standardName(standard, i18n.language);
        const label = (field: (typeof VALUE_FIELDS)[number]) =>
          t('stage.valueLabel', { item: item.Code, standard: name, field: t(`standard.${field}`) });
        return (
          <Flex key={position} gap={8} align="start">
            <Typography.Text style={{ width: NAME_WIDTH, lineHeight: '24px' }} ellipsis>
              {name}
            </Typography.Text>
            {STANDARD_FIELDS.map((field) => (
              <Form.Item
                key={field}
                name={[...path, field]}
                style={{ marginBottom: 0, width: INPUT_WIDTH }}
                dependencies={STANDARD_FIELDS.filter((other) => other !== field).map((other) => [
                  ...path,
                  other,
                ])}
                rules={[
                  zodRule(standardValueSchema.shape[field]),
                  crossRule(path, item.Concrete, field, translate),
                ]}
              >
                <InputNumber size="small" style={{ width: INPUT_WIDTH }} aria-label={label(field)} />
              </Form.Item>
            ))}
            <Form.Item
              name={[...path, 'Exploded']}
              style={{ marginBottom: 0, width: INPUT_WIDTH }}
              rules={[zodRule(standardValueSchema.shape.Exploded)]}
            >
              <InputNumber
                size="small"
                style={{ width: INPUT_WIDTH }}
                aria-label={label('Exploded')}
                // Empty: twice the width of the standard (as stored).
                placeholder={t('stage.defaultExploded', { value: 2 * (standard.Right - standard.Left) })}
              />
            </Form.Item>
          </Flex>
        );
      })}
    </Flex>
  );
}
