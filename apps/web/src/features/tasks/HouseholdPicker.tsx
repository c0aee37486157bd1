import type { BuildingTree, HouseholdRef } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, InputNumber, Select, Space, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';

const keyOf = (ref: HouseholdRef) => `${ref.BuildingNumber}|${ref.Floor}|${ref.Household}`;
const refOf = (key: string): HouseholdRef | null => {
  const [building, floor, household] = key.split('|');
  if (building === undefined || floor === undefined || household === undefined) return null;
  return { BuildingNumber: building, Floor: Number(floor), Household: Number(household) };
};

/** The households of the tree that have a house type (only those can be planned). */
function plannable(tree: readonly BuildingTree[]): Set<string> {
  const keys = new Set<string>();
  for (const building of tree) {
    for (const floor of building.Floors) {
      for (const household of floor.Households) {
        if (household.HouseMapId) {
          keys.add(
            keyOf({
              BuildingNumber: building.BuildingNumber,
              Floor: floor.Floor,
              Household: household.Household,
            }),
          );
        }
      }
    }
  }
  return keys;
}

/**
 * Households of a project to plan: whole floors of a building in one go (building, floor from, to),
 * or one by one on the building -> floor -> household tree. A household without a house type is
 * shown but cannot be picked, with the reason.
 */
export function HouseholdPicker({
  projectId,
  value,
  onChange,
}: {
  projectId: string | undefined;
  value: HouseholdRef[];
  onChange: (households: HouseholdRef[]) => void;
}) {
  const { t } = useTranslation('tasks');
  const [building, setBuilding] = useState<string>();
  const [floorFrom, setFloorFrom] = useState<number | null>(null);
  const [floorTo, setFloorTo] = useState<number | null>(null);
  const tree = useQuery({
    queryKey: ['projects', 'floorTree', projectId],
    queryFn: ({ signal }) =>
      callApi(routes.projects.getBuildingFloorTreeDataByProjectId, { id: projectId as string }, { signal }),
    enabled: Boolean(projectId),
  });
  const buildings = useMemo(() => tree.data ?? [], [tree.data]);
  const allowed = useMemo(() => plannable(buildings), [buildings]);
  const checked = value.map(keyOf);

  const treeData: DataNode[] = useMemo(
    () =>
      buildings.map((item) => ({
        key: `b|${item.BuildingNumber}`,
        title: item.BuildingNumber,
        children: item.Floors.map((floor) => ({
          key: `f|${item.BuildingNumber}|${floor.Floor}`,
          title: t('dispatch.floorLabel', { floor: floor.Floor }),
          children: floor.Households.map((household) => {
            const key = keyOf({
              BuildingNumber: item.BuildingNumber,
              Floor: floor.Floor,
              Household: household.Household,
            });
            const label = t('dispatch.householdLabel', {
              floor: floor.Floor,
              household: household.Household,
            });
            return {
              key,
              disableCheckbox: !household.HouseMapId,
              title: household.HouseMapId ? (
                `${label} · ${household.HouseMapName ?? ''}`
              ) : (
                <Typography.Text type="secondary">{`${label} · ${t('dispatch.noHouseType')}`}</Typography.Text>
              ),
              isLeaf: true,
            };
          }),
        })),
      })),
    [buildings, t],
  );

  const setKeys = (keys: readonly string[]) =>
    onChange(
      [...new Set(keys)]
        .filter((key) => allowed.has(key))
        .map(refOf)
        .filter((ref): ref is HouseholdRef => ref !== null),
    );

  const addFloors = () => {
    const target = buildings.find((item) => item.BuildingNumber === building);
    if (!target || floorFrom === null || floorTo === null) return;
    const [low, high] = floorFrom <= floorTo ? [floorFrom, floorTo] : [floorTo, floorFrom];
    const keys = target.Floors.filter((floor) => floor.Floor >= low && floor.Floor <= high).flatMap((floor) =>
      floor.Households.map((household) =>
        keyOf({ BuildingNumber: target.BuildingNumber, Floor: floor.Floor, Household: household.Household }),
      ),
    );
    setKeys([...checked, ...keys]);
  };

  if (!projectId) return <Typography.Text type="secondary">{t('dispatch.pickProject')}</Typography.Text>;
  if (!tree.isLoading && buildings.length === 0) return <Empty />;
  const stories = buildings.find((item) => item.BuildingNumber === building)?.Stories ?? 200;

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap aria-label={t('dispatch.floorRange')}>
        <Typography.Text>{t('dispatch.floorRange')}</Typography.Text>
        <Select
          style={{ width: 120 }}
          placeholder={t('dispatch.building')}
          aria-label={t('dispatch.building')}
          value={building}
          onChange={setBuilding}
          options={buildings.map((item) => ({ value: item.BuildingNumber, label: item.BuildingNumber }))}
        />
        <InputNumber
          min={1}
          max={stories}
          precision={0}
          placeholder={t('dispatch.floorFrom')}
          aria-label={t('dispatch.floorFrom')}
          value={floorFrom}
          onChange={setFloorFrom}
        />
        <InputNumber
          min={1}
          max={stories}
          precision={0}
          placeholder={t('dispatch.floorTo')}
          aria-label={t('dispatch.floorTo')}
          value={floorTo}
          onChange={setFloorTo}
        />
        <Button onClick={addFloors} disabled={!building || floorFrom === null || floorTo === null}>
          {t('dispatch.addFloors')}
        </Button>
        <Button onClick={() => onChange([])} disabled={value.length === 0}>
          {t('dispatch.clear')}
        </Button>
        <Typography.Text strong data-testid="households-selected">
          {t('dispatch.selected', { count: value.length })}
        </Typography.Text>
      </Space>
      <div
        style={{ maxHeight: 320, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}
      >
        <Tree
          key={`${projectId}-${buildings.length}`}
          defaultExpandedKeys={buildings.map((item) => `b|${item.BuildingNumber}`)}
          checkable
          selectable={false}
          treeData={treeData}
          checkedKeys={checked}
          onCheck={(keys) => setKeys((Array.isArray(keys) ? keys : keys.checked).map(String))}
        />
      </div>
    </Space>
  );
}
