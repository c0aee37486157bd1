import { formatMessage, type MessageKey } from '@measure/contract';
import {
  PLAN_BACKGROUND,
  PLAN_TEXT,
  planDrawing,
  type PlanDrawing,
  ROOM_STROKE,
  STATION_FILL,
} from '../review/plan-view-image.ts';
import type { ReportDocument, SectionLayout } from './report-document.ts';

/** The tallest a plan is drawn on a page (points). */
const MAX_PLAN_HEIGHT = 360;

/**
 * Draws `drawing` (plan units, y down) with pdfkit vector calls into the box at (left, top) of
 * `width` points, scaled to fit it and `MAX_PLAN_HEIGHT`; answers the height used. The same geometry
 * as the SVG image (`planDrawing`), so the PDF's plan and the page's plan agree.
 */
function drawPlan(pdf: PDFKit.PDFDocument, drawing: PlanDrawing, left: number, top: number, width: number) {
  const { box } = drawing;
  const scale = Math.min(width / box.width, MAX_PLAN_HEIGHT / box.height);
  const x0 = left + (width - box.width * scale) / 2;
  const at = ([x, y]: [number, number]): [number, number] => [
    x0 + (x - box.x) * scale,
    top + (y - box.y) * scale,
  ];
  const label = (text: string, [x, y]: [number, number], size: number, centred: boolean) => {
    pdf.fontSize(size).fillColor(PLAN_TEXT);
    const textWidth = pdf.widthOfString(text);
    pdf.text(text, centred ? x - textWidth / 2 : x, y - size * 0.6, { lineBreak: false });
  };
  pdf.save();
  pdf.rect(x0, top, box.width * scale, box.height * scale).fill(PLAN_BACKGROUND);
  for (const room of drawing.rooms) {
    pdf
      .polygon(...room.points.map(at))
      .lineWidth(Math.max((drawing.font / 8) * scale, 0.5))
      .fillOpacity(0.45)
      .fillAndStroke(room.fill, ROOM_STROKE);
  }
  pdf.fillOpacity(1);
  for (const station of drawing.stations) {
    const [x, y] = at(station.at);
    pdf.circle(x, y, Math.max(station.r * scale, 1.5)).fill(STATION_FILL);
  }
  const font = Math.max(drawing.font * scale, 6);
  for (const room of drawing.rooms) label(room.label, at(room.at), font, true);
  for (const entry of drawing.legend) {
    const [x, y] = at(entry.at);
    const size = Math.max(entry.size * scale, 6);
    pdf.rect(x, y - size / 2, size, size).fill(entry.fill);
    label(entry.label, [x + size * 1.4, y], size * 0.8, false);
  }
  pdf.restore();
  pdf.fillColor('black');
  return box.height * scale;
}

/**
 * The report's plan views: per measured household whose plan has rooms, a title (place and house
 * type), the plan with rooms coloured by the worst grade of their sites and labelled with their site
 * counts, stations, and the legend in the report's language; one note explains the colours.
 */
export function planSection(pdf: PDFKit.PDFDocument, doc: ReportDocument, frame: SectionLayout): void {
  const t = (key: MessageKey, params = {}) => formatMessage(doc.language, key, params);
  const drawings = doc.plans.flatMap((household) => {
    const drawing = planDrawing(household, doc.language);
    return drawing ? [{ household, drawing }] : [];
  });
  const heightOf = (drawing: PlanDrawing) =>
    Math.min((frame.width / drawing.box.width) * drawing.box.height, MAX_PLAN_HEIGHT);
  // With the legend note and the first plan's title and drawing.
  const first = drawings[0];
  frame.heading(t('reports.doc.plans'), first ? 50 + heightOf(first.drawing) : 20);
  if (drawings.length === 0) {
    pdf.fontSize(9).text(t('reports.doc.noPlans'), frame.margin, pdf.y);
    return;
  }
  pdf.fontSize(8).fillColor('#666666').text(t('reports.doc.planLegend'), frame.margin, pdf.y);
  pdf.fillColor('black').moveDown(0.5);
  for (const { household, drawing } of drawings) {
    const height = heightOf(drawing);
    if (pdf.y + 20 + height > frame.bottom()) pdf.addPage();
    pdf
      .fontSize(10)
      .fillColor('#1f3a5f')
      .text(
        t('reports.doc.planHousehold', {
          building: household.BuildingNumber,
          floor: household.Floor,
          household: household.Household,
          map: household.HouseMapName ?? '-',
        }),
        frame.margin,
        pdf.y,
      )
      .fillColor('black');
    const top = pdf.y + 4;
    const used = drawPlan(pdf, drawing, frame.margin, top, frame.width);
    pdf.x = frame.margin;
    pdf.y = top + used + 12;
  }
}
