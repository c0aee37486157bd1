import type pg from 'pg';
import type { ListedBuilding } from '../../db/json-types.ts';
import { likePattern, type ProjectPageQuery } from './project-repository.ts';

/** A project as the project list shows it, with its buildings and staff. Shared: never mutate one. */
export interface ProjectPageRow {
  id: string;
  name: string;
  address: string | null;
  province: string | null;
  city: string | null;
  district: string | null;
  detailed_address: string | null;
  project_manager: string | null;
  regional_company: string | null;
  is_published: boolean;
  /** ISO 8601 in UTC, milliseconds (as `Date#toISOString` writes them). */
  published_at: string | null;
  created_at: string;
  updated_at: string;
  /** Already in the answer's shape, ordered by sort then number. */
  buildings: ListedBuilding[];
  /** Assigned users, ordered by id. */
  user_ids: string[];
}

const PAGE_ORDER_COLUMNS = { Name: 'name', CreateTime: 'created_at', UpdateTime: 'updated_at' } as const;

/**
 * Which projects a page holds, in order, with each one's row version and the total (a window count
 * over the filtered rows, computed before LIMIT). Absent filters are NULL parameters, so there is one
 * prepared (named) statement per order.
 *
 * The row version is `xmin`, the transaction that wrote the row's current version: every UPDATE of
 * the row writes a new version, and the list's children are columns of the row that database
 * triggers keep (`listed_buildings`, `listed_user_ids`, migration 0013), so any change the list
 * shows changes it. Versions from other transactions never share it, and PostgreSQL keeps it when
 * it freezes a row.
 */
function membersStatement(
  orderBy: ProjectPageQuery['orderBy'],
  ascending: boolean,
): { name: string; text: string } {
  const column = PAGE_ORDER_COLUMNS[orderBy];
  const direction = ascending ? 'asc' : 'desc';
  return {
    name: `project_page_${column}_${direction}`,
    text: `select r.id, r.xmin, (count(*) over ())::int as total
from projects r
where r.company_id = $1
  and ($2::text is null or r.name ilike $2)
  and ($3::uuid is null or r.id = $3)
  and ($4::uuid is null or r.id in
    (select a.project_id from project_users a where a.company_id = $1 and a.user_id = $4))
order by r.${column} ${direction}, r.id
limit $5 offset $6`,
  };
}

/**
 * A time as milliseconds since 1970 (float8, read with parseFloat; a Date made of it drops the
 * microseconds as pg's parser does): pg's timestamp parser (a regular expression and a Date per
 * value) cost more. `date_part` stays in float8; `extract` and `to_char` cost PostgreSQL more.
 */
const epochMs = (column: string) => `date_part('epoch', ${column}) * 1000`;

/** The rows of given projects of a company, with their versions (the cache's misses). */
const ROWS_STATEMENT = {
  name: 'project_page_rows',
  text: `select r.id, r.xmin, r.name, r.address, r.province, r.city, r.district, r.detailed_address,
  r.project_manager, r.regional_company, r.is_published, ${epochMs('r.published_at')} as published_at,
  ${epochMs('r.created_at')} as created_at, ${epochMs('r.updated_at')} as updated_at,
  r.listed_buildings as buildings, r.listed_user_ids as user_ids
from projects r
where r.company_id = $1 and r.id = any($2::uuid[])`,
};

const isoOf = (ms: number) => new Date(ms).toISOString();

/** A row of ROWS_STATEMENT, read as an array (pg's row objects cost more to fill): version and row. */
const versionedRowOf = (row: unknown[]): { version: string; row: ProjectPageRow } => ({
  version: row[1] as string,
  row: {
    id: row[0] as string,
    name: row[2] as string,
    address: row[3] as string | null,
    province: row[4] as string | null,
    city: row[5] as string | null,
    district: row[6] as string | null,
    detailed_address: row[7] as string | null,
    project_manager: row[8] as string | null,
    regional_company: row[9] as string | null,
    is_published: row[10] as boolean,
    published_at: row[11] === null ? null : isoOf(row[11] as number),
    created_at: isoOf(row[12] as number),
    updated_at: isoOf(row[13] as number),
    buildings: row[14] as ListedBuilding[],
    user_ids: row[15] as string[],
  },
});

/**
 * The project list, answered in one round trip when its rows are known: the page statement names the
 * projects and their row versions, and rows this instance has read at the same version come from
 * memory; only new or changed ones are read (a second statement). Reading 16 columns per row, a
 * JSON document among them, was most of a page's cost in Node and a good part of PostgreSQL's. A
 * version is checked on every call, so a row is never older than the database's.
 */
export class ProjectPageReader {
  private readonly statements = new Map<string, { name: string; text: string }>();
  /** Project id -> its row at a version, in the order they were read: the first goes when it is full. */
  private readonly known = new Map<string, { version: string; row: ProjectPageRow }>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly maxRows = 5_000,
  ) {}

  /** One page of projects with the total; `total` is undefined only past the last page. */
  async page(query: ProjectPageQuery): Promise<{ rows: ProjectPageRow[]; total: number | undefined }> {
    const members = await this.pool.query<unknown[]>({
      ...this.statementFor(query),
      values: [
        query.companyId,
        query.nameContains ? likePattern(query.nameContains) : null,
        query.projectId ?? null,
        query.assignedUserId ?? null,
        query.limit,
        query.offset,
      ],
      rowMode: 'array',
    });
    const ids: string[] = [];
    const found = new Map<string, ProjectPageRow>();
    const missing: string[] = [];
    for (const [id, version] of members.rows as [string, string, number][]) {
      ids.push(id);
      const entry = this.known.get(id);
      if (entry?.version === version) found.set(id, entry.row);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const read = await this.pool.query<unknown[]>({
        ...ROWS_STATEMENT,
        values: [query.companyId, missing],
        rowMode: 'array',
      });
      for (const fetched of read.rows.map(versionedRowOf)) {
        this.remember(fetched.row.id, fetched);
        found.set(fetched.row.id, fetched.row);
      }
    }
    // In the page's order; a project deleted between the two statements is left out.
    const rows = ids.flatMap((id) => found.get(id) ?? []);
    const total = (members.rows[0]?.[2] as number | undefined) ?? (query.offset === 0 ? 0 : undefined);
    return { rows, total };
  }

  private statementFor(query: ProjectPageQuery): { name: string; text: string } {
    const key = `${query.orderBy}:${query.ascending}`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = membersStatement(query.orderBy, query.ascending);
      this.statements.set(key, statement);
    }
    return statement;
  }

  private remember(id: string, entry: { version: string; row: ProjectPageRow }): void {
    this.known.delete(id);
    if (this.known.size >= this.maxRows) {
      const oldest = this.known.keys().next();
      if (!oldest.done) this.known.delete(oldest.value);
    }
    this.known.set(id, entry);
  }
}
