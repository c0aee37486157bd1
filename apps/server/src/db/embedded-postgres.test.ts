/**
 * The tests share one data directory, in order, so initdb runs once: the first test creates the
 * cluster and the later ones restart it in the states a crash or a killed parent leaves behind.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  runningServerConnectionString,
  startEmbeddedPostgres,
  type EmbeddedPostgresHandle,
} from './embedded-postgres.ts';
import { queryOnce as query } from '../../test/sql.ts';

const warnings: string[] = [];
const logger = {
  info: () => {},
  warn: (msg: string) => void warnings.push(msg),
  error: (msg: string) => console.error(msg),
};

let root: string;
let dataDir: string;
const handles: EmbeddedPostgresHandle[] = [];

async function start(): Promise<EmbeddedPostgresHandle> {
  const handle = await startEmbeddedPostgres({ dataDir, logger });
  handles.push(handle);
  return handle;
}

async function postmasterPid(): Promise<number> {
  return Number.parseInt(
    (await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]!,
    10,
  );
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie (exited, not yet reaped by a non-reaping PID 1) counts as stopped.
  return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** Runs a Node child that starts the server on dataDir, prints its URL, then runs `then`. */
function spawnStarter(then: string) {
  const moduleUrl = new URL('./embedded-postgres.ts', import.meta.url).href;
  const script = `
    const { startEmbeddedPostgres } = await import(${JSON.stringify(moduleUrl)});
    const quiet = { info() {}, warn() {}, error() {} };
    const handle = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, logger: quiet });
    process.stdout.write(handle.connectionString + '\\n');
    ${then}
  `;
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function runToEnd(child: ReturnType<typeof spawn>) {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-embedded-pg-test-'));
  dataDir = path.join(root, 'pg');
});

afterEach(async () => {
  warnings.length = 0;
  await Promise.all(handles.splice(0).map((handle) => handle.stop()));
});

afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('startEmbeddedPostgres', () => {
  it('initialises a new data directory on first start and answers queries', async () => {
    const handle = await start();
    expect(handle.connectionString).toMatch(/^postgres:\/\/postgres:[0-9a-f]+@127\.0\.0\.1:\d+\/measure$/);
    const rows = await query(
      handle.connectionString,
      "SELECT 1 AS one, current_setting('listen_addresses') AS la",
    );
    expect(rows[0]).toEqual({ one: 1, la: '127.0.0.1' });
    await expect(fs.access(path.join(dataDir, 'PG_VERSION'))).resolves.toBeUndefined();
    const passwordFile = await fs.stat(path.join(root, 'pg-password'));
    expect(passwordFile.mode & 0o777).toBe(0o600);
  });

  it('reuses the existing data on the next start', async () => {
    const first = await start();
    await query(first.connectionString, 'CREATE TABLE kept (id int); INSERT INTO kept VALUES (42)');
    await first.stop();
    const second = await start();
    expect(await query(second.connectionString, 'SELECT id FROM kept')).toEqual([{ id: 42 }]);
  });

  it('recovers from a stale postmaster.pid naming a dead or unrelated process', async () => {
    const pidFile = path.join(dataDir, 'postmaster.pid');
    const handle = await start();
    const lockContent = await fs.readFile(pidFile, 'utf8');
    await handle.stop();

    // A dead PID (an exited child), as after a crash.
    const dead = spawn('true');
    await once(dead, 'exit');
    await fs.writeFile(pidFile, lockContent.replace(/^\d+/, String(dead.pid)));
    const afterDead = await start();
    expect(await query(afterDead.connectionString, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(warnings).toContainEqual(expect.stringContaining('removing stale'));
    warnings.length = 0;
    await afterDead.stop();

    // A PID reused by a live process that is not postgres: postgres alone would refuse to start.
    const unrelated = spawn('sleep', ['60']);
    try {
      await fs.writeFile(pidFile, lockContent.replace(/^\d+/, String(unrelated.pid)));
      const afterUnrelated = await start();
      expect(await query(afterUnrelated.connectionString, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(warnings).toContainEqual(expect.stringContaining('removing stale'));
      expect(unrelated.exitCode).toBeNull(); // left alone
    } finally {
      unrelated.kill();
    }
  });

  it('stops an orphaned postgres left by a killed parent and starts again', async () => {
    // A separate Node process starts the server and is then SIGKILLed, orphaning postgres.
    const parent = spawnStarter('setInterval(() => {}, 1000);');
    const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
    const orphanUrl = line.toString().trim();
    const orphanPid = await postmasterPid();
    parent.kill('SIGKILL');
    await once(parent, 'exit');
    expect(await query(orphanUrl, 'SELECT 1 AS one')).toEqual([{ one: 1 }]); // still running, parentless

    const handle = await start();
    expect(warnings).toContainEqual(
      expect.stringContaining(`stopping orphaned PostgreSQL (pid ${orphanPid})`),
    );
    expect(isRunning(orphanPid)).toBe(false);
    expect(await postmasterPid()).not.toBe(orphanPid);
    expect(await query(handle.connectionString, 'SELECT id FROM kept')).toEqual([{ id: 42 }]);
  });

  it('refuses a data directory whose PostgreSQL belongs to another running server, and names its address', async () => {
    const owner = spawnStarter(
      "process.on('SIGTERM', () => handle.stop().then(() => process.exit(0))); setInterval(() => {}, 1000);",
    );
    try {
      const [line] = (await once(owner.stdout!, 'data')) as [Buffer];
      const ownerUrl = line.toString().trim();
      const ownerPid = await postmasterPid();
      await expect(start()).rejects.toThrow(/is in use by another running server/);
      expect(isRunning(ownerPid)).toBe(true);
      expect(await query(ownerUrl, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      // What a backup uses to read alongside that server.
      expect(await runningServerConnectionString(dataDir)).toBe(ownerUrl);
    } finally {
      owner.kill('SIGTERM');
      await once(owner, 'exit');
    }
  });

  it('stop() is idempotent, also when called concurrently', async () => {
    const handle = await start();
    const pid = await postmasterPid();
    await Promise.all([handle.stop(), handle.stop()]);
    await handle.stop();
    expect(isRunning(pid)).toBe(false);
    await expect(query(handle.connectionString, 'SELECT 1')).rejects.toThrow();
  });

  it("leaves the process' exit code and signals to the app, yet stops postgres when Node exits", async () => {
    // The package's own exit hooks would force exit code 0 here and print "done is not a function".
    const clean = await runToEnd(spawnStarter('await handle.stop(); process.exitCode = 3;'));
    expect(clean).toMatchObject({ code: 3, stderr: '' });

    // process.exit() without stop(): the 'exit' safety net still shuts postgres down.
    const abrupt = await runToEnd(spawnStarter('process.exit(4);'));
    expect(abrupt).toMatchObject({ code: 4, stderr: '' });
    const pidFile = path.join(dataDir, 'postmaster.pid');
    const deadline = Date.now() + 10_000;
    while (existsSync(pidFile) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(pidFile)).toBe(false); // postgres removes it on a clean shutdown
    await expect(query(abrupt.stdout.trim(), 'SELECT 1')).rejects.toThrow();
  });
});
