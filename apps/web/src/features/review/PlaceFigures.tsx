import type { Figures, TaskDetail } from '@measure/contract';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../tasks/taskLabels.tsx';

/** The count columns of a figures table and their headings (the task pages' words). */
const FIGURE_COUNTS = [
  ['Qualified', 'detail.qualified'],
  ['Warning', 'detail.warningCount'],
  ['Unqualified', 'detail.unqualified'],
  ['Exploded', 'detail.explodedCount'],
  ['Unjudged', 'detail.unjudged'],
] as const;

/** Columns of counts and pass rate for rows that carry `Figures`, after the table's own first columns. */
export function useFigureColumns<Row extends { Figures: Figures }>(): ColumnsType<Row> {
  const { t } = useTranslation('tasks');
  return [
    ...FIGURE_COUNTS.map(([field, label]) => ({
      title: t(label),
      key: field,
      width: 80,
      align: 'right' as const,
      render: (_: unknown, row: Row) => row.Figures[field],
    })),
    {
      title: t('field.passRate'),
      key: 'rate',
      width: 90,
      align: 'right',
      render: (_, row) => formatRate(row.Figures.PassRate),
    },
  ];
}

interface PlaceRow {
  key: string;
  place: string;
  Figures: Figures;
  children?: PlaceRow[];
}

/**
 * The task's figures per building, each unfolding into its floors (the server adds counts up per
 * place and takes the rates of the sums, so a building's rate is not an average of its floors').
 */
export function PlaceFigures({ task }: { task: Pick<TaskDetail, 'Buildings' | 'Floors'> }) {
  const { t } = useTranslation(['review', 'tasks']);
  const figureColumns = useFigureColumns<PlaceRow>();
  const rows: PlaceRow[] = task.Buildings.map((building) => ({
    key: building.BuildingNumber,
    place: t('review:figures.building', { building: building.BuildingNumber }),
    Figures: building.Figures,
    children: task.Floors.filter((floor) => floor.BuildingNumber === building.BuildingNumber).map(
      (floor) => ({
        key: `${floor.BuildingNumber}|${floor.Floor}`,
        place: t('review:figures.floor', { floor: floor.Floor }),
        Figures: floor.Figures,
      }),
    ),
  }));
  const columns: ColumnsType<PlaceRow> = [
    { title: t('review:figures.place'), dataIndex: 'place', key: 'place' },
    {
      title: t('tasks:field.sites'),
      key: 'sites',
      width: 80,
      align: 'right',
      render: (_, row) => row.Figures.Sites,
    },
    ...figureColumns,
    {
      title: t('tasks:field.explodedRate'),
      key: 'explodedRate',
      width: 90,
      align: 'right',
      render: (_, row) => formatRate(row.Figures.ExplodedRate),
    },
  ];
  return (
    <div data-testid="place-figures">
      <Table<PlaceRow>
        rowKey="key"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={rows}
        expandable={{ defaultExpandAllRows: rows.length <= 3 }}
        scroll={{ x: 800 }}
      />
    </div>
  );
}
