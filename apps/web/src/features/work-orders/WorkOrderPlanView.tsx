import { useQuery } from '@tanstack/react-query';
import { Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { PinPlan } from './PinPlan.tsx';
import './i18n.ts';

export interface HouseholdPlace {
  ProjectId: string;
  BuildingNumber: string;
  Floor: number;
  Household: number;
}

/** The plan of a household with the pins of its work orders; a click on a pin opens that work order. */
export function WorkOrderPlanView({
  place,
  highlight,
  onOpen,
}: {
  place: HouseholdPlace;
  highlight?: string;
  onOpen: (workOrderId: string) => void;
}) {
  const { t } = useTranslation('work-orders');
  const plan = useQuery({
    queryKey: ['workOrders', 'plan', place],
    queryFn: ({ signal }) => callApi(routes.workOrders.getPlan, place, { signal }),
  });
  if (plan.isLoading) return <Spin />;
  if (!plan.data) return <Typography.Text type="secondary">{t('plan.none')}</Typography.Text>;
  return <PinPlan plan={plan.data} pins={plan.data.Pins} highlight={highlight} onPin={onOpen} />;
}
