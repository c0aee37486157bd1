import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the parts the analysis pages draw, so the chart chunk stays small; it loads with these pages only.
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  CanvasRenderer,
]);

export type ChartOption = echarts.EChartsCoreOption;

interface EChartProps {
  option: ChartOption;
  height?: number;
  /** Names the chart for tests and assistive technology. */
  label: string;
  /** A click on a data point: its category (x axis) name or pie slice name and its index. */
  onPick?: (name: string, index: number) => void;
}

/** One ECharts chart that follows its container's width and is disposed with the component. */
export function EChart({ option, height = 280, label, onPick }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });

  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current);
    chart.current = instance;
    instance.on('click', (event) => pick.current?.(String(event.name), event.dataIndex));
    instance.on('finished', () => element.current?.setAttribute('data-drawn', 'true'));
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(element.current);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div ref={element} role="img" aria-label={label} data-chart={label} style={{ width: '100%', height }} />
  );
}
