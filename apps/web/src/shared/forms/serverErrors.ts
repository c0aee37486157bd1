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
