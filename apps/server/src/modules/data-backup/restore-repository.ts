import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { type ArchiveTable, isArchiveTable } from './data-backup-repository.ts';

const stagingOf = (table: ArchiveTable) => sql.raw(`restore_${table}`);
const tableOf = (table: ArchiveTable) => sql.raw(table);
const identifier = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** Rows handed to jsonb_populate_recordset at once. */
const STAGE_BATCH = 500;

/**
 * The SQL of a restore, all inside its one transaction: an archive's rows go into temporary copies of
 * their tables, references to rows that are gone are cleared (nullable) or the rows dropped (required),
 * then what is not there yet is inserted (`on conflict do nothing`: restoring twice adds nothing).
 */
export class RestoreRepository {
  constructor(private readonly tx: DbExecutor) {}

  async stage(table: ArchiveTable, rows: readonly string[]): Promise<void> {
    if (!isArchiveTable(table)) throw new Error(`not an archive table: ${table}`);
    await this.tx.execute(
      sql`create temp table if not exists ${stagingOf(table)} (like ${tableOf(table)}) on commit drop`,
    );
    for (let start = 0; start < rows.length; start += STAGE_BATCH) {
      const json = `[${rows.slice(start, start + STAGE_BATCH).join(',')}]`;
      await this.tx.execute(sql`insert into ${stagingOf(table)}
        select * from jsonb_populate_recordset(null::${stagingOf(table)}, ${json}::jsonb)`);
    }
  }

  /** Staged rows of another company than `companyId` (an archive that is not the company's). */
  async foreignRows(table: ArchiveTable, companyId: string): Promise<number> {
    const result = await this.tx.execute<{ n: number }>(
      sql`select count(*)::int as n from ${stagingOf(table)} where company_id is distinct from ${companyId}::uuid`,
    );
    return result.rows[0]?.n ?? 0;
  }

  /**
   * Inserts the staged rows that are not there yet; answers how many. Single-column foreign keys
   * whose target is gone are set null where the column allows it; other rows pointing at nothing are
   * left out (their parent was not restored either).
   */
  async insertStaged(table: ArchiveTable): Promise<number> {
    const keys = await this.tx.execute<{
      column: string;
      target: string;
      target_column: string;
      nullable: boolean;
    }>(sql`
      select a.attname as column, c.confrelid::regclass::text as target, af.attname as target_column,
        not a.attnotnull as nullable
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute af on af.attrelid = c.confrelid and af.attnum = c.confkey[1]
      where c.contype = 'f' and c.conrelid = ${table}::regclass and cardinality(c.conkey) = 1`);
    for (const key of keys.rows) {
      const missing = sql`${identifier(key.column)} is not null and not exists (
        select 1 from ${sql.raw(key.target)} target
        where target.${identifier(key.target_column)} = ${stagingOf(table)}.${identifier(key.column)})`;
      if (key.nullable)
        await this.tx.execute(
          sql`update ${stagingOf(table)} set ${identifier(key.column)} = null where ${missing}`,
        );
      else await this.tx.execute(sql`delete from ${stagingOf(table)} where ${missing}`);
    }
    const result = await this.tx.execute(
      sql`insert into ${tableOf(table)} select * from ${stagingOf(table)} on conflict do nothing`,
    );
    return result.rowCount ?? 0;
  }
}
