/** Opens the database the server uses: DATABASE_URL when given, else the embedded PostgreSQL. */
import path from 'node:path';
import { createDatabaseClient } from './client.ts';
import {
  startEmbeddedPostgres,
  type DatabaseLogger,
  type EmbeddedPostgresHandle,
} from './embedded-postgres.ts';
import { runMigrations } from './migrate.ts';

/** Where the embedded PostgreSQL keeps its data: DATA_DIR/pg. */
export const embeddedDataDir = (dataDir: string) => path.join(dataDir, 'pg');

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  logger: DatabaseLogger;
  /** Starts the embedded PostgreSQL (a test gives its own, to see that it is not called). */
  startEmbedded?: typeof startEmbeddedPostgres;
}) {
  let embedded: EmbeddedPostgresHandle | undefined;
  let connectionString = options.databaseUrl;
  if (!connectionString) {
    embedded = await (options.startEmbedded ?? startEmbeddedPostgres)({
      dataDir: embeddedDataDir(options.dataDir),
      logger: options.logger,
    });
    connectionString = embedded.connectionString;
  }
  const client = createDatabaseClient(connectionString);
  try {
    await runMigrations(client.db);
  } catch (err) {
    await client.close();
    await embedded?.stop();
    throw err;
  }
  let closing: Promise<void> | undefined;
  const close = async () => {
    await client.close();
    await embedded?.stop();
  };
  return {
    db: client.db,
    pool: client.pool,
    genericPlans: client.genericPlans,
    connectionString,
    close: () => (closing ??= close()),
  };
}

export type OpenedDatabase = Awaited<ReturnType<typeof openDatabase>>;
