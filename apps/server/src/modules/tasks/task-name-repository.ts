import {
  INSPECTION_KINDS,
  type Language,
  type MessageKey,
  messageCatalogues,
  STAGE_LABELS,
  STAGES,
} from '@measure/contract';
import { type SQL, sql } from 'drizzle-orm';
import { tasks } from '../../db/schema.ts';

/** A catalogue template with each `{name}` replaced by an SQL text (the other characters as text). */
function fill(language: Language, key: MessageKey, values: Record<string, SQL>): SQL {
  const template = messageCatalogues[language][key];
  const pieces: SQL[] = [];
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    if (match.index > last) pieces.push(sql`${template.slice(last, match.index)}::text`);
    pieces.push(values[match[1] as string] ?? sql`${match[0]}::text`);
    last = match.index + match[0].length;
  }
  if (last < template.length) pieces.push(sql`${template.slice(last)}::text`);
  return sql`(${sql.join(pieces, sql` || `)})`;
}

const labelOf = (field: SQL, labels: [code: string, label: string][]): SQL =>
  sql`(case ${field} ${sql.join(
    labels.map(([code, label]) => sql`when ${code}::text then ${label}::text`),
    sql` `,
  )} end)`;

/**
 * A task's name in `language` as SQL, the same text as the contract's `taskNameIn` (the API tests
 * compare them for every kind): what the list searches and sorts by, so a reader finds and orders
 * the names they see. A typed name (no parts) is the name as typed.
 */
export function taskNameSql(language: Language): SQL<string> {
  const part = (name: string) => sql`(${tasks.nameParts} ->> ${name}::text)`;
  const from = sql`(${tasks.nameParts} -> 'floors' ->> 0)`;
  const to = sql`(${tasks.nameParts} -> 'floors' ->> 1)`;
  const stage = labelOf(
    part('stage'),
    STAGES.map((code) => [code, STAGE_LABELS[code][language]]),
  );
  const plan = fill(language, 'tasks.defaultName', { project: part('project'), stage, date: part('date') });
  const remeasure = fill(language, 'workOrders.remeasureName', { order: part('order') });
  const floors = sql`(case when ${from} = ${to} then ${fill(language, 'tasks.nameFloor', { floor: from })}
    else ${fill(language, 'tasks.nameFloors', { from, to })} end)`;
  const inspection = labelOf(
    part('inspection'),
    INSPECTION_KINDS.map((code) => [code, messageCatalogues[language][`tasks.nameInspection.${code}`]]),
  );
  const scope = fill(language, 'tasks.scopeName', { building: part('building'), floors, stage, inspection });
  const sides = sql`array_to_string(array(select jsonb_array_elements_text(${tasks}.name_parts -> 'sides')), '/')`;
  const facade = fill(language, 'externalWalls.taskName', {
    building: part('building'),
    sides,
    floors,
    stage,
  });
  return sql<string>`(case ${part('kind')} when 'plan' then ${plan} when 'remeasure' then ${remeasure}
    when 'scope' then ${scope} when 'facade' then ${facade} else ${tasks.name} end)`;
}
