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

/**
 * The success envelope of a route, serialized by a function compiled from the contract's result
 * schema (fast-json-stringify) into UTF-8 bytes. For the big answers of the analysis (a year's trend
 * is some 70 kB) JSON.stringify took three times as long, and a string answer is measured and
 * encoded again on the way out. Like the schema, it writes only the contract's fields. Errors, which
 * answer HTTP 200 too with their own `Result`, stay with JSON.stringify.
 */
export function compiledEnvelopeSerializer(result: z.ZodType): (data: unknown) => Buffer {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(envelopeSchema(result), { io: 'output' });
  const stringify = fastJson(withTypeLists(schema) as Parameters<typeof fastJson>[0]);
  return (data) =>
    Buffer.from((data as { Code?: unknown }).Code === 0 ? stringify(data) : JSON.stringify(data));
}
