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
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** Matching projects in all (the window count). */
  total: number;
  /** Already in the answer's shape, ordered by sort then number. */
  buildings: ListedBuilding[];
  /** Assigned users, ordered by id. */
  user_ids: string[];
}

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
  r.project_manager, r.regional_company, r.is_published, r.published_at, r.created_at, r.updated_at,
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
  const result = await pool.query<ProjectPageRow>({
    ...statement,
    values: [
      query.companyId,
      query.nameContains ? likePattern(query.nameContains) : null,
      query.projectId ?? null,
      query.assignedUserId ?? null,
      query.limit,
      query.offset,
    ],
  });
  // No row: the total is unknown only beyond the last page (the caller counts then).
  return { rows: result.rows, total: result.rows[0]?.total ?? (query.offset === 0 ? 0 : undefined) };
}
