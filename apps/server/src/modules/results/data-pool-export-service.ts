import { PassThrough, type Readable } from 'node:stream';
import {
  DATA_POOL_LIMITS,
  type DataPoolExport,
  type DataPoolExportFilter,
  type DataPoolExportState,
  formatMessage,
  isMessageKey,
  type Language,
  LANGUAGES,
} from '@measure/contract';
import { notFound } from '../../core/app-error.ts';
import { downloadName, type DownloadName } from '../../core/download-names.ts';
import type { FileStore } from '../../core/file-store.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { DataPoolExportRepository, type DataPoolExportRecord } from './data-pool-export-repository.ts';
import type { DataPoolService } from './data-pool-service.ts';

/** The job that writes one export; its payload names the company and the export. */
export const EXPORT_JOB = 'results:exportDataPool';
export interface ExportJobPayload {
  companyId: string;
  exportId: string;
}
/**
 * Attempts of one export job: a drain hands a running export back (its abort signal fires), and
 * another instance takes it again after graphile-worker's retry delay (a few seconds).
 */
export const EXPORT_JOB_ATTEMPTS = 3;

/** What the job runner tells a run: the drain's abort signal, and whether no attempt is left. */
export interface ExportJobRun {
  signal?: AbortSignal;
  lastAttempt?: boolean;
}

/** Thrown when a drain stops an export: the job goes back to the queue (or fails, on its last attempt). */
export class ExportHandedBackError extends Error {
  override name = 'ExportHandedBackError';
  constructor() {
    super('data pool export handed back: the instance is stopping');
  }
}

const HOUR_MS = 3_600_000;
/** A workbook of 200,000 rows is far below this; a runaway one stops here. */
const MAX_FILE_BYTES = 1024 * 1024 * 1024;

const languageOf = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'zh-CN';

/**
 * Data pool exports in the background (issue 14 item 6): `start` records the request and queues a
 * graphile-worker job, which writes the workbook chunk by chunk (keyset, yielding to the event loop
 * between chunks) into a temp file of the export store, counting rows written against the total;
 * the finished file is published atomically and can be downloaded once by the user who asked for
 * it, within an hour. An hourly job removes expired exports and their files.
 */
export class DataPoolExportService {
  constructor(
    private readonly deps: {
      db: Database;
      files: FileStore<'xlsx'>;
      dataPool: Pick<DataPoolService, 'count' | 'export'>;
      enqueue: (payload: ExportJobPayload) => Promise<void>;
    },
  ) {}

  async start(auth: AuthContext, filter: DataPoolExportFilter, language: Language): Promise<string> {
    const repository = new DataPoolExportRepository(this.deps.db);
    const exportId = await repository.insert({
      companyId: auth.companyId,
      userId: auth.userId,
      projectScope: auth.projectScope,
      filter,
      language,
      expiresAt: new Date(Date.now() + DATA_POOL_LIMITS.exportHours * HOUR_MS),
    });
    try {
      await this.deps.enqueue({ companyId: auth.companyId, exportId });
    } catch (error) {
      await repository.update(auth.companyId, exportId, { state: 'failed', error: 'results.exportFailed' });
      throw error;
    }
    return exportId;
  }

  async status(auth: AuthContext, exportId: string, language: Language): Promise<DataPoolExport> {
    const row = await new DataPoolExportRepository(this.deps.db).findOwn(
      auth.companyId,
      auth.userId,
      exportId,
    );
    if (!row) throw notFound();
    return toExport(row, language);
  }

  /**
   * The finished file, once: the download is claimed before the first byte is sent, and the file is
   * removed when the response ends (`release`).
   */
  async download(
    auth: AuthContext,
    exportId: string,
  ): Promise<{ stream: Readable; name: DownloadName; release: () => Promise<void> }> {
    const row = await new DataPoolExportRepository(this.deps.db).claimDownload(
      auth.companyId,
      auth.userId,
      exportId,
    );
    if (!row?.storedName) throw notFound();
    const storedName = row.storedName;
    const stream = await this.deps.files.openRead(storedName);
    return {
      stream,
      name: downloadName('dataPool', languageOf(row.language)),
      release: () => this.deps.files.remove([storedName]),
    };
  }

  /**
   * The job: writes the workbook of one queued export. A retry after a crash or a drain starts it
   * over; a failed export stays failed (its owner starts another). When the drain's `signal` fires,
   * writing stops, the file is discarded and the export is queued again (`ExportHandedBackError`
   * sends the job back), or, on the job's last attempt, failed as interrupted: never left "running".
   */
  async run({ companyId, exportId }: ExportJobPayload, job: ExportJobRun = {}): Promise<void> {
    const repository = new DataPoolExportRepository(this.deps.db);
    const row = await repository.find(companyId, exportId);
    if (!row || row.state === 'ready' || row.state === 'failed' || row.expiresAt.getTime() < Date.now())
      return;
    // The owner's reach when asked (company or assigned projects); no session is needed to read it.
    const auth: AuthContext = {
      sessionId: '',
      userId: row.userId,
      companyId,
      roles: [],
      permissions: new Set(),
      projectScope: row.projectScope === 'assigned' ? 'assigned' : 'company',
    };
    const language = languageOf(row.language);
    await repository.update(companyId, exportId, { state: 'running', rowsWritten: 0, error: null });
    const out = new PassThrough();
    const staging = this.deps.files.stage(out, 'xlsx', {
      maxBytes: MAX_FILE_BYTES,
      tooLarge: () => new Error('data pool export too large'),
    });
    // Awaited below; a failure before then (the directory cannot be made) must not go unhandled.
    staging.catch(() => {});
    const handedBack = abortedBy(job.signal);
    try {
      const total = await this.deps.dataPool.count(auth, row.filter, DATA_POOL_LIMITS.exportRows);
      await repository.update(companyId, exportId, { rowsTotal: total });
      const writing = this.deps.dataPool
        .export(auth, row.filter, language, out, async (rowsWritten) => {
          if (job.signal?.aborted) throw new ExportHandedBackError();
          await repository.update(companyId, exportId, { rowsWritten });
        })
        .catch((error: unknown) => {
          out.destroy(error instanceof Error ? error : new Error(String(error)));
          throw error;
        });
      writing.catch(() => {}); // Raced below; after a hand-back nobody awaits it.
      const [rows, staged] = await Promise.race([Promise.all([writing, staging]), handedBack.promise]);
      if (job.signal?.aborted) throw new ExportHandedBackError();
      await staged.publish();
      await repository.update(companyId, exportId, {
        state: 'ready',
        rowsWritten: rows,
        rowsTotal: rows,
        storedName: staged.storedName,
        fileSize: staged.size,
        expiresAt: new Date(Date.now() + DATA_POOL_LIMITS.exportHours * HOUR_MS),
      });
    } catch (error) {
      out.destroy();
      await staging.then((staged) => staged.discard()).catch(() => {});
      const interrupted = job.signal?.aborted === true;
      if (interrupted && !job.lastAttempt) {
        await repository.update(companyId, exportId, { state: 'queued', rowsWritten: 0, rowsTotal: null });
        throw new ExportHandedBackError();
      }
      const reason = interrupted ? 'results.exportInterrupted' : 'results.exportFailed';
      await repository.update(companyId, exportId, { state: 'failed', error: reason });
      throw error;
    } finally {
      handedBack.dispose();
    }
  }

  /** Removes expired exports and their files, and files no export refers to (a crash mid-job). */
  async expire(now = new Date()): Promise<number> {
    const repository = new DataPoolExportRepository(this.deps.db);
    const expired = await repository.expired(now);
    await this.deps.files.remove(expired.flatMap((row) => (row.storedName ? [row.storedName] : [])));
    const byCompany = new Map<string, string[]>();
    for (const row of expired)
      byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row.id]);
    for (const [companyId, ids] of byCompany) await repository.delete(companyId, ids);
    await this.deps.files.sweep(await repository.storedNames(), 60_000);
    return expired.length;
  }
}

function toExport(row: DataPoolExportRecord, language: Language): DataPoolExport {
  return {
    ExportId: row.id,
    State: row.state as DataPoolExportState,
    RowsWritten: row.rowsWritten,
    RowsTotal: row.rowsTotal,
    Error: row.error
      ? formatMessage(language, isMessageKey(row.error) ? row.error : 'results.exportFailed')
      : null,
    FileName: downloadName('dataPool', languageOf(row.language)).fileName,
    FileSize: row.fileSize,
    ExpiresAt: row.expiresAt.toISOString(),
    Downloaded: row.downloadedAt !== null,
  };
}

/** A promise that rejects when `signal` aborts (never without one); `dispose` stops listening. */
function abortedBy(signal: AbortSignal | undefined) {
  let dispose = () => {};
  const promise = new Promise<never>((_resolve, reject) => {
    if (!signal) return;
    const onAbort = () => reject(new ExportHandedBackError());
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    dispose = () => signal.removeEventListener('abort', onAbort);
  });
  promise.catch(() => {});
  return { promise, dispose };
}
