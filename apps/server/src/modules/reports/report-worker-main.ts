import { parentPort, workerData } from 'node:worker_threads';
import { documentsOf, type ReportSource } from './report-document.ts';
import { renderPdf } from './report-pdf.ts';
import { renderWorkbook } from './report-workbook.ts';

/**
 * Renders the PDF and the workbook of every language of `workerData`, one language after the other
 * (the memory of one at a time), and posts them back (or the failure).
 */
async function main(source: ReportSource): Promise<void> {
  try {
    const files = [];
    for (const doc of documentsOf(source)) {
      const [pdf, xlsx] = await Promise.all([renderPdf(doc), renderWorkbook(doc)]);
      files.push({ language: doc.language, pdf, xlsx });
    }
    parentPort?.postMessage({ ok: true, files });
  } catch (error) {
    parentPort?.postMessage({ ok: false, reason: (error as Error).message });
  }
}

await main(workerData as ReportSource);
