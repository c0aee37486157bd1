import type pg from 'pg';
import type { ProjectRow } from '@measure/contract';
import { likePattern, type ProjectPageQuery } from './project-repository.ts';

/** One page as the statement answers it: the rows already in the API's shape, and the total. */
interface ProjectPageAnswer {
  items: ProjectRow[];
  /** Matching projects in all (the window count); null when the page has no row. */
  total: number | null;
}

/** A time as the API writes it (`Date.prototype.toISOString`: UTC, milliseconds, `Z`). */
const isoTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const PAGE_ORDER_COLUMNS = { Name: 'name', CreateTime: 'created_at', UpdateTime: 'updated_at' } as const;

/**
 * The project list in one statement: the page of projects with the total (a window count over the
 * filtered rows, computed before LIMIT) and their buildings and staff, which database triggers keep
 * on the project row (`listed_buildings`, `listed_user_ids`, migration 0013): a subquery per row for
 * them cost PostgreSQL more than the rest of the call. PostgreSQL writes the rows as the JSON of
 * `ProjectRow` (the same fields, order and formats as `toRow` in project-service.ts; projects.test.ts
 * compares them), so the server parses one value instead of converting every column. Absent filters
 * are NULL parameters, so there is one prepared (named) statement per order.
 */
function pageStatement(
  orderBy: ProjectPageQuery['orderBy'],
  ascending: boolean,
): { name: string; text: string } {
  const column = PAGE_ORDER_COLUMNS[orderBy];
  const direction = ascending ? 'asc' : 'desc';
  return {
    name: `project_page_${column}_${direction}`,
    text: `select coalesce(json_agg(json_build_object('ProjectId', p.id, 'Name', p.name, 'Address', p.address,
    'Province', p.province, 'City', p.city, 'District', p.district, 'DetailedAddress', p.detailed_address,
    'ProjectManager', p.project_manager, 'RegionalCompany', p.regional_company,
    'BuildingCount', json_array_length(p.listed_buildings), 'DetailsInfo', p.listed_buildings,
    'UserIds', p.listed_user_ids, 'IsPublished', p.is_published, 'PublishTime', ${isoTime('p.published_at')},
    'CreateTime', ${isoTime('p.created_at')}, 'UpdateTime', ${isoTime('p.updated_at')})
    order by p.${column} ${direction}, p.id), '[]'::json) as items,
  max(p.total) as total
from (
  select r.*, (count(*) over ())::int as total
  from projects r
  where r.company_id = $1
    and ($2::text is null or r.name ilike $2)
    and ($3::uuid is null or r.id = $3)
    and ($4::uuid is null or r.id in
      (select a.project_id from project_users a where a.company_id = $1 and a.user_id = $4))
  order by r.${column} ${direction}, r.id
  limit $5 offset $6
) p`,
  };
}

const PAGE_STATEMENTS = new Map<string, { name: string; text: string }>();

/** One page of projects with total, buildings and staff: one round trip (see pageStatement). */
export async function pageProjects(
  pool: pg.Pool,
  query: ProjectPageQuery,
): Promise<{ rows: ProjectRow[]; total: number | undefined }> {
  const key = `${query.orderBy}:${query.ascending}`;
  let statement = PAGE_STATEMENTS.get(key);
  if (!statement) {
    statement = pageStatement(query.orderBy, query.ascending);
    PAGE_STATEMENTS.set(key, statement);
  }
  const result = await pool.query<ProjectPageAnswer>({
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
  const answer = result.rows[0];
  // No row: the total is unknown only beyond the last page (the caller counts then).
  return { rows: answer?.items ?? [], total: answer?.total ?? (query.offset === 0 ? 0 : undefined) };
}
