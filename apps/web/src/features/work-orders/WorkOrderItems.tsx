import type { WorkOrderRow } from '@measure/contract';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import './i18n.ts';

/** The items a work order is about (code and name), and the mark when they were typed by hand. */
export function WorkOrderItems({ order }: { order: Pick<WorkOrderRow, 'Items' | 'ItemsByHand'> }) {
  const { t, i18n } = useTranslation('work-orders');
  const english = i18n.language === 'en-US';
  if (order.Items.length === 0) return <>—</>;
  return (
    <Space size={[0, 4]} wrap>
      {order.Items.map((item) => (
        <Tag key={item.ItemCode}>{`${item.ItemCode} ${english ? item.NameEn : item.Name}`}</Tag>
      ))}
      {order.ItemsByHand && (
        <Tooltip title={t('items.byHandHint')}>
          <Tag color="orange" data-testid="items-by-hand">
            {t('items.byHand')}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}
