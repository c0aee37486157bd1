import type { GradeName, PlanHousehold, TaskDetail } from '@measure/contract';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';

/** The site list's filters: a measure item measured at the site, its worst grade, its household. */
export interface Filters {
  item?: string;
  grade?: GradeName | 'none';
  household?: string;
}

const householdKey = (row: { BuildingNumber: string; Floor: number; Household: number }) =>
  `${row.BuildingNumber}|${row.Floor}|${row.Household}`;

export function SiteFilters(props: {
  filters: Filters;
  onChange: (next: Filters) => void;
  items: TaskDetail['Items'];
  households: PlanHousehold[];
  gradeNames: readonly GradeName[];
  gradeLabel: (grade: GradeName | null) => string;
}) {
  const { filters, onChange, items, households, gradeNames, gradeLabel } = props;
  const { t } = useTranslation('review');
  const places = usePlaceText();
  return (
    <Space wrap style={{ marginBottom: 8 }}>
      <Select
        allowClear
        data-testid="filter-item"
        style={{ width: 160 }}
        placeholder={t('filter.item')}
        value={filters.item}
        onChange={(item?: string) => onChange({ ...filters, item })}
        options={items.map((row) => ({ value: row.ItemCode, label: `${row.ItemCode} ${row.Name}` }))}
      />
      <Select
        allowClear
        data-testid="filter-grade"
        style={{ width: 120 }}
        placeholder={t('filter.grade')}
        value={filters.grade}
        onChange={(grade?: GradeName | 'none') => onChange({ ...filters, grade })}
        options={[
          ...gradeNames.map((name) => ({ value: name, label: gradeLabel(name) })),
          { value: 'none' as const, label: gradeLabel(null) },
        ]}
      />
      <Select
        allowClear
        data-testid="filter-household"
        style={{ width: 200 }}
        placeholder={t('filter.household')}
        value={filters.household}
        onChange={(household?: string) => onChange({ ...filters, household })}
        options={households.map((home) => ({
          value: householdKey(home),
          label: places.place(home),
        }))}
      />
    </Space>
  );
}
