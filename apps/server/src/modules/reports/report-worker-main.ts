import { documentsOf, type RenderedReport, type ReportSource } from './report-document.ts';
import { renderPdf } from './report-pdf.ts';
import { renderWorkbook } from './report-workbook.ts';

/**
 * Renders the PDF and the workbook of every language of `source`, one language after the other
 * (the memory of one at a time), in a worker thread of report-render.ts's pool.
 */
export async function renderReportFiles(source: ReportSource): Promise<RenderedReport[]> {
  const files: RenderedReport[] = [];
  for (const doc of documentsOf(source)) {
    const [pdf, xlsx] = await Promise.all([renderPdf(doc), renderWorkbook(doc)]);
    files.push({ language: doc.language, pdf, xlsx });
  }
  return files;
}
