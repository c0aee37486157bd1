import { formatMessage, type MessageKey, type TaskDetail } from '@measure/contract';
import { formatSitePlace } from '@measure/contract/places';
import { failedSites, type ReportDocument, type SectionLayout } from './report-document.ts';

/** Failed sites whose wall picture a report shows, worst first (more would make the PDF unwieldy). */
export const MAX_REPORT_PICTURES = 24;

/** A failed site's first wall picture with its rulers and values drawn in (PNG), or why there is none. */
export interface ReportPicture {
  PointIndex: number;
  png: Uint8Array | null;
}

/** The failed sites that get a picture: most exploded values first, then most unqualified, then order. */
export function pictureSites(task: TaskDetail): TaskDetail['Sites'] {
  return [...failedSites(task)]
    .sort(
      (a, b) =>
        b.Figures.Exploded - a.Figures.Exploded ||
        b.Figures.Unqualified - a.Figures.Unqualified ||
        a.PointIndex - b.PointIndex,
    )
    .slice(0, MAX_REPORT_PICTURES);
}

const BOX_HEIGHT = 170;
const CAPTION_HEIGHT = 26;
const GAP = 12;

/**
 * The section of failed sites' wall pictures, two to a row: each annotated picture (the review page's
 * drawing: rulers in their grade's colour, values beside them) fitted in its box, captioned with the
 * site's place, name and counts. Sites without a readable picture are captioned so.
 */
export function picturesSection(pdf: PDFKit.PDFDocument, doc: ReportDocument, layout: SectionLayout): void {
  const t = (key: MessageKey, params = {}) => formatMessage(doc.language, key, params);
  const shown = pictureSites(doc.task);
  if (shown.length === 0) return;
  // With the note and the first row of pictures.
  layout.heading(t('reports.doc.pictures'), 30 + BOX_HEIGHT + CAPTION_HEIGHT);
  const total = failedSites(doc.task).length;
  pdf
    .fontSize(9)
    .fillColor('#555555')
    .text(
      total > shown.length
        ? t('reports.doc.picturesSome', { shown: shown.length, total })
        : t('reports.doc.picturesAll'),
      layout.margin,
      pdf.y,
      { width: layout.width },
    )
    .fillColor('black');
  pdf.moveDown(0.4);
  const pictures = new Map(doc.pictures.map((picture) => [picture.PointIndex, picture.png]));
  const boxWidth = (layout.width - GAP) / 2;
  let top = pdf.y;
  shown.forEach((site, index) => {
    const column = index % 2;
    if (column === 0 && index > 0) top += BOX_HEIGHT + CAPTION_HEIGHT + GAP;
    if (column === 0 && top + BOX_HEIGHT + CAPTION_HEIGHT > layout.bottom()) {
      pdf.addPage();
      top = pdf.y;
    }
    const left = layout.margin + column * (boxWidth + GAP);
    const png = pictures.get(site.PointIndex);
    pdf.rect(left, top, boxWidth, BOX_HEIGHT).fill('#f3f4f6').fillColor('black');
    if (png) {
      pdf.image(Buffer.from(png), left, top, {
        fit: [boxWidth, BOX_HEIGHT],
        align: 'center',
        valign: 'center',
      });
    } else {
      pdf
        .fontSize(9)
        .fillColor('#888888')
        .text(t('reports.doc.noPicture'), left, top + BOX_HEIGHT / 2 - 5, {
          width: boxWidth,
          align: 'center',
        })
        .fillColor('black');
    }
    pdf
      .fontSize(8)
      .text(
        `#${site.PointIndex} ${formatSitePlace(site, (key, params) => t(`reports.doc.place.${key}`, params))}`,
        left,
        top + BOX_HEIGHT + 3,
        { width: boxWidth, lineBreak: false, ellipsis: true },
      )
      .text(
        `${t('reports.doc.unqualified')} ${site.Figures.Unqualified} · ${t('reports.doc.exploded')} ${site.Figures.Exploded}`,
        left,
        top + BOX_HEIGHT + 14,
        { width: boxWidth, lineBreak: false },
      );
  });
  pdf.x = layout.margin;
  pdf.y = top + BOX_HEIGHT + CAPTION_HEIGHT + GAP;
}
