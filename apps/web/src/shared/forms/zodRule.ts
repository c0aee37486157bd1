import { isMessageKey } from '@measure/contract/i18n/index';
import type { RuleObject } from 'antd/es/form';
import type { z } from 'zod';
import { i18n } from '../i18n/index.ts';
import { registerMessages } from '../i18n/messages.ts';

// Rule failures are `messages` keys; forms are the only users of that namespace.
registerMessages();

type Issue = z.core.$ZodIssue;

/** Translates a contract rule failure: its message is a `messages` key, `{max}`/`{min}` come from the issue. */
export function translateIssue(issue: Issue, value: unknown): string {
  const empty = value === undefined || value === null || value === '';
  const key = isMessageKey(issue.message)
    ? issue.message
    : empty
      ? 'rules.required'
      : 'validation.invalidFormat';
  const params: Record<string, unknown> = {};
  if (issue.code === 'too_big') params.max = Number(issue.maximum);
  if (issue.code === 'too_small') params.min = Number(issue.minimum);
  return i18n.t(key, { ns: 'messages', ...params });
}

/** The first problem of a value against a schema, translated, or null when it is valid. */
export function checkValue(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issue ? translateIssue(issue, value) : null;
}

/** An untouched field (undefined), a cleared one (null, blank text) or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

export interface ZodRuleOptions {
  /**
   * The form requires the field although the schema lets it be missing (the server accepts one of
   * two fields, such as CreateUser's Email or Code): an empty value answers "required".
   */
  required?: boolean;
}

/**
 * An antd Form rule running a shared contract schema, so web and server validate alike. Any value
 * is accepted as input, an untouched (undefined) field included: it never throws but reports.
 */
export function zodRule(schema: z.ZodType, options: ZodRuleOptions = {}): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (options.required && isEmptyValue(value)) {
        throw new Error(i18n.t('messages:rules.required'));
      }
      const problem = checkValue(schema, value);
      if (problem) throw new Error(problem);
    },
  };
}
