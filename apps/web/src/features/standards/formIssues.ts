import { isMessageKey, type MessageKey } from '@measure/contract/i18n/index';
import type { z } from 'zod';
import {
  fieldPathOf,
  nestedFieldErrors,
  type FieldPath,
  type NestedFieldErrors,
} from '../../shared/forms/serverErrors.ts';

export type { FieldPath };

/** A problem to show: a `messages` key with its parameters (translated by the caller). */
export interface FieldProblem {
  key: MessageKey;
  params: Record<string, number>;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The message key of a zod issue, as the server chooses it (core/validation-messages.ts): the
 * contract's own key when the rule carries one, else a generic key by issue kind. An empty value
 * is "required" whatever the rule says, which reads better than "invalid value".
 */
export function problemOf(issue: z.core.$ZodIssue, value: unknown): FieldProblem {
  const params: Record<string, number> = {};
  if (issue.code === 'too_big') params.max = Number(issue.maximum);
  if (issue.code === 'too_small') params.min = Number(issue.minimum);
  if (isEmpty(value) && (issue.code === 'invalid_type' || issue.message === 'validation.invalidValue'))
    return { key: 'rules.required', params };
  if (isMessageKey(issue.message)) return { key: issue.message, params };
  switch (issue.code) {
    case 'too_big':
      return { key: issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig', params };
    case 'too_small':
      return { key: issue.origin === 'string' ? 'validation.tooShort' : 'validation.tooSmall', params };
    case 'invalid_format':
      return { key: 'validation.invalidFormat', params };
    default:
      return { key: 'validation.invalidValue', params };
  }
}

const keyOf = (path: readonly PropertyKey[]) => path.map(String).join('.');

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data;
  for (const part of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

/**
 * Checks a whole payload with a contract schema and gives the first problem of each field, by path.
 * Forms ask it per field, so cross-field rules (left <= right, the 50 mm gap) land on the field the
 * server would name.
 */
export function problemsByPath(schema: z.ZodType, payload: unknown): Map<string, FieldProblem> {
  const result = schema.safeParse(payload);
  const problems = new Map<string, FieldProblem>();
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const key = keyOf(issue.path);
    if (!problems.has(key)) problems.set(key, problemOf(issue, valueAt(payload, issue.path)));
  }
  return problems;
}

export const problemAt = (problems: Map<string, FieldProblem>, path: FieldPath) => problems.get(keyOf(path));

/**
 * A server field name as a form path: `Classes[0].Standards[1].Left` -> `['Standards', 1, 'Left']`
 * after dropping `prefix` (the item's place in the request). Null when it names nothing below it.
 */
export function formPathOf(field: string, prefix?: RegExp): FieldPath | null {
  const rest = prefix ? field.replace(prefix, '') : field;
  if (prefix && rest === field) return null;
  const parts = fieldPathOf(rest);
  return parts.length ? parts : null;
}

/**
 * The field errors of a failed save (400 rules, 409 duplicates) split into those the form can show
 * on a field (`known` says which paths exist) and the rest.
 */
export function serverFieldErrors(
  error: unknown,
  known: (path: FieldPath) => boolean,
  prefix?: RegExp,
): NestedFieldErrors {
  return nestedFieldErrors(error, (_serverPath, field) => {
    const path = formPathOf(field, prefix);
    return path && known(path) ? path : null;
  });
}
