import { createHash } from 'node:crypto';
import type { DataBackupCounts } from '@measure/contract';
import { type TarSource, writeTar } from './tar-archive.ts';

/** What a manifest (the archive's last entry, `<backupDir>/manifest.json`) says. */
export interface BackupManifest {
  format: 'measure-cloud-backup';
  version: 1;
  backupId: string;
  companyId: string;
  backupDir: string;
  createdAt: string;
  taskIds: string[];
  counts: DataBackupCounts;
  /** The storage keys of the pictures among the files. */
  pictureKeys: string[];
  /** Every other entry of the archive, in order: its path, size, SHA-256 and, for tables, rows. */
  entries: { path: string; size: number; sha256: string; rows?: number }[];
}

export const MANIFEST_NAME = 'manifest.json';
/** Table entries: `<dir>/tables/<table>.jsonl` (projects) or `<dir>/tables/<table>/<taskId>.jsonl`. */
export const TABLE_ENTRY = /^tables\/([a-z_]+)(?:\/[0-9a-f-]{36})?\.jsonl$/;
/**
 * File entries: `<dir>/files/<storage key>` under the prefixes a backup takes files from (device
 * uploads, house type plans, reports, a scan's outputs `scans/<companyId>/<scanId>/...`).
 */
export const FILE_ENTRY =
  /^files\/((?:uploads\/device-files|uploads\/house-maps|reports)\/[A-Za-z0-9_-][A-Za-z0-9._-]*|scans\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/[A-Za-z0-9._/-]+)$/;

/** One entry to write: a table's rows (in memory: one task's at most) or a stored file (streamed). */
export type ArchiveEntry =
  | { kind: 'table'; path: string; table: string; rows: string[] }
  | { kind: 'file'; path: string; size: number; open: () => Promise<AsyncIterable<Buffer | Uint8Array>> };

/**
 * The archive's bytes: each entry hashed on the way, then the manifest and the end blocks (tar-stream
 * writes the headers). `onBytes` reports the bytes of each entry written (progress). A stored file
 * whose size changed since it was planned fails the archive (its header already named the size).
 */
export function archiveBytes(
  directory: string,
  entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>,
  manifest: Omit<BackupManifest, 'entries'>,
  onBytes: (bytes: number) => Promise<void>,
): AsyncGenerator<Buffer> {
  return writeTar(tarSources(directory, entries, manifest, onBytes));
}

async function* tarSources(
  directory: string,
  entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>,
  manifest: Omit<BackupManifest, 'entries'>,
  onBytes: (bytes: number) => Promise<void>,
): AsyncGenerator<TarSource> {
  const listed: BackupManifest['entries'] = [];
  for await (const entry of entries) {
    if (entry.kind === 'table') {
      const data = Buffer.from(entry.rows.length ? `${entry.rows.join('\n')}\n` : '', 'utf8');
      yield { path: `${directory}/${entry.path}`, size: data.length, body: data };
      listed.push({
        path: entry.path,
        size: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        rows: entry.rows.length,
      });
      await onBytes(data.length);
      continue;
    }
    // The body is read by the writer before the next entry is asked for, so `listed` is complete.
    yield { path: `${directory}/${entry.path}`, size: entry.size, body: fileBody(entry, listed, onBytes) };
  }
  const data = Buffer.from(JSON.stringify({ ...manifest, entries: listed }, null, 1), 'utf8');
  yield { path: `${directory}/${MANIFEST_NAME}`, size: data.length, body: data };
}

async function* fileBody(
  entry: Extract<ArchiveEntry, { kind: 'file' }>,
  listed: BackupManifest['entries'],
  onBytes: (bytes: number) => Promise<void>,
): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let written = 0;
  for await (const part of await entry.open()) {
    const chunk = Buffer.isBuffer(part) ? part : Buffer.from(part);
    written += chunk.length;
    if (written > entry.size) throw new Error(`stored file grew while backed up: ${entry.path}`);
    hash.update(chunk);
    yield chunk;
    await onBytes(chunk.length);
  }
  if (written !== entry.size) throw new Error(`stored file shrank while backed up: ${entry.path}`);
  listed.push({ path: entry.path, size: entry.size, sha256: hash.digest('hex') });
}

/** A callback that runs `write` at most once per `intervalMs` (and always for `force`). */
export function throttled(intervalMs: number, write: () => Promise<void>) {
  let last = 0;
  return async (force = false) => {
    const now = Date.now();
    if (!force && now - last < intervalMs) return;
    last = now;
    await write();
  };
}
