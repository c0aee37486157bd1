import { ErrorCode, isMessageKey, type MessageKey } from '@measure/contract';
import type { z } from 'zod';
import { AppError, type FieldProblem } from './app-error.ts';
import { normalizeKeys } from './normalize-input.ts';

/**
 * Form fields of a multipart upload are validated with the contract's schema like a JSON body
 * would be (keys matched ignoring case; Code 400 with a translated message per field).
 */
export function parseFormFields<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const parsed = schema.safeParse(normalizeKeys(raw, schema));
  if (parsed.success) return parsed.data;
  const problems: FieldProblem[] = parsed.error.issues.map((issue) => {
    const field = issue.path
      .map((part, index) =>
        typeof part === 'number' ? `[${part}]` : index === 0 ? String(part) : `.${String(part)}`,
      )
      .join('');
    const value = issue.path.reduce<unknown>(
      (current, part) =>
        current && typeof current === 'object' ? (current as Record<PropertyKey, unknown>)[part] : undefined,
      raw,
    );
    let key: MessageKey = 'validation.invalidValue';
    let params: Record<string, number> = {};
    if (isMessageKey(issue.message)) {
      key = issue.message;
      if (issue.code === 'too_big') params = { max: Number(issue.maximum) };
    } else if (value === undefined || value === null) key = 'validation.required';
    return { field, key, params };
  });
  const first = problems[0];
  throw new AppError(ErrorCode.BadRequest, first?.key ?? 'errors.badRequest', first?.params, problems);
}
