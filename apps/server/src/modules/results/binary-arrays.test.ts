import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import {
  boolColumn,
  flatBool,
  flatFloat8,
  flatInt2,
  flatText,
  float8Column,
  int4Column,
  textColumn,
  uuidColumn,
} from './binary-arrays.ts';

// PostgreSQL itself reads every array back (array_recv): what it answers is what was meant.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let client: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.connectionString });
  await client.connect();
});

afterAll(async () => {
  await client.end();
  await database.drop();
});

async function received(array: Buffer, type: string): Promise<unknown> {
  const { rows } = await client.query<{ value: unknown }>(`select $1::${type} as value`, [array]);
  return rows[0]?.value;
}

describe('binary arrays as PostgreSQL receives them', () => {
  it('carries doubles, small integers and booleans exactly, empty arrays included', async () => {
    const values = [0, -0.1, 1.5, 19_999.9, -20_000, 0.1 + 0.2, 1e-7, 123.456789];
    const flat = flatFloat8([values, null, [2.5]]);
    expect(await received(flat.array, 'float8[]')).toEqual([...values, 2.5]);
    expect(flat.from).toEqual([1, null, 9]);
    expect(flat.to).toEqual([8, null, 9]);
    expect(await received(flatInt2([[0, 1, 2, 3]]).array, 'smallint[]')).toEqual([0, 1, 2, 3]);
    expect(await received(flatBool([[true, false], [true]]).array, 'boolean[]')).toEqual([true, false, true]);
    expect(await received(flatFloat8([null]).array, 'float8[]')).toEqual([]);
  });

  it('carries columns with nulls: integers, doubles, booleans, ids and texts of any character', async () => {
    expect(await received(int4Column([1, null, -7, 2_000_000]), 'int[]')).toEqual([1, null, -7, 2_000_000]);
    expect(await received(float8Column([8.4, null]), 'float8[]')).toEqual([8.4, null]);
    expect(await received(boolColumn([false, null, true]), 'boolean[]')).toEqual([false, null, true]);
    const id = '0b5e6a1c-2f3d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(await received(uuidColumn([id, null]), 'uuid[]')).toEqual([id, null]);
    const texts = ['墙 1', null, 'a "quoted", {braced} \\ text', '', 'NULL'];
    expect(await received(textColumn(texts), 'text[]')).toEqual(texts);
    expect(() => uuidColumn(['not-an-id'])).toThrow(TypeError);
  });

  it('slices flat texts per row, an empty slice for a row without any', async () => {
    const flat = flatText([['p1', 'p2'], [], ['p3']]);
    const { rows } = await client.query<{ slice: string[] }>(
      `select ($1::text[])[f:t] as slice from unnest($2::int[], $3::int[]) as r(f, t)`,
      [flat.array, int4Column(flat.from), int4Column(flat.to)],
    );
    expect(rows.map((row) => row.slice)).toEqual([['p1', 'p2'], [], ['p3']]);
    const none = flatText([[], []]);
    const empty = await client.query<{ slice: string[] }>(
      `select ($1::text[])[f:t] as slice from unnest($2::int[], $3::int[]) as r(f, t)`,
      [none.array, int4Column(none.from), int4Column(none.to)],
    );
    expect(empty.rows.map((row) => row.slice)).toEqual([[], []]);
  });
});
