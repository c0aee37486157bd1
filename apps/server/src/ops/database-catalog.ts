/**
 * What a backup and a restore read from PostgreSQL's catalog: the tables with their copied columns,
 * the sequences, the migration levels, and every object a restore would have to remove again.
 * Migration bookkeeping (schema `drizzle`, table graphile_worker.migrations) is not data: a
 * restore recreates it by running the migrations.
 */
import type pg from 'pg';

/** Schemas PostgreSQL owns; everything else in a database is the product's. */
const SYSTEM_SCHEMA = `(n.nspname IN ('pg_catalog', 'information_schema') OR n.nspname LIKE 'pg\\_%')`;
/** Objects an extension installed belong to it, not to the product. */
const notExtensionMember = (catalog: string, oid: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = ${oid} AND d.deptype = 'e')`;

export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (schema: string, name: string) => `${quoteName(schema)}.${quoteName(name)}`;

export interface TableColumns {
  schema: string;
  table: string;
  /** Stored columns in order; generated columns are left out (PostgreSQL computes them again). */
  columns: string[];
}

export async function listTables(client: pg.ClientBase): Promise<TableColumns[]> {
  const { rows } = await client.query<TableColumns>(`
    SELECT n.nspname AS schema, c.relname AS table,
           array_agg(a.attname::text ORDER BY a.attnum) AS columns
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE c.relkind = 'r' AND c.relpersistence <> 't' AND NOT ${SYSTEM_SCHEMA}
      AND n.nspname <> 'drizzle' AND NOT (n.nspname = 'graphile_worker' AND c.relname = 'migrations')
      AND ${notExtensionMember('pg_class', 'c.oid')}
    GROUP BY n.nspname, c.relname
    ORDER BY n.nspname, c.relname`);
  return rows;
}

export async function listSequences(client: pg.ClientBase): Promise<{ schema: string; name: string }[]> {
  const { rows } = await client.query<{ schema: string; name: string }>(`
    SELECT n.nspname AS schema, c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'S' AND NOT ${SYSTEM_SCHEMA} AND n.nspname <> 'drizzle'
      AND NOT (n.nspname = 'graphile_worker' AND c.relname LIKE 'migrations%')
      AND ${notExtensionMember('pg_class', 'c.oid')}
    ORDER BY 1, 2`);
  return rows;
}

export interface MigrationLevels {
  schema: { count: number; lastCreatedAt: number; lastHash: string };
  jobs: number;
}

/** The applied migrations: drizzle's (the product schema) and graphile-worker's (the job queue). */
export async function readMigrationLevels(client: pg.ClientBase): Promise<MigrationLevels> {
  const drizzle = await client.query<{ count: number; hash: string | null; created_at: string | null }>(`
    SELECT (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS count, hash, created_at
    FROM (SELECT 1) one
    LEFT JOIN (SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1) m ON true`);
  const jobs = await client.query<{ id: number }>(
    'SELECT coalesce(max(id), 0)::int AS id FROM graphile_worker.migrations',
  );
  const row = drizzle.rows[0];
  return {
    schema: {
      count: row?.count ?? 0,
      lastCreatedAt: Number(row?.created_at ?? 0),
      lastHash: row?.hash ?? '',
    },
    jobs: jobs.rows[0]?.id ?? 0,
  };
}

export interface UserObject {
  /** "table public.companies", "schema drizzle": for the refusal message. */
  label: string;
  /** The statement that removes it again. */
  drop: string;
}

/**
 * Everything in the database that is not PostgreSQL's or an extension's: schemas (except the
 * empty `public` every database has), relations, routines and types in any schema, the product's
 * tables first (they name the problem best). An empty list means an empty database.
 */
export async function listUserObjects(client: pg.ClientBase): Promise<UserObject[]> {
  const { rows } = await client.query<UserObject>(`
    SELECT format('schema %I', n.nspname) AS label, format('DROP SCHEMA IF EXISTS %I CASCADE', n.nspname) AS drop, 1 AS rank
    FROM pg_namespace n
    WHERE NOT ${SYSTEM_SCHEMA} AND n.nspname <> 'public' AND ${notExtensionMember('pg_namespace', 'n.oid')}
    UNION ALL
    SELECT format('%s %I.%I', k.word, n.nspname, c.relname), format('DROP %s IF EXISTS %I.%I CASCADE', k.word, n.nspname, c.relname),
           CASE WHEN n.nspname = 'public' AND k.word = 'table' THEN 0 ELSE 2 END
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN (VALUES ('r', 'table'), ('p', 'table'), ('v', 'view'), ('m', 'materialized view'),
                 ('S', 'sequence'), ('f', 'foreign table')) k(kind, word) ON k.kind = c.relkind::text
    WHERE NOT ${SYSTEM_SCHEMA} AND ${notExtensionMember('pg_class', 'c.oid')}
    UNION ALL
    SELECT format('routine %s', p.oid::regprocedure), format('DROP ROUTINE IF EXISTS %s CASCADE', p.oid::regprocedure), 3
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE NOT ${SYSTEM_SCHEMA} AND ${notExtensionMember('pg_proc', 'p.oid')}
    UNION ALL
    SELECT format('type %I.%I', n.nspname, t.typname), format('DROP TYPE IF EXISTS %I.%I CASCADE', n.nspname, t.typname), 4
    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE t.typtype IN ('e', 'd', 'r', 'm') AND NOT ${SYSTEM_SCHEMA} AND ${notExtensionMember('pg_type', 't.oid')}
    ORDER BY rank, label`);
  return rows;
}

/**
 * Tables ordered so that every table comes after the tables its foreign keys point to (a table's
 * references to itself are checked at the end of its own COPY, so they do not count).
 */
export async function foreignKeyOrder(
  client: pg.ClientBase,
  tables: TableColumns[],
): Promise<TableColumns[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(`
    SELECT format('%s.%s', cn.nspname, c.relname) AS child, format('%s.%s', pn.nspname, p.relname) AS parent
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = c.relnamespace
    JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = p.relnamespace
    WHERE k.contype = 'f' AND k.conrelid <> k.confrelid`);
  const key = (table: TableColumns) => `${table.schema}.${table.table}`;
  const parents = new Map<string, Set<string>>(tables.map((table) => [key(table), new Set()]));
  for (const { child, parent } of rows) if (parents.has(parent)) parents.get(child)?.add(parent);
  const ordered: TableColumns[] = [];
  const placed = new Set<string>();
  let remaining = tables;
  while (remaining.length > 0) {
    const ready = remaining.filter((table) =>
      [...(parents.get(key(table)) ?? [])].every((p) => placed.has(p)),
    );
    if (ready.length === 0) {
      throw new Error(`foreign keys form a cycle among ${remaining.map(key).join(', ')}`);
    }
    for (const table of ready) placed.add(key(table));
    ordered.push(...ready);
    remaining = remaining.filter((table) => !placed.has(key(table)));
  }
  return ordered;
}
