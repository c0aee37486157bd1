import type { GradeName, TaskDetail } from '@measure/contract';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The site list's filters: a measure item measured at the site, its worst grade, its household or side. */
export interface Filters {
  item?: string;
  grade?: GradeName | 'none';
  /** The place filter's value: a household's or a side's key (useTaskSiteRows). */
  household?: string;
}

export function SiteFilters(props: {
  filters: Filters;
  onChange: (next: Filters) => void;
  items: TaskDetail['Items'];
  /** The households or sides to filter on, and what the filter is called. */
  places: { value: string; label: string }[];
  placeLabel: string;
  gradeNames: readonly GradeName[];
  gradeLabel: (grade: GradeName | null) => string;
}) {
  const { filters, onChange, items, places, gradeNames, gradeLabel } = props;
  const { t } = useTranslation('review');
  return (
    <Space wrap style={{ marginBottom: 8 }}>
      {items.length > 0 && (
        <Select
          allowClear
          data-testid="filter-item"
          style={{ width: 160 }}
          placeholder={t('filter.item')}
          value={filters.item}
          onChange={(item?: string) => onChange({ ...filters, item })}
          options={items.map((row) => ({ value: row.ItemCode, label: `${row.ItemCode} ${row.Name}` }))}
        />
      )}
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
        placeholder={props.placeLabel}
        value={filters.household}
        onChange={(household?: string) => onChange({ ...filters, household })}
        options={places}
      />
    </Space>
  );
}
