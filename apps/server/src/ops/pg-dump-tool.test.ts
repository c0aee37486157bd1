import { describe, expect, it } from 'vitest';
import {
  choosePgDump,
  choosePgRestore,
  parseToolVersion,
  serverMajor,
  toolConnection,
  type VersionProbe,
} from './pg-dump-tool.ts';

/** A PATH and PG_DUMP of pretend programs: what each prints for --version (absent: cannot run). */
const programs =
  (printed: Record<string, string>): VersionProbe =>
  async (program) => {
    const output = printed[program];
    if (output === undefined) throw Object.assign(new Error(`spawn ${program} ENOENT`), { code: 'ENOENT' });
    return output;
  };

const DEBIAN_15 = 'pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)\n';
const PG_18 = 'pg_dump (PostgreSQL) 18.1\n';

describe('pg_dump version parsing', () => {
  it('reads the major version of release, distribution and pre-release builds', () => {
    expect(parseToolVersion(PG_18)).toEqual({ major: 18, text: 'pg_dump (PostgreSQL) 18.1' });
    expect(parseToolVersion(DEBIAN_15)?.major).toBe(15);
    expect(parseToolVersion('pg_dump (PostgreSQL) 17beta2')?.major).toBe(17);
    expect(parseToolVersion('pg_restore (PostgreSQL) 18.0')?.major).toBe(18);
    expect(parseToolVersion('psql (PostgreSQL) 18.1')).toBeNull();
    expect(parseToolVersion('command not found')).toBeNull();
  });

  it('reads the server major from server_version_num', () => {
    expect(serverMajor(180001)).toBe(18);
    expect(serverMajor(150018)).toBe(15);
  });
});

describe('choosing pg_dump', () => {
  it('uses pg_dump on PATH when it is at least the server version', async () => {
    expect(await choosePgDump(150004, {}, programs({ pg_dump: DEBIAN_15 }))).toEqual({
      use: 'tool',
      program: 'pg_dump',
      version: 'pg_dump (PostgreSQL) 15.18',
      major: 15,
    });
  });

  it('falls back to COPY when the pg_dump on PATH is older than the server, saying why', async () => {
    expect(await choosePgDump(180001, {}, programs({ pg_dump: DEBIAN_15 }))).toEqual({
      use: 'copy',
      reason: 'pg_dump on PATH is pg_dump (PostgreSQL) 15.18, older than PostgreSQL 18',
    });
  });

  it('falls back to COPY when there is no pg_dump at all', async () => {
    expect(await choosePgDump(180001, {}, programs({}))).toEqual({
      use: 'copy',
      reason: 'pg_dump on PATH (pg_dump) cannot be run',
    });
  });

  it('prefers PG_DUMP, and passes over one too old or not a pg_dump to the one on PATH', async () => {
    const path18 = '/usr/lib/postgresql/18/bin/pg_dump';
    expect(
      await choosePgDump(180001, { PG_DUMP: path18 }, programs({ [path18]: PG_18, pg_dump: DEBIAN_15 })),
    ).toMatchObject({ use: 'tool', program: path18, major: 18 });
    expect(
      await choosePgDump(
        180001,
        { PG_DUMP: '/opt/old/pg_dump' },
        programs({ '/opt/old/pg_dump': DEBIAN_15, pg_dump: PG_18 }),
      ),
    ).toMatchObject({ use: 'tool', program: 'pg_dump', major: 18 });
    expect(
      await choosePgDump(180001, { PG_DUMP: '/bin/echo' }, programs({ '/bin/echo': 'hello\n' })),
    ).toEqual({
      use: 'copy',
      reason: 'PG_DUMP (/bin/echo) is not pg_dump; pg_dump on PATH (pg_dump) cannot be run',
    });
  });
});

describe('choosing pg_restore for a pg_dump backup', () => {
  it('takes PG_RESTORE, then the one beside PG_DUMP, then PATH; never one older than the dump', async () => {
    const restore18 = 'pg_restore (PostgreSQL) 18.1\n';
    const restore15 = 'pg_restore (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)\n';
    expect(
      await choosePgRestore(
        18,
        { PG_DUMP: '/pg18/bin/pg_dump' },
        programs({ '/pg18/bin/pg_restore': restore18 }),
      ),
    ).toEqual({ program: '/pg18/bin/pg_restore', version: 'pg_restore (PostgreSQL) 18.1' });
    expect(
      await choosePgRestore(18, { PG_RESTORE: '/x/pg_restore' }, programs({ '/x/pg_restore': restore18 })),
    ).toEqual({ program: '/x/pg_restore', version: 'pg_restore (PostgreSQL) 18.1' });
    expect(await choosePgRestore(18, {}, programs({ pg_restore: restore15 }))).toEqual({
      missing: 'pg_restore on PATH is pg_restore (PostgreSQL) 15.18, older than PostgreSQL 18',
    });
  });
});

describe('the connection a tool gets', () => {
  it('keeps the password off the command line', () => {
    expect(toolConnection('postgres://measure:s%40cret@127.0.0.1:5433/measure')).toMatchObject({
      dbname: 'postgres://measure@127.0.0.1:5433/measure',
      env: expect.objectContaining({ PGPASSWORD: 's@cret' }),
    });
  });
});
