import type pg from 'pg';
import type { ListedBuilding } from '../../db/json-types.ts';
import { likePattern, type ProjectPageQuery } from './project-repository.ts';

/** A row of the project list as one statement answers it: the project, the total, its children. */
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
  /** The times in milliseconds since 1970 (see pageStatement). */
  published_at: number | null;
  created_at: number;
  updated_at: number;
  /** Matching projects in all (the window count). */
  total: number;
  /** Already in the answer's shape, ordered by sort then number. */
  buildings: ListedBuilding[];
  /** Assigned users, ordered by id. */
  user_ids: string[];
}

/**
 * A time as milliseconds since 1970 (float8, read with parseFloat; a Date made of it drops the
 * microseconds as pg's parser does): pg's timestamp parser (a regular expression and a Date per value,
 * three a row) was the biggest single cost of a page in Node. `date_part` stays in float8;
 * `extract` and `to_char` cost PostgreSQL more.
 */
const epochMs = (column: string) => `date_part('epoch', ${column}) * 1000`;

const PAGE_ORDER_COLUMNS = { Name: 'name', CreateTime: 'created_at', UpdateTime: 'updated_at' } as const;

/**
 * The project list in one statement: the page of projects with the total (a window count over the
 * filtered rows, computed before LIMIT) and their buildings and staff, which database triggers keep
 * on the project row (`listed_buildings`, `listed_user_ids`, migration 0013): a subquery per row for
 * them cost PostgreSQL more than the rest of the call. Absent filters are NULL parameters, so there
 * is one prepared (named) statement per order.
 */
function pageStatement(
  orderBy: ProjectPageQuery['orderBy'],
  ascending: boolean,
): { name: string; text: string } {
  const column = PAGE_ORDER_COLUMNS[orderBy];
  const direction = ascending ? 'asc' : 'desc';
  return {
    name: `project_page_${column}_${direction}`,
    text: `select r.id, r.name, r.address, r.province, r.city, r.district, r.detailed_address,
  r.project_manager, r.regional_company, r.is_published, ${epochMs('r.published_at')} as published_at,
  ${epochMs('r.created_at')} as created_at, ${epochMs('r.updated_at')} as updated_at,
  (count(*) over ())::int as total, r.listed_buildings as buildings, r.listed_user_ids as user_ids
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
 * A row of the page statement, read as an array (its select list, in order): pg's own row objects
 * start as a copy of a dictionary-mode object and are filled by column name, which cost more than
 * the rest of the row's reading.
 */
const pageRowOf = (row: unknown[]): ProjectPageRow => ({
  id: row[0] as string,
  name: row[1] as string,
  address: row[2] as string | null,
  province: row[3] as string | null,
  city: row[4] as string | null,
  district: row[5] as string | null,
  detailed_address: row[6] as string | null,
  project_manager: row[7] as string | null,
  regional_company: row[8] as string | null,
  is_published: row[9] as boolean,
  published_at: row[10] as number | null,
  created_at: row[11] as number,
  updated_at: row[12] as number,
  total: row[13] as number,
  buildings: row[14] as ListedBuilding[],
  user_ids: row[15] as string[],
});

const PAGE_STATEMENTS = new Map<string, { name: string; text: string }>();

/** One page of projects with total, buildings and staff: one round trip (see pageStatement). */
export async function pageProjects(
  pool: pg.Pool,
  query: ProjectPageQuery,
): Promise<{ rows: ProjectPageRow[]; total: number | undefined }> {
  const key = `${query.orderBy}:${query.ascending}`;
  let statement = PAGE_STATEMENTS.get(key);
  if (!statement) {
    statement = pageStatement(query.orderBy, query.ascending);
    PAGE_STATEMENTS.set(key, statement);
  }
  const result = await pool.query<unknown[]>({
    ...statement,
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
  const rows = result.rows.map(pageRowOf);
  // No row: the total is unknown only beyond the last page (the caller counts then).
  return { rows, total: rows[0]?.total ?? (query.offset === 0 ? 0 : undefined) };
}
