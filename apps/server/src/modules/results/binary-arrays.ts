/**
 * One-dimensional PostgreSQL arrays in the binary wire format, for the ingest hot path: a batch
 * carries tens of thousands of values, and sent as text each would be written out by JavaScript and
 * parsed back by PostgreSQL (float8in), the biggest part of storing them. A Buffer parameter goes out
 * in binary format (node-postgres), and `$1::float8[]` receives it with array_recv: no text at all.
 *
 * Format (PostgreSQL's array_send): ndim, has-nulls flag, element type OID, then per dimension its
 * length and lower bound (1), then per element its byte length and its bytes, big-endian.
 */

const OID = { bool: 16, int2: 21, int4: 23, text: 25, float8: 701, uuid: 2950 } as const;
const HEADER_BYTES = 20;

/** A buffer for `count` elements of `elementBytes` each, its header written; elements start at byte 20. */
function arrayBuffer(
  oid: number,
  elementBytes: number,
  count: number,
  hasNulls = false,
  bytes = HEADER_BYTES + count * (4 + elementBytes),
): DataView {
  const buffer = Buffer.allocUnsafe(count === 0 ? 12 : bytes);
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  view.setInt32(0, count === 0 ? 0 : 1);
  view.setInt32(4, hasNulls ? 1 : 0);
  view.setInt32(8, oid);
  if (count > 0) {
    view.setInt32(12, count);
    view.setInt32(16, 1);
  }
  return view;
}

const bufferOf = (view: DataView) => Buffer.from(view.buffer, view.byteOffset, view.byteLength);

/** Many rows' arrays as one flat binary array, and each row's slice of it. */
export interface FlatArray {
  array: Buffer;
  /** 1-based inclusive bounds of each row's slice (`flat[from:to]`); null for a row without an array. */
  from: (number | null)[];
  to: (number | null)[];
}

function flatBounds(rows: readonly (ArrayLike<unknown> | null)[]): {
  from: (number | null)[];
  to: (number | null)[];
  count: number;
} {
  const from: (number | null)[] = [];
  const to: (number | null)[] = [];
  let count = 0;
  for (const row of rows) {
    from.push(row === null ? null : count + 1);
    if (row !== null) count += row.length;
    to.push(row === null ? null : count);
  }
  return { from, to, count };
}

// The flat arrays carry every value of a batch: one loop per element type (rather than one loop
// calling a writer per element), so each stays monomorphic. The columns below hold one value per
// row, few enough for a shared loop with a writer.

/** Rows of numbers as one flat `float8[]`. */
export function flatFloat8(rows: readonly (ArrayLike<number> | null)[]): FlatArray {
  const { from, to, count } = flatBounds(rows);
  const view = arrayBuffer(OID.float8, 8, count);
  let offset = HEADER_BYTES;
  for (const row of rows) {
    if (row === null) continue;
    for (let index = 0; index < row.length; index += 1, offset += 12) {
      view.setInt32(offset, 8);
      view.setFloat64(offset + 4, row[index] as number);
    }
  }
  return { array: bufferOf(view), from, to };
}

/** Rows of small integers as one flat `smallint[]`. */
export function flatInt2(rows: readonly (ArrayLike<number> | null)[]): FlatArray {
  const { from, to, count } = flatBounds(rows);
  const view = arrayBuffer(OID.int2, 2, count);
  let offset = HEADER_BYTES;
  for (const row of rows) {
    if (row === null) continue;
    for (let index = 0; index < row.length; index += 1, offset += 6) {
      view.setInt32(offset, 2);
      view.setInt16(offset + 4, row[index] as number);
    }
  }
  return { array: bufferOf(view), from, to };
}

/** Rows of booleans as one flat `boolean[]`. */
export function flatBool(rows: readonly (ArrayLike<boolean> | null)[]): FlatArray {
  const { from, to, count } = flatBounds(rows);
  const view = arrayBuffer(OID.bool, 1, count);
  let offset = HEADER_BYTES;
  for (const row of rows) {
    if (row === null) continue;
    for (let index = 0; index < row.length; index += 1, offset += 5) {
      view.setInt32(offset, 1);
      view.setUint8(offset + 4, row[index] ? 1 : 0);
    }
  }
  return { array: bufferOf(view), from, to };
}

/** One value per row, nulls allowed: a column of `unnest`. */
type Column<T> = readonly (T | null)[];

/** Elements of a fixed size, nulls allowed (written as length -1). */
function fixedColumn<T>(
  oid: number,
  elementBytes: number,
  values: Column<T>,
  write: (view: DataView, offset: number, value: T) => void,
): Buffer {
  const nulls = values.reduce((count, value) => (value === null ? count + 1 : count), 0);
  const bytes = HEADER_BYTES + values.length * 4 + (values.length - nulls) * elementBytes;
  const view = arrayBuffer(oid, elementBytes, values.length, nulls > 0, bytes);
  let offset = HEADER_BYTES;
  for (const value of values) {
    if (value === null) {
      view.setInt32(offset, -1);
      offset += 4;
      continue;
    }
    view.setInt32(offset, elementBytes);
    write(view, offset + 4, value);
    offset += 4 + elementBytes;
  }
  return bufferOf(view);
}

/** An `int[]` column. */
export const int4Column = (values: Column<number>): Buffer =>
  fixedColumn(OID.int4, 4, values, (view, offset, value) => view.setInt32(offset, value));

/** A `float8[]` column. */
export const float8Column = (values: Column<number>): Buffer =>
  fixedColumn(OID.float8, 8, values, (view, offset, value) => view.setFloat64(offset, value));

/** A `boolean[]` column. */
export const boolColumn = (values: Column<boolean>): Buffer =>
  fixedColumn(OID.bool, 1, values, (view, offset, value) => view.setUint8(offset, value ? 1 : 0));

/** A `uuid[]` column (ids as PostgreSQL writes them: 32 hex digits with dashes). */
export const uuidColumn = (values: Column<string>): Buffer =>
  fixedColumn(OID.uuid, 16, values, (view, offset, value) => {
    const hex = value.replaceAll('-', '');
    if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new TypeError(`not a uuid: ${value}`);
    for (let byte = 0; byte < 16; byte += 1) {
      view.setUint8(offset + byte, Number.parseInt(hex.slice(byte * 2, byte * 2 + 2), 16));
    }
  });

/** A `text[]` column: each element its UTF-8 bytes, so nothing needs quoting or escaping. */
export function textColumn(values: Column<string>): Buffer {
  const encoded = values.map((value) => (value === null ? null : Buffer.from(value, 'utf8')));
  const nulls = encoded.reduce((count, value) => (value === null ? count + 1 : count), 0);
  const bytes = encoded.reduce((sum, value) => sum + 4 + (value?.length ?? 0), HEADER_BYTES);
  const view = arrayBuffer(OID.text, 0, values.length, nulls > 0, bytes);
  const buffer = bufferOf(view);
  let offset = HEADER_BYTES;
  for (const value of encoded) {
    view.setInt32(offset, value === null ? -1 : value.length);
    offset += 4;
    if (value === null) continue;
    value.copy(buffer, offset);
    offset += value.length;
  }
  return buffer;
}

/** Rows of texts as one flat `text[]` and each row's slice of it (see FlatArray). */
export function flatText(rows: readonly (readonly string[] | null)[]): FlatArray {
  const { from, to } = flatBounds(rows);
  return { array: textColumn(rows.flatMap((row) => row ?? [])), from, to };
}
