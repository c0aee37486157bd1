import { nestedFieldErrors, type FieldPath } from '../../shared/forms/serverErrors.ts';

/**
 * The field errors of a failed template save on the form's fields, list rows included. Only fields
 * whose first part (compared case-insensitively) is one of `roots` are kept, in the form's spelling.
 */
export function templateFieldErrors(
  error: unknown,
  roots: readonly string[],
): { name: FieldPath; errors: string[] }[] {
  return nestedFieldErrors(error, ([first, ...rest]) => {
    const root = roots.find((candidate) => candidate.toLowerCase() === String(first).toLowerCase());
    return root ? [root, ...rest] : null;
  }).fields;
}
