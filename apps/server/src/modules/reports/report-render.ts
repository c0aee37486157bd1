import { Worker } from 'node:worker_threads';
import type { ReportDocument, RenderedReport } from './report-document.ts';

const TIMEOUT_MS = 120_000;

/**
 * Renders a report's PDF and workbook in a worker thread (laying out thousands of rows and
 * subsetting a CJK font would stall the event loop). Jobs run at most two at once (the worker's
 * concurrency), so no extra limit is needed here.
 */
export async function renderReport(doc: ReportDocument): Promise<RenderedReport> {
  const worker = new Worker(new URL('./report-worker.mjs', import.meta.url), {
    workerData: doc,
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  });
  try {
    return await new Promise<RenderedReport>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('report rendering timed out')), TIMEOUT_MS);
      worker.once(
        'message',
        (answer: { ok: true; pdf: Uint8Array; xlsx: Uint8Array } | { ok: false; reason: string }) => {
          clearTimeout(timer);
          if (answer.ok) resolve({ pdf: Buffer.from(answer.pdf), xlsx: Buffer.from(answer.xlsx) });
          else reject(new Error(answer.reason));
        },
      );
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        reject(new Error('report rendering stopped'));
      });
    });
  } finally {
    await worker.terminate();
  }
}
