import pg from 'pg';

/** Runs one statement on its own connection (for tests and the test harness). */
export async function queryOnce(url: string, sql: string): Promise<pg.QueryResultRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}
