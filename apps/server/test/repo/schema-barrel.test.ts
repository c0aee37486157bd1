import { readdirSync } from 'node:fs';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.ts';

/**
 * The schema lives in one file per area (src/db/schema/); src/db/schema.ts is the barrel every import
 * and drizzle.config.ts read. A table left out of the barrel would be invisible to drizzle-kit (its
 * next migration would drop it), so every table of every area file is exported from the barrel.
 */
const dir = new URL('../../src/db/schema/', import.meta.url);

describe('schema barrel', () => {
  it('exports every table of every area file, each area under its own file', async () => {
    const files = readdirSync(dir).filter((name) => name.endsWith('.ts'));
    const inAreas: string[] = [];
    for (const file of files) {
      const area = (await import(new URL(file, dir).href)) as Record<string, unknown>;
      for (const value of Object.values(area)) if (is(value, PgTable)) inAreas.push(getTableName(value));
    }
    const inBarrel = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table));
    expect(inAreas.length).toBeGreaterThan(40);
    expect([...inBarrel].sort()).toEqual([...new Set(inAreas)].sort());
  });
});
