import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Inside a `sql` subquery, a column of the outer query must be written `${table}.column`, never
 * `${table.column}`: in a one-table select Drizzle renders `${table.column}` without its table
 * (`"task_id"`), and inside the subquery that name means the subquery's own column when it has
 * one. That compared site_readings with itself and aggregated every reading of the company for
 * each plan site. So in a `(select ... )` every `${a.b}` must name a table of that subquery's
 * own `from` / `join`.
 */
const root = new URL('../../src/', import.meta.url);
/** The schema's tables (`export const x = pgTable(` in db/schema/<area>.ts): other `${a.b}` are parameters. */
const schemaDir = new URL('db/schema/', root);
const TABLES = new Set(
  readdirSync(schemaDir).flatMap((file) =>
    [...readFileSync(new URL(file, schemaDir), 'utf8').matchAll(/export const (\w+) = pgTable\(/g)].map(
      (match) => match[1] as string,
    ),
  ),
);

function sourceFiles(dir: URL): URL[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const url = new URL(`${entry.name}${entry.isDirectory() ? '/' : ''}`, dir);
    if (entry.isDirectory()) return sourceFiles(url);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [url] : [];
  });
}

/** The text of each `(select ...)` up to its closing parenthesis (nested ones included). */
export function subqueries(text: string): string[] {
  const found: string[] = [];
  const pattern = /\(\s*select\b/gi;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    let depth = 0;
    let end = match.index;
    for (; end < text.length; end += 1) {
      if (text[end] === '(') depth += 1;
      else if (text[end] === ')' && --depth === 0) break;
    }
    found.push(text.slice(match.index, end + 1));
  }
  return found;
}

/** `${a.b}` references in a subquery whose table `a` is not one the subquery selects from. */
export function outerColumns(subquery: string, tables: ReadonlySet<string> = TABLES): string[] {
  const own = new Set(
    [...subquery.matchAll(/\b(?:from|join)\s+\$\{(\w+)\}/gi)].map((match) => match[1] as string),
  );
  return [...subquery.matchAll(/\$\{(\w+)\.(\w+)\}/g)]
    .filter((match) => tables.has(match[1] as string) && !own.has(match[1] as string))
    .map((match) => match[0]);
}

describe('columns of the outer query inside sql subqueries', () => {
  it('finds an outer ${table.column} and accepts ${table}.column and the own table', () => {
    const text =
      'coalesce((select array_agg(r.item_code) from ${siteReadings} r where r.task_id = ${taskSites.taskId}), 1) ' +
      'and (select count(*) from ${userRoles} where ${userRoles.userId} = ${users}.id)';
    const [first, second] = subqueries(text);
    expect(outerColumns(first as string)).toEqual(['${taskSites.taskId}']);
    expect(outerColumns(second as string)).toEqual([]);
    expect(outerColumns('(select 1 from ${tasks} where company_id = ${auth.companyId})')).toEqual([]);
  });

  it('writes every outer column of a subquery as ${table}.column', () => {
    expect(TABLES.size).toBeGreaterThan(40);
    const offending = sourceFiles(root).flatMap((file) =>
      subqueries(readFileSync(file, 'utf8')).flatMap((subquery) =>
        outerColumns(subquery).map((column) => `${file.pathname.split('/src/')[1]}: ${column}`),
      ),
    );
    expect(offending).toEqual([]);
  });
});
