import { Worker } from 'node:worker_threads';
import type { RenderedReport, ReportSource } from './report-document.ts';

const TIMEOUT_MS = 240_000;

/**
 * Renders a report's PDF and workbook, in each of its languages, in a worker thread (laying out thousands of rows and
 * subsetting a CJK font would stall the event loop). Jobs run at most two at once (the worker's
 * concurrency), so no extra limit is needed here.
 */
export async function renderReport(source: ReportSource): Promise<RenderedReport[]> {
  const worker = new Worker(new URL('./report-worker.mjs', import.meta.url), {
    workerData: source,
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  });
  try {
    return await new Promise<RenderedReport[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('report rendering timed out')), TIMEOUT_MS);
      worker.once(
        'message',
        (answer: { ok: true; files: RenderedReport[] } | { ok: false; reason: string }) => {
          clearTimeout(timer);
          if (answer.ok)
            resolve(
              answer.files.map((file) => ({
                language: file.language,
                pdf: Buffer.from(file.pdf),
                xlsx: Buffer.from(file.xlsx),
              })),
            );
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
