/**
 * The database an operations command works on, found as the server finds it (db/open-database.ts):
 * DATABASE_URL when set, else the embedded PostgreSQL under DATA_DIR/pg, started by the command.
 * Unlike the server it applies no migrations: a backup must not change what it copies, and a
 * restore checks the target is empty first. startEmbeddedPostgres never takes over the database of
 * a server running on the same DATA_DIR: a backup then reads through that server's PostgreSQL (its
 * snapshot is consistent all the same), a restore is refused.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config.ts';
import {
  DataDirInUseError,
  runningServerConnectionString,
  startEmbeddedPostgres,
  type EmbeddedPostgresHandle,
} from '../db/embedded-postgres.ts';
import { embeddedDataDir } from '../db/open-database.ts';
import type { Progress } from './progress.ts';

export interface CommandDatabase {
  connectionString: string;
  /** Where it is, for progress lines, without credentials. */
  description: string;
  close(): Promise<void>;
}

export class OpsError extends Error {}

export async function openCommandDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  progress: Progress,
  options: { mustExist: boolean; alongsideServer: boolean },
): Promise<CommandDatabase> {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return {
      connectionString: config.databaseUrl,
      description: `DATABASE_URL (${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname})`,
      close: async () => {},
    };
  }
  const pgDir = embeddedDataDir(config.dataDir);
  const initialised = await fs.access(path.join(pgDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (options.mustExist && !initialised) {
    throw new OpsError(`${pgDir} holds no database (DATA_DIR=${config.dataDir}); nothing to back up`);
  }
  // Postgres' own start-up chatter is not progress; its failures come back in the thrown error.
  const quiet = { info: () => {}, warn: () => {}, error: (message: string) => progress.warn(message) };
  let embedded: EmbeddedPostgresHandle;
  try {
    embedded = await startEmbeddedPostgres({ dataDir: pgDir, logger: quiet });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    if (!options.alongsideServer) throw new OpsError(`${error.message} (a restore needs it stopped)`);
    return {
      connectionString: await runningServerConnectionString(pgDir),
      description: `the PostgreSQL of the server running on ${pgDir} (process ${error.serverPid})`,
      close: async () => {},
    };
  }
  return {
    connectionString: embedded.connectionString,
    description: `the embedded PostgreSQL in ${pgDir}`,
    close: embedded.stop,
  };
}
