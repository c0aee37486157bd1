import type { EfficiencyDay } from '@measure/contract';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from './EChart.tsx';

type Measures = Omit<EfficiencyDay, 'Day'>;
const dash = (value: number | null) => (value === null ? '—' : value);

/** Columns of the measures every efficiency row has. */
export function useMeasureColumns<T extends Measures>(): ColumnsType<T> {
  const { t } = useTranslation('analysis');
  return [
    { title: t('efficiency.tasks'), dataIndex: 'Tasks', align: 'right', width: 80 },
    { title: t('efficiency.sites'), dataIndex: 'Sites', align: 'right', width: 80 },
    { title: t('efficiency.readings'), dataIndex: 'Readings', align: 'right', width: 90 },
    { title: t('efficiency.area'), dataIndex: 'AreaM2', align: 'right', width: 120 },
    { title: t('efficiency.hours'), dataIndex: 'WorkingHours', align: 'right', width: 130 },
    {
      title: t('efficiency.areaPerHour'),
      dataIndex: 'AreaPerHour',
      align: 'right',
      width: 130,
      render: dash,
    },
    {
      title: t('efficiency.readingsPerHour'),
      dataIndex: 'ReadingsPerHour',
      align: 'right',
      width: 120,
      render: dash,
    },
    { title: t('efficiency.days'), dataIndex: 'DaysWorked', align: 'right', width: 100 },
  ];
}

/** Area per day as bars and working hours as a line. */
export function useDaysOption(days: readonly EfficiencyDay[]): ChartOption {
  const { t } = useTranslation('analysis');
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 48, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: days.map((day) => day.Day) },
    yAxis: [{ type: 'value' }, { type: 'value', splitLine: { show: false } }],
    series: [
      {
        name: t('efficiency.area'),
        type: 'bar',
        barMaxWidth: 24,
        data: days.map((day) => day.AreaM2),
        itemStyle: { color: '#69b1ff' },
      },
      {
        name: t('efficiency.hours'),
        type: 'line',
        yAxisIndex: 1,
        data: days.map((day) => day.WorkingHours),
        itemStyle: { color: '#fa8c16' },
      },
    ],
  };
}
