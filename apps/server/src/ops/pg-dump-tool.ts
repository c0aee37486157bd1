/**
 * Which PostgreSQL tool takes (or restores) the database half of a backup. PostgreSQL's own
 * pg_dump is used when one can: `PG_DUMP` (a path) or `pg_dump` on PATH, of a major version at
 * least the server's (an older pg_dump refuses a newer server). The embedded PostgreSQL package
 * ships no pg_dump and Debian 12's is version 15, so without one the backup copies the tables with
 * COPY (database-dump.ts). A restore of a pg_dump backup needs a pg_restore (`PG_RESTORE`, beside
 * the chosen pg_dump, or on PATH) at least as new as the pg_dump that made it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `pg_dump (PostgreSQL) 18.1`, `pg_restore (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)`, `17beta2`. */
export function parseToolVersion(output: string): { major: number; text: string } | null {
  const match = /^(pg_dump|pg_restore) \(PostgreSQL\) (\d+)(?:[.\w-]*)/m.exec(output.trim());
  if (!match) return null;
  return { major: Number(match[2]), text: match[0] };
}

/** `server_version_num` 180001 -> 18. */
export const serverMajor = (versionNum: number): number => Math.floor(versionNum / 10_000);

/** Answers what `<program> --version` printed, or throws (not found, not runnable). */
export type VersionProbe = (program: string) => Promise<string>;

export const probeVersion: VersionProbe = async (program) =>
  (await run(program, ['--version'], { timeout: 10_000 })).stdout;

export type ToolChoice =
  { use: 'tool'; program: string; version: string; major: number } | { use: 'copy'; reason: string };

async function choose(
  name: 'pg_dump' | 'pg_restore',
  candidates: readonly { program: string; source: string }[],
  minimumMajor: number,
  probe: VersionProbe,
): Promise<ToolChoice> {
  const reasons: string[] = [];
  for (const { program, source } of candidates) {
    let output: string;
    try {
      output = await probe(program);
    } catch {
      reasons.push(`${source} (${program}) cannot be run`);
      continue;
    }
    const version = parseToolVersion(output);
    if (!version || !output.startsWith(name)) {
      reasons.push(`${source} (${program}) is not ${name}`);
      continue;
    }
    if (version.major < minimumMajor) {
      reasons.push(`${source} is ${version.text}, older than PostgreSQL ${minimumMajor}`);
      continue;
    }
    return { use: 'tool', program, version: version.text, major: version.major };
  }
  return { use: 'copy', reason: reasons.join('; ') };
}

/** The pg_dump to take a backup of a server of `serverVersionNum` with, or why COPY is used. */
export function choosePgDump(
  serverVersionNum: number,
  env: NodeJS.ProcessEnv,
  probe: VersionProbe = probeVersion,
): Promise<ToolChoice> {
  const candidates = [
    ...(env.PG_DUMP ? [{ program: env.PG_DUMP, source: 'PG_DUMP' }] : []),
    { program: 'pg_dump', source: 'pg_dump on PATH' },
  ];
  return choose('pg_dump', candidates, serverMajor(serverVersionNum), probe);
}

/** The pg_restore for a dump made by pg_dump of `dumpMajor`, or why there is none. */
export async function choosePgRestore(
  dumpMajor: number,
  env: NodeJS.ProcessEnv,
  probe: VersionProbe = probeVersion,
): Promise<{ program: string; version: string } | { missing: string }> {
  const besideDump = env.PG_DUMP ? path.join(path.dirname(env.PG_DUMP), 'pg_restore') : undefined;
  const candidates = [
    ...(env.PG_RESTORE ? [{ program: env.PG_RESTORE, source: 'PG_RESTORE' }] : []),
    ...(besideDump ? [{ program: besideDump, source: 'pg_restore beside PG_DUMP' }] : []),
    { program: 'pg_restore', source: 'pg_restore on PATH' },
  ];
  const choice = await choose('pg_restore', candidates, dumpMajor, probe);
  return choice.use === 'tool'
    ? { program: choice.program, version: choice.version }
    : { missing: choice.reason };
}

/**
 * A libpq connection for a child tool: the connection string without its password, which goes in
 * PGPASSWORD (not on a command line other users can read).
 */
export function toolConnection(connectionString: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}
