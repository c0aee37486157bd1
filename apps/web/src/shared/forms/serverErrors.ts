import { isApiError } from '../api/errors.ts';

export interface FormFieldError<N extends string = string> {
  name: N;
  errors: string[];
}

/**
 * The field errors of a failed call (400 validation, 409 duplicate) placed on form fields. Server
 * field names are matched case-insensitively; `aliases` maps other server names onto a form field
 * (`Code` is the email, `SysOrg` the organisation). Errors for fields the form lacks are left out.
 */
export function fieldErrorsFor<N extends string>(
  error: unknown,
  fields: readonly N[],
  aliases: Record<string, N> = {},
): FormFieldError<N>[] {
  if (!isApiError(error)) return [];
  const byName = new Map<N, string[]>();
  for (const item of error.fieldErrors) {
    const field = item.Field.replace(/\[.*$/, '').toLowerCase();
    const alias = Object.entries(aliases).find(([from]) => from.toLowerCase() === field)?.[1];
    const name = alias ?? fields.find((candidate) => candidate.toLowerCase() === field);
    if (!name) continue;
    byName.set(name, [...(byName.get(name) ?? []), item.Message]);
  }
  return [...byName].map(([name, errors]) => ({ name, errors }));
}

/** A form field's path as antd names it: `['Standards', 1, 'Left']`. */
export type FieldPath = (string | number)[];

/** A server field name as path parts: `Classes[0].Standards[1].Left` -> `['Classes', 0, 'Standards', 1, 'Left']`. */
export function fieldPathOf(field: string): FieldPath {
  return [...field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) =>
    match[1] !== undefined ? match[1] : Number(match[2]),
  );
}

export interface NestedFieldErrors {
  /** Errors on form fields (list rows included), grouped per field, ready for `form.setFields`. */
  fields: { name: FieldPath; errors: string[] }[];
  /** Messages for fields the form does not show (to be shown above the form). */
  other: string[];
}

/**
 * The field errors of a failed call (400 rules, 409 duplicates) for forms with lists:
 * `toFormPath` turns a server path (also given as the server's text) into the form's path, or null
 * when the form has no such field.
 */
export function nestedFieldErrors(
  error: unknown,
  toFormPath: (serverPath: FieldPath, field: string) => FieldPath | null,
): NestedFieldErrors {
  const byPath = new Map<string, { name: FieldPath; errors: string[] }>();
  const other: string[] = [];
  if (!isApiError(error)) return { fields: [], other };
  for (const item of error.fieldErrors) {
    const name = toFormPath(fieldPathOf(item.Field), item.Field);
    if (!name) {
      other.push(item.Message);
      continue;
    }
    const key = name.join('.');
    const entry = byPath.get(key) ?? { name, errors: [] };
    entry.errors.push(item.Message);
    byPath.set(key, entry);
  }
  return { fields: [...byPath.values()], other };
}
