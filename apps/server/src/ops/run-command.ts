/**
 * The frame of an operations command: configuration as the server reads it, the database opened
 * as the server opens it (command-database.ts), the object store, and an exit code. Expected
 * failures (OpsError, ConfigError) print one clear message; anything else prints its stack.
 */
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, type AppConfig } from '../config.ts';
import { createObjectStore } from '../core/storage/create-object-store.ts';
import type { ObjectStore } from '../core/storage/object-store.ts';
import { StorageUnavailableError } from '../core/storage/s3-object-store.ts';
import { OpsError } from './command-database.ts';
import { consoleProgress, type Progress } from './progress.ts';

export interface CommandContext {
  config: AppConfig;
  args: ReturnType<typeof parseArgs>;
  progress: Progress;
  /** A path given on the command line, relative to where `npm run` was started. */
  resolvePath(given: string): string;
  openStore(): Promise<{ store: ObjectStore; description: string }>;
}

export function usage(text: string): never {
  throw new OpsError(`usage: ${text}`);
}

export async function runCommand(
  argsConfig: ParseArgsConfig,
  main: (context: CommandContext) => Promise<void>,
): Promise<void> {
  let code = 0;
  try {
    let args;
    try {
      args = parseArgs({ ...argsConfig, args: process.argv.slice(2) });
    } catch (error) {
      throw new OpsError((error as Error).message);
    }
    const config = loadConfig();
    // npm runs scripts in the package's directory; INIT_CWD is where the operator typed the command.
    const base = process.env.INIT_CWD ?? process.cwd();
    await main({
      config,
      args,
      progress: consoleProgress,
      resolvePath: (given) => path.resolve(base, given),
      openStore: async () => {
        const store = createObjectStore(config);
        await store.check();
        return { store, description: describeStore(store, config) };
      },
    });
  } catch (error) {
    code = 1;
    const expected = [OpsError, ConfigError, StorageUnavailableError].some((type) => error instanceof type);
    if (expected) process.stderr.write(`${(error as Error).message}\n`);
    else process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
  }
  process.exit(code);
}

export function describeStore(store: ObjectStore, config: Pick<AppConfig, 'dataDir'>): string {
  return store.kind === 'local' ? `local disk under DATA_DIR ${config.dataDir}` : 'the bucket of S3_URL';
}

/** A backup inside DATA_DIR would copy itself (local store) or be taken for stored objects. */
export function refuseInsideDataDir(dir: string, config: Pick<AppConfig, 'dataDir'>): void {
  const relative = path.relative(config.dataDir, dir);
  if (!relative.startsWith('..') && !path.isAbsolute(relative)) {
    throw new OpsError(`${dir} is inside DATA_DIR (${config.dataDir}); choose a directory outside it`);
  }
}
