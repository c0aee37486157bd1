import { parentPort, workerData } from 'node:worker_threads';
import type { ReportDocument } from './report-document.ts';
import { renderPdf } from './report-pdf.ts';
import { renderWorkbook } from './report-workbook.ts';

/** Renders the PDF and the workbook of `workerData` and posts them back (or the failure). */
async function main(doc: ReportDocument): Promise<void> {
  try {
    const [pdf, xlsx] = await Promise.all([renderPdf(doc), renderWorkbook(doc)]);
    parentPort?.postMessage({ ok: true, pdf, xlsx });
  } catch (error) {
    parentPort?.postMessage({ ok: false, reason: (error as Error).message });
  }
}

await main(workerData as ReportDocument);
