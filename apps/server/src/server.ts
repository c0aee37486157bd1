/**
 * The process entry: configuration, logs, database (embedded unless DATABASE_URL), first data,
 * then listen. SIGINT/SIGTERM drain (core/drain.ts: no new connections, every request answered,
 * jobs finished or handed back), then stop the database and exit 0.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import { seedDatabase, SeedError } from './demo/seed.ts';
import { ensureDemoArea } from './demo/demo-area.ts';
import { createLogger } from './logger.ts';
import { createObjectStore } from './core/storage/create-object-store.ts';
import { StorageUnavailableError } from './core/storage/s3-object-store.ts';
import { PasswordHasher } from './modules/auth/password-hasher.ts';
import { OperatorAccountService } from './modules/operator-console/operator-account-service.ts';

/** Longer than the drain (5 s), the jobs' grace (8 s) and graphile-worker's forceful stop (5 s). */
const SHUTDOWN_LIMIT_MS = 25_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const webDist = path.resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));
  config.webDistDir = existsSync(path.join(webDist, 'index.html')) ? webDist : undefined;

  const log = createLogger({ level: config.logLevel, dataDir: config.dataDir });
  // Product files: DATA_DIR or the S3_URL bucket, checked before anything is started.
  const objects = createObjectStore(config);
  try {
    await objects.check();
  } catch (error) {
    if (error instanceof StorageUnavailableError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    logger: {
      info: (message) => log.info({ component: 'postgres' }, message),
      warn: (message) => log.warn({ component: 'postgres' }, message),
      error: (message) => log.error({ component: 'postgres' }, message),
    },
  });

  try {
    const seeded = await seedDatabase(
      database.db,
      new PasswordHasher(config.passwordHashLogN),
      config,
      objects,
    );
    if (seeded !== 'existing') log.info({ seeded }, 'database initialised');
    // The platform's demo area (issue 34 item 3): made at the first start of any database, kept after.
    if (await ensureDemoArea(database.db, new PasswordHasher(config.passwordHashLogN), objects))
      log.info('demo area made');
    if (config.operatorEmail && config.operatorPassword) {
      await new OperatorAccountService(
        database.db,
        new PasswordHasher(config.passwordHashLogN),
      ).ensureOperator({
        email: config.operatorEmail,
        password: config.operatorPassword,
      });
    }
  } catch (error) {
    await database.close();
    if (error instanceof SeedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config, { database, logger: log, overrides: { objectStore: objects } });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'draining: no new connections, answering requests in flight');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    app.drain.begin();
    const { pending } = await app.drain.settle();
    if (pending > 0) log.warn({ pending }, 'connections still open after the drain time: closing');
    await app.close();
    await database.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (!config.webDistDir)
    log.warn('apps/web/dist is missing: only the API is served (run `npm start` to build it)');
  console.log(`Measure Cloud is ready at http://${config.host}:${config.port}${config.basePath}`);
}

main().catch((error: unknown) => {
  console.error('Measure Cloud failed to start:', error);
  process.exit(1);
});
