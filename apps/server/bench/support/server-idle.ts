/** How busy the server and its PostgreSQL are, from /proc (Linux; elsewhere they read 0). */
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; 0 elsewhere). */
export async function cpuMs(pid: number | undefined, withExitedChildren = false): Promise<number> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const own = fields[11]! + fields[12]!;
    const exitedChildren = withExitedChildren ? fields[13]! + fields[14]! : 0;
    return ((own + exitedChildren) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return 0;
  }
}

/** CPU time of the PostgreSQL server (postmaster and all its children), in ms. */
export async function postgresCpuMs(dataDir: string): Promise<number> {
  try {
    const postmaster = Number(
      (await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    // Backends that ended (idle pool connections closing) count through the postmaster's cutime.
    let total = await cpuMs(postmaster, true);
    for (const entry of await fs.readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === postmaster) total += await cpuMs(Number(entry));
    }
    return total;
  } catch {
    return 0;
  }
}

/**
 * Waits until the server and PostgreSQL together use under 5 % of a core over a second (its
 * background jobs are done), for at most 5 minutes.
 */
export async function waitIdle(pid: number | undefined, pgDataDir: string): Promise<void> {
  const until = Date.now() + 300_000;
  const started = Date.now();
  while (Date.now() < until) {
    const before = (await cpuMs(pid)) + (await postgresCpuMs(pgDataDir));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const used = (await cpuMs(pid)) + (await postgresCpuMs(pgDataDir)) - before;
    if (used < 50) {
      console.log(`server and PostgreSQL idle after ${((Date.now() - started) / 1000).toFixed(0)} s`);
      return;
    }
  }
  console.log('server still busy after 5 minutes: measuring anyway');
}

/**
 * Waits until the job queue holds no job due within a minute (the demo seed queues report renderings
 * a few seconds ahead, and the worker polls for them), for at most 5 minutes; then `waitIdle`.
 */
export async function waitJobsDone(
  connectionString: string,
  pid: number | undefined,
  pgDataDir: string,
): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const until = Date.now() + 300_000;
    while (Date.now() < until) {
      const { rows } = await client.query<{ due: number }>(
        `select count(*)::int as due from graphile_worker.jobs where run_at < now() + interval '1 minute'`,
      );
      if (rows[0]?.due === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
  await waitIdle(pid, pgDataDir);
}
