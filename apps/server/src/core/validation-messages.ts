import {
  formatMessage,
  isMessageKey,
  type FieldError,
  type Language,
  type MessageKey,
} from '@measure/contract';

/** The parts of a zod issue (as fastify-type-provider-zod passes it on) that we translate. */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** The value at an issue's path in the validated data (`/a/0/b`). */
function valueAt(data: unknown, instancePath: string): unknown {
  let current = data;
  for (const part of instancePath.split('/').filter(Boolean)) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** zod's expected type (`string`, `number`, ...) in the request language. */
function typeName(language: Language, expected: unknown): string {
  const key = `types.${String(expected)}`;
  return isMessageKey(key) ? formatMessage(language, key) : String(expected ?? '');
}

function keyFor(
  issue: ValidationIssue,
  data: unknown,
  language: Language,
): { key: MessageKey; params: Record<string, string | number> } {
  const params = issue.params ?? {};
  const numbers = {
    max: Number(params.maximum ?? ''),
    min: Number(params.minimum ?? ''),
  };
  // Rules of the contract carry a message key as their message.
  if (issue.message && isMessageKey(issue.message)) return { key: issue.message, params: numbers };
  const origin = params.origin;
  switch (issue.keyword) {
    case 'invalid_type': {
      const value = valueAt(data, issue.instancePath);
      return value === undefined || value === null
        ? { key: 'validation.required', params: {} }
        : { key: 'validation.invalidType', params: { expected: typeName(language, params.expected) } };
    }
    case 'too_big':
      if (origin === 'string') return { key: 'validation.tooLong', params: numbers };
      if (origin === 'array') return { key: 'validation.tooManyItems', params: numbers };
      return { key: 'validation.tooBig', params: numbers };
    case 'too_small':
      if (origin === 'string') return { key: 'validation.tooShort', params: numbers };
      if (origin === 'array') return { key: 'validation.tooFewItems', params: numbers };
      return { key: 'validation.tooSmall', params: numbers };
    case 'invalid_format':
      return { key: 'validation.invalidFormat', params: {} };
    default:
      return { key: 'validation.invalidValue', params: {} };
  }
}

/** `/DetailsInfo/0/Stories` -> `DetailsInfo[0].Stories` */
function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('');
}

/** `data` is what was validated (body, query or params), used to tell "missing" from "wrong type". */
export function translateIssues(language: Language, issues: ValidationIssue[], data: unknown): FieldError[] {
  return issues.map((issue) => {
    const { key, params } = keyFor(issue, data, language);
    return { Field: fieldName(issue.instancePath), Message: formatMessage(language, key, params) };
  });
}
