import type { WorkOrderPinnedPlace } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import type { WorkOrderFilter } from './WorkOrderBoard.tsx';
import { WorkOrderPlanView } from './WorkOrderPlanView.tsx';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';
import './i18n.ts';

const keyOf = (place: WorkOrderPinnedPlace) =>
  `${place.ProjectId}|${place.BuildingNumber}|${place.Floor}|${place.Household}`;

/**
 * The plan view of the work order page: the households where work orders of the filter are pinned
 * (`WorkOrderMap/GetPinnedPlaces`, the newest first), one chosen, its plan with the pins of its work
 * orders coloured by state (`WorkOrderMap/GetPlan`, that household only); a pin opens its work order.
 */
export function WorkOrderPlans({
  filter,
  onOpen,
}: {
  filter: WorkOrderFilter;
  onOpen: (workOrderId: string) => void;
}) {
  const { t } = useTranslation('work-orders');
  const placeText = usePlaceText();
  const places = useQuery({
    queryKey: ['workOrders', 'pinnedPlaces', filter],
    queryFn: ({ signal }) => callApi(routes.workOrders.getPinnedPlaces, filter, { signal }),
  });
  const [chosen, setChosen] = useState<string>();
  const items = places.data?.Items ?? [];
  const selected = items.find((place) => keyOf(place) === chosen) ?? items[0];
  if (places.isLoading) return <Spin />;
  if (!selected) return <Empty description={t('plan.noPlaces')} />;
  const current = keyOf(selected);
  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 12 }}>
      <Space wrap>
        <Select
          data-testid="work-order-plan-place"
          style={{ minWidth: 320 }}
          showSearch={{ optionFilterProp: 'label' }}
          value={current}
          onChange={setChosen}
          options={items.map((place) => ({
            value: keyOf(place),
            label: t('plan.placeOption', {
              place: `${place.ProjectName} ${placeText.place(place)}`,
              count: place.Count,
            }),
          }))}
        />
        {places.data && places.data.Total > items.length && (
          <Typography.Text type="secondary">
            {t('plan.morePlaces', { shown: items.length, total: places.data.Total })}
          </Typography.Text>
        )}
      </Space>
      <WorkOrderPlanView
        key={current}
        place={{
          ProjectId: selected.ProjectId,
          BuildingNumber: selected.BuildingNumber,
          Floor: selected.Floor,
          Household: selected.Household,
        }}
        onOpen={onOpen}
      />
    </Space>
  );
}
