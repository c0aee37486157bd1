import type { z } from 'zod';

/** Minimal view of zod 4's schema definition, enough to walk object shapes. */
interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
/** Never copied: they would reach the prototype of the rebuilt object. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** Lower-cased key -> the schema's spelling, per object shape (built once, not per request). */
const canonicalKeys = new WeakMap<object, Map<string, string>>();

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Schema types whose values never hold keys. */
const LEAF_TYPES = new Set([
  'number',
  'string',
  'boolean',
  'bigint',
  'enum',
  'literal',
  'date',
  'null',
  'nan',
]);
const objectHolding = new WeakMap<z.ZodType, boolean>();

/** Whether values of a schema can be or contain objects (whose keys would need renaming). */
function holdsObjects(schema: z.ZodType): boolean {
  let known = objectHolding.get(schema);
  if (known === undefined) {
    const def = defOf(schema);
    if (WRAPPERS.has(def.type) && def.innerType) known = holdsObjects(def.innerType);
    else if (def.type === 'pipe' && def.in) known = holdsObjects(def.in);
    else if (def.type === 'array' && def.element) known = holdsObjects(def.element);
    else if (def.type === 'union' && def.options) known = def.options.some(holdsObjects);
    else known = !LEAF_TYPES.has(def.type);
    objectHolding.set(schema, known);
  }
  return known;
}

/**
 * Renames body keys to the schema's spelling, ignoring case (`pageSize` -> `PageSize`), at every
 * depth the schema describes. Keys the schema does not know are kept (and ignored by zod).
 */
export function normalizeKeys(value: unknown, schema: z.ZodType): unknown {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return normalizeKeys(value, def.innerType);
  if (def.type === 'pipe' && def.in) return normalizeKeys(value, def.in);
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    const element = def.element;
    // An array of numbers, strings... has no keys to rename: kept as it is (readings hold thousands).
    if (!holdsObjects(element)) return value;
    return value.map((item) => normalizeKeys(item, element));
  }
  if (def.type === 'union' && def.options && isPlainObject(value)) {
    const objectOption = def.options.find((option) => defOf(option).type === 'object');
    return objectOption ? normalizeKeys(value, objectOption) : value;
  }
  if (def.type !== 'object' || !def.shape || !isPlainObject(value)) return value;

  const shape = def.shape;
  let canonical = canonicalKeys.get(shape);
  if (!canonical) {
    canonical = new Map(Object.keys(shape).map((key) => [key.toLowerCase(), key]));
    canonicalKeys.set(shape, canonical);
  }
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const name = canonical.get(key.toLowerCase()) ?? key;
    // An exact spelling wins over another casing of the same key.
    if (Object.hasOwn(result, name) && key !== name) continue;
    const fieldSchema = shape[name];
    result[name] = fieldSchema ? normalizeKeys(item, fieldSchema) : item;
  }
  return result;
}

export class PostDataError extends Error {}

/** `{ "PostData": "<json>" }` is treated as the JSON it holds (spec section 7). */
export function unwrapPostData(body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  const key = Object.keys(body).find((name) => name.toLowerCase() === 'postdata');
  if (key === undefined) return body;
  const raw = body[key];
  if (typeof raw !== 'string') throw new PostDataError('PostData must be a string');
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new PostDataError('PostData is not JSON');
  }
}
