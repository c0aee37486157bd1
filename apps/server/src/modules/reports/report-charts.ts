import { formatMessage, type MessageKey, PLAN_GRADE_FILL } from '@measure/contract';
import * as echarts from 'echarts';
import SVGtoPDF from 'svg-to-pdfkit';
import type { ReportDocument, SectionLayout } from './report-document.ts';

/** The grades, with the Figures count of each. */
const GRADES = [
  ['qualified', 'Qualified'],
  ['warning', 'Warning'],
  ['unqualified', 'Unqualified'],
  ['exploded', 'Exploded'],
] as const;
/** Chart size in CSS pixels (ECharts' unit); drawn at 72/96 of it in points, so it fits the page. */
const CHART_WIDTH = 680;
const ROW_PIXELS = 26;

/**
 * ECharts' server-side SVG renderer (no DOM, no canvas) for one option; answers the SVG text.
 * Animation is off: the first frame is the final one.
 */
function renderSvg(option: echarts.EChartsOption, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: CHART_WIDTH, height });
  try {
    chart.setOption({ animation: false, textStyle: { fontFamily: 'sans-serif' }, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/**
 * The charts of a report, after its figures: the pass rate of each item (bars, worst first) and the
 * grades of each item's judged values (stacked bars in the grades' colours of the plans and pages).
 * Drawn from ECharts' SVG into the PDF as vectors (svg-to-pdfkit), every text in the report's font.
 */
export function chartsSection(pdf: PDFKit.PDFDocument, doc: ReportDocument, layout: SectionLayout): void {
  const t = (key: MessageKey, params = {}) => formatMessage(doc.language, key, params);
  const items = doc.task.Items.filter((item) => item.Figures.Total > 0).sort(
    (a, b) => (a.Figures.PassRate ?? 0) - (b.Figures.PassRate ?? 0) || a.ItemCode.localeCompare(b.ItemCode),
  );
  if (items.length === 0) return;
  // Category axes list from the bottom up: reversed, so the worst item is on top.
  const names = items.map((item) => `${item.ItemCode} ${item.Name}`).reverse();
  const height = 70 + items.length * ROW_PIXELS;
  const common = {
    grid: { left: 10, right: 40, top: 36, bottom: 10, containLabel: true },
    yAxis: { type: 'category' as const, data: names, axisLabel: { fontSize: 11 } },
  };
  const passRates = renderSvg(
    {
      ...common,
      title: { text: t('reports.doc.chartPassRate'), left: 0, textStyle: { fontSize: 13 } },
      xAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      series: [
        {
          type: 'bar',
          data: [...items].reverse().map((item) => item.Figures.PassRate ?? 0),
          itemStyle: { color: '#1f3a5f' },
          // Plain dark text: svg-to-pdfkit draws ECharts' default label outline as a blot.
          label: {
            show: true,
            position: 'right',
            formatter: '{c}%',
            fontSize: 10,
            color: '#333333',
            textBorderWidth: 0,
          },
        },
      ],
    },
    height,
  );
  const grades = renderSvg(
    {
      ...common,
      title: { text: t('reports.doc.chartGrades'), left: 0, textStyle: { fontSize: 13 } },
      // Title on the left, legend on the right of the same line.
      legend: { top: 4, right: 0, textStyle: { fontSize: 10 } },
      xAxis: { type: 'value' },
      series: GRADES.map(([grade, field]) => ({
        type: 'bar' as const,
        stack: 'grades',
        name: t(`reports.doc.${grade}`),
        itemStyle: { color: PLAN_GRADE_FILL[grade] },
        data: [...items].reverse().map((item) => item.Figures[field]),
      })),
    },
    height,
  );
  const drawnHeight = height * (72 / 96);
  layout.heading(t('reports.doc.charts'), drawnHeight);
  for (const svg of [passRates, grades]) {
    if (pdf.y + drawnHeight > layout.bottom()) pdf.addPage();
    const top = pdf.y;
    SVGtoPDF(pdf, svg, layout.margin, top, {
      width: layout.width,
      height: drawnHeight,
      // Every text of the chart in the report's CJK font (also covers Latin).
      fontCallback: () => 'cjk',
    });
    pdf.x = layout.margin;
    pdf.y = top + drawnHeight + 8;
  }
}
