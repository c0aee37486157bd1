import fs from 'node:fs/promises';
import path from 'node:path';
import { DeviceApiError, DeviceClient } from './device-client.ts';
import { downloadWithResume, fileDigest, type DownloadAttempt } from './package-download.ts';

/**
 * `--update`: the device side of software updates (measurement-api.md section 3). Check for a
 * package newer than the installed version, download it with resume, verify its SHA-256 and size,
 * install it by an atomic rename into the simulator's own directory, and report the result. A failed
 * attempt is retried (bounded, with a doubling pause), resuming the partial file; when the attempts
 * run out the failure is reported with its reason and nothing is installed.
 *
 * The directory (`--update-dir`):
 *   downloads/<UpdateId>.part   the package while it downloads (kept between runs for resume)
 *   installed/<Version>.bin     installed packages
 *   current-version             the installed version (written by rename, so never half-written)
 */
export interface UpdateOptions {
  server: string;
  key: string;
  dir: string;
  /** The running version; default: `current-version` of the directory, or none (the newest package). */
  version?: string;
  /** Attempts of download + check + install (default 3). */
  attempts?: number;
  /** First pause between attempts, doubled each time (default 1000 ms). */
  retryDelayMs?: number;
  /** The HTTP client of the package download (tests cut the connection through it). */
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

export type UpdateOutcome =
  | { state: 'upToDate'; version: string | null }
  | {
      state: 'installed' | 'failed';
      updateId: string;
      version: string;
      /** What was reported to the server. */
      message: string;
      downloads: DownloadAttempt[];
      installedFile: string | null;
    };

const CURRENT = 'current-version';

export async function readInstalledVersion(dir: string): Promise<string | undefined> {
  const text = await fs.readFile(path.join(dir, CURRENT), 'utf8').catch(() => undefined);
  return text?.trim() || undefined;
}

/** Writes a file by rename, so a crash leaves the old content or the new, never a mix. */
async function writeAtomically(file: string, content: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temp, content);
  await fs.rename(temp, file);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runUpdate(options: UpdateOptions): Promise<UpdateOutcome> {
  const log = options.log ?? (() => undefined);
  const client = new DeviceClient(options.server, options.key);
  const running = options.version ?? (await readInstalledVersion(options.dir));
  const update = await client.availableUpdate(running);
  if (!update) {
    log(`no update newer than ${running ?? '(none)'}`);
    return { state: 'upToDate', version: running ?? null };
  }
  log(`update ${update.Version} (${update.Size} bytes, sha256 ${update.Sha256})`);
  const downloads = path.join(options.dir, 'downloads');
  const installed = path.join(options.dir, 'installed');
  await fs.mkdir(downloads, { recursive: true });
  await fs.mkdir(installed, { recursive: true });
  const partial = path.join(downloads, `${update.UpdateId}.part`);
  const target = path.join(installed, `${update.Version}.bin`);
  const attempts = Math.max(1, options.attempts ?? 3);
  const done: DownloadAttempt[] = [];
  let reason = '';

  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      done.push(
        await downloadWithResume({
          url: new URL(update.DownloadUrl, options.server).toString(),
          key: options.key,
          file: partial,
          size: update.Size,
          etag: `"${update.Sha256}"`,
          fetch: options.fetch ?? fetch,
        }),
      );
      const digest = await fileDigest(partial);
      if (digest.size !== update.Size || digest.sha256 !== update.Sha256.toLowerCase()) {
        // A bad file is not resumed (it may have been damaged in transit): the next attempt downloads it whole.
        await fs.rm(partial, { force: true });
        throw new Error(
          `sha256 mismatch: expected ${update.Sha256} (${update.Size} bytes), got ${digest.sha256} (${digest.size} bytes)`,
        );
      }
      await fs.rename(partial, target);
      await writeAtomically(path.join(options.dir, CURRENT), `${update.Version}\n`);
      const message = `installed ${update.Version}: ${update.Size} bytes, sha256 verified`;
      await client.reportUpdate(update.UpdateId, { Success: true, Message: message });
      // The next heartbeat tells the server what now runs.
      await client.heartbeat(100, update.Version);
      log(message);
      return {
        state: 'installed',
        updateId: update.UpdateId,
        version: update.Version,
        message,
        downloads: done,
        installedFile: target,
      };
    } catch (error) {
      if (error instanceof DeviceApiError) throw error;
      reason = error instanceof Error ? error.message : String(error);
      log(`attempt ${attempt}/${attempts} failed: ${reason}`);
      if (attempt < attempts) await pause((options.retryDelayMs ?? 1000) * 2 ** (attempt - 1));
    }
  }
  const message = `install of ${update.Version} failed after ${attempts} attempt(s): ${reason}`;
  await client.reportUpdate(update.UpdateId, { Success: false, Message: message.slice(0, 2000) });
  log(message);
  return {
    state: 'failed',
    updateId: update.UpdateId,
    version: update.Version,
    message,
    downloads: done,
    installedFile: null,
  };
}
