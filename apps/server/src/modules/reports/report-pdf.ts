import { createRequire } from 'node:module';
import {
  type Figures,
  formatDateTimeWithZone,
  formatMessage,
  type MessageKey,
  type TaskDetail,
} from '@measure/contract';
import PDFDocument from 'pdfkit';
import { siteNameOnly } from '@measure/contract/places';
import QRCode from 'qrcode';
import { failedSites, type ReportDocument } from './report-document.ts';
import { beforeAfterSection } from './report-before-after.ts';
import { drawModelView } from './household-model-view.ts';
import { chartsSection } from './report-charts.ts';
import { picturesSection } from './report-pictures.ts';
import { facadesSection } from './report-facades.ts';
import { planSection } from './report-plan.ts';
import { measureKindText } from './report-workbook.ts';

// A CJK font from an npm package (never downloaded): Noto Sans SC, OFL.
const FONT = createRequire(import.meta.url).resolve(
  '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
);
const MARGIN = 40;
const ROW_HEIGHT = 16;
/** What a heading keeps on its page: a table's header (up to two lines) and first row. */
const TABLE_START = 3 * ROW_HEIGHT;

type Cell = string | number | null;
interface Column {
  label: string;
  width: number;
}

const number = (value: number | null) => (value === null ? '-' : String(value));

/**
 * The report as a PDF in `doc.language` (A4, one CJK font that also covers Latin): cover, figures,
 * charts, items, households, plan views, failed sites and their wall pictures, standard; every text from the catalogue.
 */
export async function renderPdf(doc: ReportDocument): Promise<Buffer> {
  const t = (key: MessageKey, params = {}) => formatMessage(doc.language, key, params);
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 10, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `${t('reports.doc.title')} ${doc.task.Name}`, Producer: 'Measure Cloud' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('cjk', FONT);
  pdf.font('cjk');
  const pageWidth = pdf.page.width - 2 * MARGIN;
  const bottom = () => pdf.page.height - MARGIN - 20;

  /**
   * A section heading, kept on one page with the first `following` points of what comes after it
   * (by default a table's header and first row): a heading never ends a page alone.
   */
  const heading = (text: string, following = TABLE_START) => {
    pdf.fontSize(13);
    const height = pdf.currentLineHeight(true) * 1.9;
    if (pdf.y + height + following > bottom()) pdf.addPage();
    pdf.moveDown(0.6).fillColor('#1f3a5f').text(text, MARGIN, pdf.y).fillColor('black');
    pdf.moveDown(0.3);
  };

  /**
   * A table across the page width, columns in proportion to their weights. Header labels wrap (an
   * English label is often wider than its column); values stay on one line, cut with an ellipsis.
   * A table that runs onto the next page repeats its header there.
   */
  const table = (columns: Column[], rows: Cell[][]) => {
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * pageWidth);
    pdf.fontSize(8);
    const headerHeight = Math.max(
      ROW_HEIGHT,
      ...columns.map((c, i) => pdf.heightOfString(c.label, { width: (widths[i] as number) - 4 }) + 4),
    );
    const header = () => {
      if (pdf.y + headerHeight + ROW_HEIGHT > bottom()) pdf.addPage();
      const y = pdf.y;
      pdf
        .rect(MARGIN, y - 2, pageWidth, headerHeight)
        .fill('#e8eef6')
        .fillColor('black');
      let x = MARGIN;
      pdf.fontSize(8);
      columns.forEach((column, i) => {
        const width = widths[i] as number;
        pdf.text(column.label, x + 2, y, { width: width - 4 });
        x += width;
      });
      pdf.y = y + headerHeight;
    };
    const line = (cells: Cell[]) => {
      if (pdf.y + ROW_HEIGHT > bottom()) {
        pdf.addPage();
        header();
      }
      const y = pdf.y;
      let x = MARGIN;
      pdf.fontSize(8);
      cells.forEach((cell, i) => {
        const width = widths[i] as number;
        pdf.text(cell === null ? '-' : String(cell), x + 2, y, {
          width: width - 4,
          height: ROW_HEIGHT,
          lineBreak: false,
          ellipsis: true,
        });
        x += width;
      });
      pdf.y = y + ROW_HEIGHT;
    };
    header();
    for (const row of rows) line(row);
  };

  const figureColumns: Column[] = [
    { label: t('reports.doc.passRate'), width: 9 },
    { label: t('reports.doc.qualified'), width: 7 },
    { label: t('reports.doc.warning'), width: 7 },
    { label: t('reports.doc.unqualified'), width: 7 },
    { label: t('reports.doc.exploded'), width: 7 },
    { label: t('reports.doc.total'), width: 7 },
    { label: t('reports.doc.explodedRate'), width: 9 },
  ];
  const figureCells = (f: Figures): Cell[] => [
    number(f.PassRate),
    f.Qualified,
    f.Warning,
    f.Unqualified,
    f.Exploded,
    f.Total,
    number(f.ExplodedRate),
  ];

  cover(pdf, doc, t);
  heading(t('reports.doc.figures'));
  table(figureColumns, [figureCells(doc.task.Figures)]);
  chartsSection(pdf, doc, { margin: MARGIN, width: pageWidth, bottom, heading });

  heading(t('reports.doc.items'));
  table(
    [
      { label: t('reports.doc.itemCode'), width: 8 },
      { label: t('reports.doc.item'), width: 16 },
      ...figureColumns,
    ],
    doc.task.Items.map((item) => [item.ItemCode, item.Name, ...figureCells(item.Figures)]),
  );

  const layout = { margin: MARGIN, width: pageWidth, bottom, heading };
  if (doc.facades) {
    // An external-wall task has sides, not households or plans.
    facadesSection(pdf, doc, { ...layout, figuresTable: (f) => table(figureColumns, [figureCells(f)]) });
  } else {
    heading(t('reports.doc.households'));
    table(
      [
        { label: t('reports.doc.building'), width: 8 },
        { label: t('reports.doc.floor'), width: 6 },
        { label: t('reports.doc.household'), width: 6 },
        ...figureColumns,
      ],
      doc.households.map((row) => [
        row.BuildingNumber,
        row.Floor,
        row.Household,
        ...figureCells(row.Figures),
      ]),
    );
    planSection(pdf, doc, layout);
  }
  if (doc.modelView) {
    heading(t('reports.doc.modelView'), 320);
    pdf.fontSize(8).fillColor('#666666').text(t('reports.doc.modelViewNote'), MARGIN, pdf.y);
    const top = pdf.y + 6;
    const used = drawModelView(pdf, doc.modelView, MARGIN, top, pageWidth, 300);
    pdf.x = MARGIN;
    pdf.y = top + used + 12;
  }

  heading(t('reports.doc.failedSites'));
  const failed = failedSites(doc.task);
  if (failed.length === 0) pdf.fontSize(9).text(t('reports.doc.noFailedSites'), MARGIN, pdf.y);
  else
    table(
      [
        { label: t('reports.doc.pointIndex'), width: 7 },
        { label: t('reports.doc.building'), width: 7 },
        { label: t('reports.doc.floor'), width: 5 },
        { label: t(doc.facades ? 'externalWalls.report.side' : 'reports.doc.household'), width: 5 },
        { label: t('reports.doc.siteName'), width: 16 },
        { label: t('reports.doc.unqualified'), width: 7 },
        { label: t('reports.doc.exploded'), width: 7 },
      ],
      failed.map((site) => [
        site.PointIndex,
        site.BuildingNumber,
        site.Floor,
        site.Household ?? site.Side,
        siteNameOnly(site.Name, site),
        site.Figures.Unqualified,
        site.Figures.Exploded,
      ]),
    );

  picturesSection(pdf, doc, { margin: MARGIN, width: pageWidth, bottom, heading });
  beforeAfterSection(doc, { heading, table, t });

  heading(t('reports.doc.standard'));
  table(
    [
      { label: t('reports.doc.itemCode'), width: 8 },
      { label: t('reports.doc.item'), width: 14 },
      { label: t('reports.doc.standardName'), width: 14 },
      { label: t('reports.doc.mode'), width: 8 },
      { label: t('reports.doc.range'), width: 10 },
      { label: t('reports.doc.warnRange'), width: 10 },
      { label: t('reports.doc.explodedLimit'), width: 8 },
    ],
    doc.task.Items.map((item) => [
      item.ItemCode,
      item.Name,
      item.Standard.Name,
      t(`reports.doc.mode.${item.Mode}`),
      `${item.Standard.Left} ~ ${item.Standard.Right}`,
      `${item.Standard.WarnLeft} ~ ${item.Standard.WarnRight}`,
      number(item.Standard.Exploded),
    ]),
  );

  footers(pdf, doc, t);
  pdf.end();
  return done;
}

function cover(
  pdf: PDFKit.PDFDocument,
  doc: ReportDocument,
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
): void {
  const task: TaskDetail = doc.task;
  // Times in the reader's format and the company's zone, named: a PDF is read anywhere.
  const time = (iso: string | null) => formatDateTimeWithZone(iso, doc.language) || '-';
  pdf.fontSize(20).text(t('reports.doc.title'), MARGIN, 90, { align: 'center' });
  pdf.moveDown(1.5).fontSize(11);
  const lines: [MessageKey, string][] = [
    ['reports.doc.project', task.ProjectName],
    ['reports.doc.task', task.Name],
    ['reports.doc.stage', task.StageName],
    ['reports.doc.measureKind', measureKindText(doc, t)],
    ['reports.doc.started', time(task.StartedAt)],
    ['reports.doc.finished', time(task.FinishedAt)],
    ['reports.doc.audited', t(doc.audited ? 'reports.doc.auditedYes' : 'reports.doc.auditedNo')],
    ['reports.doc.rendered', time(doc.renderedAt)],
  ];
  for (const [key, value] of lines)
    pdf.text(t('reports.doc.coverLine', { label: t(key), value }), MARGIN + 60, pdf.y + 4);
  pdf
    .moveDown(1)
    .fontSize(8)
    .fillColor('#666666')
    .text(t('reports.doc.checkNote'), MARGIN + 60, pdf.y);
  pdf.fillColor('black').moveDown(1);
}

const QR_SIZE = 40;

type QrModules = ReturnType<typeof QRCode.create>['modules'];

/**
 * A QR code drawn as vector rectangles, one per run of dark modules in a row (sharp in print, no
 * image object in the file).
 */
function drawQr(pdf: PDFKit.PDFDocument, modules: QrModules, x: number, y: number): void {
  const cell = QR_SIZE / modules.size;
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      pdf.rect(x + start * cell, y + row * cell, (column - start) * cell, cell);
    }
  }
  pdf.fill('black');
}

/**
 * The footer of every page: the verification QR code and, beside it, its address, the short code,
 * the report id and page number (the PDF cannot hold its own SHA-256: the address answers it). Each
 * on its own text line, so a text extractor finds the address whole.
 */
function footers(
  pdf: PDFKit.PDFDocument,
  doc: ReportDocument,
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
): void {
  const range = pdf.bufferedPageRange();
  const { code, url } = doc.verification;
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  for (let i = range.start; i < range.start + range.count; i += 1) {
    pdf.switchToPage(i);
    const bottomMargin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const top = pdf.page.height - QR_SIZE - 8;
    drawQr(pdf, modules, MARGIN, top);
    pdf.link(MARGIN, top, QR_SIZE, QR_SIZE, url);
    const x = MARGIN + QR_SIZE + 8;
    const options = { width: pdf.page.width - MARGIN - x, lineBreak: false };
    pdf.fontSize(7).fillColor('#666666');
    pdf.text(t('reports.doc.verify', { url }), x, top + 3, { ...options, link: url });
    pdf.text(t('reports.doc.verifyCode', { code }), x, top + 14, options);
    pdf.text(t('reports.doc.footer', { id: doc.reportId, page: i + 1 }), x, top + 25, options);
    pdf.page.margins.bottom = bottomMargin;
  }
}
