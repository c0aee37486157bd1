/**
 * The commands as an operator runs them (a child process per command, configuration from the
 * environment as the server reads it): exit codes, progress on stdout, one line on a refusal.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { buildHouseType } from '../../test/factories.ts';
import { formatBytes } from './progress.ts';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
/** npm runs the root scripts here; tsx would apply apps/server/tsconfig.json's type-only `paths` elsewhere. */
const repositoryRoot = path.resolve(here, '../../../..');

let t: TestApp;
let work: string;

/** Runs `<name>-command.ts` with only these settings; never throws, returns code and output. */
async function command(name: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(here, `${name}-command.ts`), ...args],
      { cwd: repositoryRoot, env: { PATH: process.env.PATH ?? '', INIT_CWD: work, ...env }, timeout: 60_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await buildHouseType(t);
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-ops-commands-'));
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (work) await fs.rm(work, { recursive: true, force: true });
});

describe('npm run backup / restore', () => {
  it('backs up into a directory given relative to where the command was typed, and restores it', async () => {
    const source = { DATABASE_URL: t.connectionString, DATA_DIR: t.config.dataDir };
    const backup = await command('backup', ['--out', 'nightly'], source);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^table public\.house_maps: \d+ rows \(/m);
    // Which way the database was taken is said (here: no pg_dump of the server's version 18).
    expect(backup.stdout).toMatch(/^database: COPY of every table \(no pg_dump for PostgreSQL 18: /m);
    const plans = await fs.readdir(path.join(t.config.dataDir, 'uploads', 'house-maps'));
    expect(plans).toHaveLength(1);
    const size = formatBytes(
      (await fs.stat(path.join(t.config.dataDir, 'uploads', 'house-maps', plans[0] ?? ''))).size,
    );
    expect(backup.stdout).toContain(`\nobjects copied: 1 in all (${size})\n`);
    expect(backup.stdout).toMatch(
      new RegExp(`^backup complete in [\\d.]+ s: \\d+ tables, 1 objects \\(${size}\\)$`, 'm'),
    );
    expect((await fs.readdir(path.join(work, 'nightly'))).sort()).toEqual([
      'database',
      'manifest.json',
      'objects',
      'objects.ndjson',
    ]);

    const target = await createTestDatabase({ empty: true });
    try {
      const targetDir = path.join(work, 'restored-data');
      const restore = await command('restore', ['nightly'], {
        DATABASE_URL: target.connectionString,
        DATA_DIR: targetDir,
      });
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain(`\nobjects restored: 1 in all (${size})\n`);
      expect(restore.stdout).toMatch(/^restore complete in [\d.]+ s$/m);

      const again = await command('restore', ['nightly'], {
        DATABASE_URL: target.connectionString,
        DATA_DIR: targetDir,
      });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(
        /^the target database \(DATABASE_URL \(.+\)\) is not empty: table public\.\w+, .+\n$/,
      );
    } finally {
      await target.drop();
    }
  });

  it('refuses a missing argument and a directory inside DATA_DIR', async () => {
    const env = { DATABASE_URL: t.connectionString, DATA_DIR: t.config.dataDir };
    expect(await command('backup', [], env)).toMatchObject({
      code: 1,
      stderr: 'usage: npm run backup -- --out DIR\n',
    });
    expect(await command('restore', [], env)).toMatchObject({
      code: 1,
      stderr: 'usage: npm run restore -- DIR\n',
    });
    const inside = path.join(t.config.dataDir, 'backup');
    expect(await command('backup', ['--out', inside], env)).toMatchObject({
      code: 1,
      stderr: `${inside} is inside DATA_DIR (${t.config.dataDir}); choose a directory outside it\n`,
    });
  });
});
