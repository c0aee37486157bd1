import { isApiError } from '../../shared/api/errors.ts';

export type FieldPath = (string | number)[];

/** A server field name such as `Items[2].DesignValue` as a form path: ['Items', 2, 'DesignValue']. */
export function fieldPathOf(field: string): FieldPath {
  return field
    .split(/\.|(?=\[)/)
    .filter(Boolean)
    .map((part) => (/^\[\d+\]$/.test(part) ? Number(part.slice(1, -1)) : part));
}

/**
 * The field errors of a failed call (400 rules, 409 duplicates) as form field errors, list rows
 * included. Only fields whose first part (compared case-insensitively) the form has are kept; it is
 * renamed to the form's spelling.
 */
export function nestedFieldErrors(
  error: unknown,
  roots: readonly string[],
): { name: FieldPath; errors: string[] }[] {
  if (!isApiError(error)) return [];
  const byPath = new Map<string, { name: FieldPath; errors: string[] }>();
  for (const item of error.fieldErrors) {
    const path = fieldPathOf(item.Field);
    const root = roots.find((candidate) => candidate.toLowerCase() === String(path[0]).toLowerCase());
    if (!root) continue;
    const name = [root, ...path.slice(1)];
    const key = JSON.stringify(name);
    const entry = byPath.get(key) ?? { name, errors: [] };
    entry.errors.push(item.Message);
    byPath.set(key, entry);
  }
  return [...byPath.values()];
}
