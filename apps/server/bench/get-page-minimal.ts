/**
 * The yardstick of the get-page benchmark: a minimal Fastify + pg server answering one simple
 * query through one prepared statement (10 rows of projects), no logging, no auth. Started by
 * get-page.ts as a child process with DATABASE_URL and PORT.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.post('/minimal', async () => {
  const result = await pool.query({
    name: 'minimal_projects',
    text: 'select id, name, created_at from projects order by created_at desc, id limit 10',
  });
  return { Code: 0, Message: 'ok', Result: result.rows };
});
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('minimal server ready');
