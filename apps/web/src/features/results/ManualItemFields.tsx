import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GRADE_COLOR, previewGrades, type GradeName, type ManualItem } from './gradePreview.ts';
import './i18n.ts';

/** The values typed per item code; null is a box left empty. */
export type ManualValues = Record<string, (number | null)[]>;

export const valuesOfItem = (values: ManualValues, item: ManualItem) =>
  values[item.ItemCode] ?? Array.from({ length: item.InitialReadings }, () => null);

/** The readings to send: each item's typed values, items with none left out. */
export const readingsToSend = (items: readonly ManualItem[], values: ManualValues) =>
  items
    .map((item) => ({
      ItemCode: item.ItemCode,
      Values: valuesOfItem(values, item).filter((value): value is number => typeof value === 'number'),
    }))
    .filter((reading) => reading.Values.length > 0);

export function GradeTags({ grades }: { grades: readonly GradeName[] }) {
  const { t } = useTranslation('results');
  return grades.map((grade, index) => (
    <Tag key={index} color={GRADE_COLOR[grade]}>
      {t(`grade.${grade}`)}
    </Tag>
  ));
}

/**
 * The reading boxes of every item a manual site takes (indoor rooms and facade panels alike), with
 * its standard and a preview of the grades while typing.
 */
export function ManualItemFields(props: {
  items: readonly ManualItem[];
  values: ManualValues;
  editable: boolean;
  onChange: (values: ManualValues) => void;
}) {
  const { t } = useTranslation('results');
  const { items, values, editable } = props;
  const setItemValues = (item: ManualItem, next: (number | null)[]) =>
    props.onChange({ ...values, [item.ItemCode]: next });
  return items.map((item) => {
    const itemValues = valuesOfItem(values, item);
    const typed = itemValues.filter((value): value is number => typeof value === 'number');
    return (
      <div key={item.ItemCode} data-testid={`item-${item.ItemCode}`}>
        <Typography.Text strong>{`${item.ItemCode} ${item.Name}`}</Typography.Text>{' '}
        <Typography.Text type="secondary">
          {t('manual.standard', { left: item.Standard.Left, right: item.Standard.Right })}
          {item.NeedsDesign ? ` · ${t('manual.needsDesign')}` : ''}
        </Typography.Text>
        <div style={{ marginTop: 6 }}>
          <Space wrap>
            {itemValues.map((value, index) => (
              <Space.Compact key={index}>
                <InputNumber
                  aria-label={`${item.ItemCode} ${index + 1}`}
                  value={value}
                  min={-20_000}
                  max={20_000}
                  disabled={!editable}
                  onChange={(next) =>
                    setItemValues(
                      item,
                      itemValues.map((old, position) => (position === index ? next : old)),
                    )
                  }
                />
                {itemValues.length > 1 && editable && (
                  <Tooltip title={t('manual.removeValue')}>
                    <Button
                      icon={<MinusCircleOutlined />}
                      aria-label={t('manual.removeValue')}
                      onClick={() =>
                        setItemValues(
                          item,
                          itemValues.filter((_, position) => position !== index),
                        )
                      }
                    />
                  </Tooltip>
                )}
              </Space.Compact>
            ))}
            {editable && itemValues.length < item.MaxReadings && (
              <Button icon={<PlusOutlined />} onClick={() => setItemValues(item, [...itemValues, null])}>
                {t('manual.addValue')}
              </Button>
            )}
            <GradeTags grades={previewGrades(item, typed)} />
          </Space>
        </div>
      </div>
    );
  });
}
