import { workerPool } from '../../core/worker-pool.ts';
import type { RenderedReport, ReportSource } from './report-document.ts';

/**
 * Reports are rendered in a pool of worker threads (laying out thousands of rows and subsetting a
 * CJK font would stall the event loop). The report queue runs at most two jobs at once, and the
 * pool has as many threads.
 */
const reportPool = workerPool<ReportSource, RenderedReport[]>(
  new URL('./report-worker.mjs', import.meta.url),
  {
    maxThreads: 2,
    maxOldGenerationSizeMb: 1024,
    timeoutMs: 240_000,
  },
);

/** Renders a report's PDF and workbook, in each of its languages; rejects when rendering fails. */
export async function renderReport(source: ReportSource): Promise<RenderedReport[]> {
  const files = await reportPool.run(source);
  return files.map((file) => ({
    language: file.language,
    pdf: Buffer.from(file.pdf),
    xlsx: Buffer.from(file.xlsx),
  }));
}
