import type { Figures, RatingLevel } from '@measure/contract';
import type { ChartOption } from './EChart.tsx';

/** Colours of the rating levels and the four grades (antd's palette, as the tags elsewhere). */
export const RATING_COLORS: Record<RatingLevel, string> = {
  high: '#52c41a',
  middle: '#faad14',
  low: '#ff4d4f',
};
export const GRADE_COLORS = {
  qualified: '#52c41a',
  warning: '#fadb14',
  unqualified: '#fa8c16',
  exploded: '#f5222d',
} as const;
const NONE = '#d9d9d9';

export interface GradeLabels {
  qualified: string;
  warning: string;
  unqualified: string;
  exploded: string;
}

/** The share of the four grades of some figures. */
export function gradePieOption(figures: Figures, labels: GradeLabels): ChartOption {
  const slices = [
    { key: 'qualified', value: figures.Qualified },
    { key: 'warning', value: figures.Warning },
    { key: 'unqualified', value: figures.Unqualified },
    { key: 'exploded', value: figures.Exploded },
  ] as const;
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['40%', '68%'],
        data: slices.map((slice) => ({
          name: labels[slice.key],
          value: slice.value,
          itemStyle: { color: GRADE_COLORS[slice.key] },
        })),
      },
    ],
  };
}

/** Pass rate per day as a line, judged values per day as bars on a second axis. */
export function trendOption(
  rows: readonly { Day: string; Figures: Figures }[],
  labels: { passRate: string; total: string },
): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 48, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: rows.map((row) => row.Day) },
    yAxis: [
      { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      { type: 'value', splitLine: { show: false } },
    ],
    series: [
      {
        name: labels.passRate,
        type: 'line',
        connectNulls: false,
        data: rows.map((row) => row.Figures.PassRate),
        itemStyle: { color: '#1677ff' },
      },
      {
        name: labels.total,
        type: 'bar',
        yAxisIndex: 1,
        barMaxWidth: 24,
        data: rows.map((row) => row.Figures.Total),
        itemStyle: { color: '#bae0ff' },
      },
    ],
  };
}

/** Horizontal bars of pass rates, worst at the top, coloured by rating. */
export function rateBarsOption(
  rows: readonly { name: string; figures: Figures; rating: RatingLevel | null }[],
  passRateLabel: string,
): ChartOption {
  // ECharts draws the first category at the bottom: reverse so the first row is on top.
  const ordered = [...rows].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 48, top: 8, bottom: 24, containLabel: true },
    xAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    yAxis: { type: 'category', data: ordered.map((row) => row.name) },
    series: [
      {
        name: passRateLabel,
        type: 'bar',
        barMaxWidth: 28,
        label: {
          show: true,
          position: 'right',
          formatter: (point: { value: number | null }) =>
            point.value === null ? '—' : `${point.value.toFixed(2)}%`,
        },
        data: ordered.map((row) => ({
          value: row.figures.PassRate,
          itemStyle: { color: row.rating ? RATING_COLORS[row.rating] : NONE },
        })),
      },
    ],
  };
}

/** Height for a bar chart of `count` categories. */
export const barsHeight = (count: number) => Math.max(160, count * 28 + 40);
