import { envelopeSchema } from '@measure/contract';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type SchemaNode = Record<string, unknown>;

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An `anyOf` of bare types (a nullable enum, say) as one list of types: fast-json-stringify writes a
 * list of types directly, but tests each value against every `anyOf` branch. Serializing needs no
 * enum, so the branches' enums go.
 */
function withTypeLists(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withTypeLists);
  if (!isNode(node)) return node;
  const branches = node.anyOf;
  if (
    Array.isArray(branches) &&
    branches.every(
      (branch) =>
        isNode(branch) &&
        typeof branch.type === 'string' &&
        Object.keys(branch).every((key) => key === 'type' || key === 'enum'),
    )
  ) {
    const { anyOf: _anyOf, ...rest } = node;
    return { ...rest, type: [...new Set(branches.map((branch) => (branch as SchemaNode).type))] };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withTypeLists(value)]));
}

/** Answers shorter than this many characters go as strings (see below). */
const SEND_AS_STRING_BELOW = 16_384;

/**
 * The success envelope of a route, serialized by a function compiled from the contract's result
 * schema (fast-json-stringify). For the big answers of the analysis (a year's trend is some 70 kB)
 * JSON.stringify took three times as long. A big answer goes as UTF-8 bytes, since a string answer
 * is measured and encoded again on the way out; a small one (a list page, some 7 kB) goes as the
 * string, since a Buffer of it is an allocation of its own (outside Node's small-buffer pool) and
 * cost more than the second pass (GetPage: about 10 µs a call). Like the schema, it writes only the
 * contract's fields. Errors, which answer HTTP 200 too with their own `Result`, stay with
 * JSON.stringify.
 */
export function compiledEnvelopeSerializer(result: z.ZodType): (data: unknown) => string | Buffer {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(envelopeSchema(result), { io: 'output' });
  const stringify = fastJson(withTypeLists(schema) as Parameters<typeof fastJson>[0]);
  return (data) => {
    const text = (data as { Code?: unknown }).Code === 0 ? stringify(data) : JSON.stringify(data);
    return text.length < SEND_AS_STRING_BELOW ? text : Buffer.from(text);
  };
}
