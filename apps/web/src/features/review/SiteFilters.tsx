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
  /** One clearable filter select, setting `key` of the filters. */
  const filterSelect = <K extends keyof Filters>(
    key: K,
    testId: string,
    width: number,
    placeholder: string,
    options: { value: NonNullable<Filters[K]>; label: string }[],
  ) => (
    <Select
      allowClear
      data-testid={testId}
      style={{ width }}
      placeholder={placeholder}
      value={filters[key]}
      onChange={(value?: Filters[K]) => onChange({ ...filters, [key]: value })}
      options={options}
    />
  );
  return (
    <Space wrap style={{ marginBottom: 8 }}>
      {items.length > 0 &&
        filterSelect(
          'item',
          'filter-item',
          160,
          t('filter.item'),
          items.map((row) => ({ value: row.ItemCode, label: `${row.ItemCode} ${row.Name}` })),
        )}
      {filterSelect('grade', 'filter-grade', 120, t('filter.grade'), [
        ...gradeNames.map((name) => ({ value: name, label: gradeLabel(name) })),
        { value: 'none' as const, label: gradeLabel(null) },
      ])}
      {filterSelect('household', 'filter-household', 200, props.placeLabel, places)}
    </Space>
  );
}
