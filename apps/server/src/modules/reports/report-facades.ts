import {
  type FacadeElevation,
  type Figures,
  formatMessage,
  GRADE_NAMES,
  type Language,
  type MessageKey,
  PLAN_GRADE_FILL,
} from '@measure/contract';
import SVGtoPDF from 'svg-to-pdfkit';
import type { ReportDocument, SectionLayout } from './report-document.ts';

/** SVG units per PDF point when drawn (the elevation is drawn this wide, then scaled to the page). */
const SVG_WIDTH = 720;
/** Room left of the facade for the floor labels, and below it for the legend. */
const LABEL_WIDTH = 70;
const LEGEND_HEIGHT = 34;
/** The tallest the facade itself is drawn (SVG units): a tall tower is squeezed, never cut. */
const MAX_FACADE_HEIGHT = 520;
const BAND_FILLS = ['#f3f6fa', '#e3e9f2'];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * One side as an elevation (SVG, pure): the floors with panels as bands bottom to top, labelled; each
 * panel a rectangle at its X/Z coloured by its grade (grey: nothing judged), numbered by PointIndex;
 * the grade legend below. Metres map to SVG units at one scale both ways (capped in height, where the
 * X scale shrinks with it), so panels keep their proportions. Null when the side has no panel yet.
 */
export function facadeElevationSvg(side: FacadeElevation, language: Language): string | null {
  if (side.Panels.length === 0) return null;
  const t = (key: MessageKey, params = {}) => formatMessage(language, key, params);
  const bands = side.Floors.filter((floor) => floor.Z0 !== null && floor.Z1 !== null) as {
    Floor: number;
    Z0: number;
    Z1: number;
  }[];
  const zMin = Math.min(...side.Panels.map((panel) => panel.Z0), ...bands.map((band) => band.Z0));
  const zMax = Math.max(...side.Panels.map((panel) => panel.Z1), ...bands.map((band) => band.Z1));
  const facadeWidth = SVG_WIDTH - LABEL_WIDTH - 10;
  const scale = Math.min(facadeWidth / side.WidthM, MAX_FACADE_HEIGHT / (zMax - zMin));
  const height = (zMax - zMin) * scale;
  const x = (metres: number) => LABEL_WIDTH + metres * scale;
  const y = (metres: number) => 10 + (zMax - metres) * scale;
  const parts: string[] = [];
  bands.forEach((band, index) => {
    const top = y(band.Z1);
    const bandHeight = (band.Z1 - band.Z0) * scale;
    parts.push(
      `<rect x="${x(0)}" y="${top}" width="${side.WidthM * scale}" height="${bandHeight}" fill="${BAND_FILLS[index % 2]}"/>`,
      `<text x="${LABEL_WIDTH - 6}" y="${top + bandHeight / 2 + 4}" font-size="11" text-anchor="end" fill="#333">${escapeXml(t('externalWalls.report.floor', { floor: band.Floor }))}</text>`,
    );
  });
  parts.push(
    `<rect x="${x(0)}" y="${y(zMax)}" width="${side.WidthM * scale}" height="${height}" fill="none" stroke="#1f3a5f" stroke-width="1.5"/>`,
  );
  for (const panel of side.Panels) {
    const width = (panel.X1 - panel.X0) * scale;
    const panelHeight = (panel.Z1 - panel.Z0) * scale;
    const fill = PLAN_GRADE_FILL[panel.Grade ?? 'none'];
    parts.push(
      `<rect x="${x(panel.X0)}" y="${y(panel.Z1)}" width="${width}" height="${panelHeight}" fill="${fill}" stroke="#333" stroke-width="0.8"/>`,
    );
    if (width >= 16 && panelHeight >= 12) {
      parts.push(
        `<text x="${x(panel.X0) + width / 2}" y="${y(panel.Z1) + panelHeight / 2 + 4}" font-size="10" text-anchor="middle" fill="#000">${panel.PointIndex}</text>`,
      );
    }
  }
  const legendTop = 10 + height + 14;
  let legendX = LABEL_WIDTH;
  for (const grade of [...GRADE_NAMES, 'none'] as const) {
    const label = grade === 'none' ? t('externalWalls.report.ungraded') : t(`reports.doc.${grade}`);
    parts.push(
      `<rect x="${legendX}" y="${legendTop}" width="12" height="12" fill="${PLAN_GRADE_FILL[grade]}" stroke="#333" stroke-width="0.5"/>`,
      `<text x="${legendX + 16}" y="${legendTop + 10}" font-size="11" fill="#333">${escapeXml(label)}</text>`,
    );
    legendX += 24 + label.length * 9;
  }
  const total = 10 + height + LEGEND_HEIGHT;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SVG_WIDTH}" height="${total}" viewBox="0 0 ${SVG_WIDTH} ${total}">${parts.join('')}</svg>`;
}

/** What the section draws with: report-pdf.ts's figures table and layout. */
export interface FacadeSectionTools extends SectionLayout {
  figuresTable: (figures: Figures) => void;
}

/**
 * The elevations of an external-wall task's report: per side, its title (side, name, width), its
 * figures and its elevation drawn as vectors. Draws nothing for indoor tasks.
 */
export function facadesSection(
  pdf: PDFKit.PDFDocument,
  doc: ReportDocument,
  tools: FacadeSectionTools,
): void {
  const sides = doc.facades;
  if (!sides || sides.length === 0) return;
  const t = (key: MessageKey, params = {}) => formatMessage(doc.language, key, params);
  tools.heading(t('externalWalls.report.elevations'));
  pdf.fontSize(8).fillColor('#666666').text(t('externalWalls.report.legend'), tools.margin, pdf.y);
  pdf.fillColor('black').moveDown(0.5);
  for (const side of sides) {
    const svg = facadeElevationSvg(side, doc.language);
    const ratio = tools.width / SVG_WIDTH;
    const drawnHeight = svg ? Number(/height="([\d.]+)"/.exec(svg)?.[1] ?? 0) * ratio : 0;
    tools.heading(
      t('externalWalls.report.sideTitle', {
        side: side.Side,
        name: side.Name ? t('externalWalls.report.sideName', { name: side.Name }) : '',
        width: side.WidthM,
      }),
      Math.min(drawnHeight + 60, 500),
    );
    tools.figuresTable(side.Figures);
    if (!svg) {
      pdf.fontSize(9).text(t('externalWalls.report.noPanels'), tools.margin, pdf.y + 4);
      continue;
    }
    if (pdf.y + drawnHeight + 8 > tools.bottom()) pdf.addPage();
    const top = pdf.y + 6;
    SVGtoPDF(pdf, svg, tools.margin, top, {
      width: tools.width,
      height: drawnHeight,
      fontCallback: () => 'cjk',
    });
    pdf.x = tools.margin;
    pdf.y = top + drawnHeight + 8;
  }
}
