import { useQuery } from '@tanstack/react-query';
import { Button, Form, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { type PlanPoint, PinPlan } from './PinPlan.tsx';
import type { HouseholdPlace } from './WorkOrderPlanView.tsx';
import './i18n.ts';

/**
 * The plan field of a new work order: the household's plan (`WorkOrderMap/GetPlan`) with the pins
 * already there; a click places the new pin, another moves it, "Clear pin" drops it. A household
 * without a plan says so, and the work order goes without a pin.
 */
export function PinPicker({
  place,
  pin,
  onPin,
}: {
  place: HouseholdPlace;
  pin: PlanPoint | null;
  onPin: (point: PlanPoint | null) => void;
}) {
  const { t } = useTranslation('work-orders');
  const plan = useQuery({
    queryKey: ['workOrders', 'plan', place],
    queryFn: ({ signal }) => callApi(routes.workOrders.getPlan, place, { signal }),
  });
  return (
    <Form.Item label={t('plan.title')} extra={plan.data ? t('plan.hint') : undefined}>
      {plan.isLoading ? (
        <Spin />
      ) : plan.data ? (
        <Space orientation="vertical" style={{ width: '100%' }} size={4}>
          <PinPlan plan={plan.data} pins={plan.data.Pins} draft={pin} onPlace={onPin} />
          <Space>
            <Typography.Text data-testid="pin-position">
              {pin ? t('plan.pinned', { x: pin.X, y: pin.Y }) : t('plan.notPinned')}
            </Typography.Text>
            {pin && (
              <Button size="small" onClick={() => onPin(null)}>
                {t('plan.clear')}
              </Button>
            )}
          </Space>
        </Space>
      ) : (
        <Typography.Text type="secondary" data-testid="plan-none">
          {t('plan.none')}
        </Typography.Text>
      )}
    </Form.Item>
  );
}
