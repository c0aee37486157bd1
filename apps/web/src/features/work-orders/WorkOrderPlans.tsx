import { useQuery } from '@tanstack/react-query';
import { Empty, Select, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import type { WorkOrderFilter } from './WorkOrderBoard.tsx';
import { type HouseholdPlace, WorkOrderPlanView } from './WorkOrderPlanView.tsx';
import './i18n.ts';

/** Work orders read to find the pinned households (the newest of the filter). */
const PLACES_PAGE = 200;

const keyOf = (place: HouseholdPlace) =>
  `${place.ProjectId}|${place.BuildingNumber}|${place.Floor}|${place.Household}`;

/**
 * The plan view of the work order page: the households where work orders of the filter are pinned,
 * one chosen, its plan with the pins of its work orders coloured by state; a pin opens its work order.
 */
export function WorkOrderPlans({
  filter,
  onOpen,
}: {
  filter: WorkOrderFilter;
  onOpen: (workOrderId: string) => void;
}) {
  const { t } = useTranslation('work-orders');
  const list = useQuery({
    queryKey: ['workOrders', 'list', filter, 'plans'],
    queryFn: ({ signal }) =>
      callApi(routes.workOrders.list, { ...filter, PageSize: PLACES_PAGE, CurrentPage: 1 }, { signal }),
  });
  const places = new Map<string, { place: HouseholdPlace; label: string; count: number }>();
  for (const row of list.data?.Items ?? []) {
    if (row.Household === null || row.X === null) continue;
    const place = {
      ProjectId: row.ProjectId,
      BuildingNumber: row.BuildingNumber,
      Floor: row.Floor,
      Household: row.Household,
    };
    const key = keyOf(place);
    const label = `${row.ProjectName} ${t('placeHousehold', {
      building: row.BuildingNumber,
      floor: row.Floor,
      household: row.Household,
    })}`;
    places.set(key, { place, label, count: (places.get(key)?.count ?? 0) + 1 });
  }
  const [chosen, setChosen] = useState<string>();
  const first = places.keys().next().value;
  const current = chosen && places.has(chosen) ? chosen : first;
  if (list.isLoading) return <Spin />;
  if (!current) return <Empty description={t('plan.noPlaces')} />;
  const selected = places.get(current);
  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 12 }}>
      <Select
        data-testid="work-order-plan-place"
        style={{ minWidth: 320 }}
        value={current}
        onChange={setChosen}
        options={[...places.entries()].map(([value, entry]) => ({
          value,
          label: t('plan.placeOption', { place: entry.label, count: entry.count }),
        }))}
      />
      {selected && <WorkOrderPlanView key={current} place={selected.place} onOpen={onOpen} />}
    </Space>
  );
}
