import type { MeasureItemRow } from '@measure/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { rangeText } from './standardForm.ts';

/** The standards of an item, one per line: name [left, right], warning [l, r], exploded threshold. */
export function StandardsSummary({ standards }: { standards: MeasureItemRow['Standards'] }) {
  const { t, i18n } = useTranslation('standards');
  const english = i18n.language === 'en-US';
  return (
    <Flex vertical gap={2}>
      {standards.map((standard) => (
        <span key={standard.Name}>
          <Typography.Text strong>
            {t('standard.summary', {
              name: (english && standard.NameEn) || standard.Name,
              range: rangeText(standard.Left, standard.Right),
            })}
          </Typography.Text>
          <Typography.Text type="secondary">
            {' · '}
            {t('standard.warning', { range: rangeText(standard.WarnLeft, standard.WarnRight) })}
            {' · '}
            {standard.Exploded === null
              ? t('standard.explodedDefault', { value: standard.ExplodedEffective })
              : t('standard.exploded', { value: standard.Exploded })}
          </Typography.Text>
        </span>
      ))}
    </Flex>
  );
}
