import type { MeasureItemRow } from '@measure/contract';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The yes/no properties of a measure item as tags (concrete, the dimension it reads, needs a design value). */
export function ItemProperties({ item }: { item: MeasureItemRow }) {
  const { t } = useTranslation('standards');
  const tags = [
    item.Concrete && t('column.concrete'),
    item.Dimension && `${t('column.dimension')}: ${t(`dimension.${item.Dimension}`)}`,
    item.NeedsDesign && t('column.needsDesign'),
  ].filter((tag): tag is string => Boolean(tag));
  if (tags.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Flex wrap gap={4}>
      {tags.map((tag) => (
        <Tag key={tag} color="blue" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
          {tag}
        </Tag>
      ))}
    </Flex>
  );
}
